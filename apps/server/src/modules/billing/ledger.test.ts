import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { formatMoney, parseMoney, type Money } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { accounts, bonusGrants, transactions } from '../../db/schema/index.js';
import { expireDueBonuses } from './bonus-expiry.js';
import {
  InsufficientFundsError,
  balancesOf,
  charge,
  credit,
  debit,
  expireBonuses,
  refund,
  transfer,
  type Split,
} from './ledger.js';
import { checkLedger } from './ledger-check.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

const m = (text: string) => parseMoney(text);
const DAY = 86_400_000;
const tx = <T>(fn: (db: Parameters<Parameters<typeof t.deps.db.transaction>[0]>[0]) => Promise<T>) =>
  t.deps.db.transaction(fn);
const balances = (userId: number) => balancesOf(t.deps.db, userId);
const newUser = async () => (await makeUser(t.database.db)).user.id;
const spend = { type: 'campaign_charge' as const, reference: { type: 'campaign' as const, id: 1 } };

async function expectLedgerOk() {
  const { problems } = await checkLedger(t.deps.db);
  expect(problems).toEqual([]);
}

describe('the ledger', () => {
  it('takes spending from the bonus balance first, then main, and refuses what both cannot cover', async () => {
    const user = await newUser();
    await tx((db) => credit(db, user, 'main', m('100'), { type: 'admin_adjustment' }));
    await tx((db) => credit(db, user, 'bonus', m('30'), { type: 'bonus_program_reward' }));
    const split = await tx((db) =>
      charge(db, user, m('50'), { ...spend, appstore: 1, package: 'com.example.app' }),
    );
    expect([split.bonus, split.main]).toEqual([m('30'), m('20')]);
    expect(split.transactions.map((row) => [row.account, row.amount, row.balance_after])).toEqual([
      ['bonus', '-30.0000', '0.0000'],
      ['main', '-20.0000', '80.0000'],
    ]);
    expect(new Set(split.transactions.map((row) => row.entry_id)).size).toBe(1);
    await expect(tx((db) => charge(db, user, m('80.0001'), spend))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    await expect(tx((db) => debit(db, user, 'bonus', m('1'), spend))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await balances(user)).toEqual({ main: '80.0000', bonus: '0.0000', referral: '0.0000' });
    await expectLedgerOk();
  });

  it('refunds to the accounts a charge came from, in its proportion, never more than was charged', async () => {
    const user = await newUser();
    await tx((db) => credit(db, user, 'main', m('75'), { type: 'admin_adjustment' }));
    await tx((db) => credit(db, user, 'bonus', m('25'), { type: 'bonus_program_reward' }));
    const charged = await tx((db) => charge(db, user, m('100'), spend));
    const first = await tx((db) =>
      refund(db, user, charged.entryId, m('40'), { reference: spend.reference }),
    );
    expect([first.bonus, first.main]).toEqual([m('10'), m('30')]);
    expect(
      first.transactions.every((row) => row.related_entry_id === charged.entryId && row.type === 'refund'),
    ).toBe(true);
    const rest = await tx((db) => refund(db, user, charged.entryId, m('60'), {}));
    expect([rest.bonus, rest.main]).toEqual([m('15'), m('45')]);
    expect(await balances(user)).toEqual({ main: '75.0000', bonus: '25.0000', referral: '0.0000' });
    await expect(tx((db) => refund(db, user, charged.entryId, m('0.0001'), {}))).rejects.toThrow(/exceed/);
    await expectLedgerOk();
  });

  it('expires the unspent part of bonus money, and refunded bonus whose grant had expired meanwhile', async () => {
    const user = await newUser();
    const now = Date.now();
    await tx((db) => credit(db, user, 'main', m('100'), { type: 'admin_adjustment' }));
    await tx((db) =>
      credit(db, user, 'bonus', m('50'), { type: 'payment_bonus' }, { expiresAt: new Date(now + 10 * DAY) }),
    );
    await tx((db) => credit(db, user, 'bonus', m('20'), { type: 'bonus_program_reward' }));
    // The soonest-expiring money is spent first.
    const charged = await tx((db) => charge(db, user, m('30'), spend));
    expect(charged.bonus).toBe(m('30'));
    expect(await tx((db) => expireBonuses(db, user, new Date(now + 5 * DAY)))).toBe(0n);
    expect(await expireDueBonuses(t.deps.db, new Date(now + 11 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await balances(user)).toMatchObject({ main: '100.0000', bonus: '20.0000' });
    const expiry = await t.deps.db
      .select()
      .from(transactions)
      .where(sql`${transactions.user_id} = ${user} and ${transactions.type} = 'bonus_expiry'`);
    expect(expiry.map((row) => [row.amount, row.reference_type])).toEqual([['-20.0000', 'bonus_grant']]);
    // Refunding the charge puts 30 back into the expired grant: it expires again at once.
    const back = await tx((db) => refund(db, user, charged.entryId, m('30'), {}));
    expect(back.transactions.map((row) => [row.type, row.amount])).toEqual([
      ['refund', '30.0000'],
      ['bonus_expiry', '-30.0000'],
    ]);
    expect(await balances(user)).toMatchObject({ main: '100.0000', bonus: '20.0000' });
    await expectLedgerOk();
  });

  it('transfers between accounts as one entry', async () => {
    const user = await newUser();
    await tx((db) => credit(db, user, 'referral', m('12.5'), { type: 'referral_commission' }));
    const rows = await tx((db) => transfer(db, user, 'referral', 'main', m('12.5'), {}));
    expect(rows.map((row) => [row.type, row.account, row.amount])).toEqual([
      ['transfer', 'referral', '-12.5000'],
      ['transfer', 'main', '12.5000'],
    ]);
    await expect(tx((db) => transfer(db, user, 'referral', 'main', m('1'), {}))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await balances(user)).toEqual({ main: '12.5000', bonus: '0.0000', referral: '0.0000' });
  });

  it('lets the database refuse a negative balance and a second crediting of a payment', async () => {
    const user = await newUser();
    await tx((db) => credit(db, user, 'main', m('1'), { type: 'admin_adjustment' }));
    await expect(
      t.deps.db.update(accounts).set({ balance: '-1' }).where(eq(accounts.user_id, user)),
    ).rejects.toThrow();
    const payment = await makeTopUp(t.deps.db, user, '10');
    await expect(
      tx((db) =>
        credit(db, user, 'main', m('10'), { type: 'top_up', reference: { type: 'payment', id: payment.id } }),
      ),
    ).rejects.toThrow();
  });

  it('succeeds exactly 10 times out of 50 simultaneous charges against a balance that covers 10', async () => {
    const user = await newUser();
    await tx((db) => credit(db, user, 'main', m('70'), { type: 'admin_adjustment' }));
    await tx((db) => credit(db, user, 'bonus', m('30'), { type: 'bonus_program_reward' }));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => tx((db) => charge(db, user, m('10'), spend))),
    );
    const ok = results.filter((result) => result.status === 'fulfilled');
    expect(ok).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await balances(user)).toMatchObject({ main: '0.0000', bonus: '0.0000' });
    const splits = ok.map((result) => (result as PromiseFulfilledResult<Split>).value);
    expect(splits.reduce((sum, split) => sum + split.bonus, 0n)).toBe(m('30'));
    await expectLedgerOk();
  });

  it('finds an account whose cached balance disagrees with its rows', async () => {
    const user = await newUser();
    await tx((db) => credit(db, user, 'main', m('5'), { type: 'admin_adjustment' }));
    await t.deps.db
      .update(accounts)
      .set({ balance: '6' })
      .where(sql`${accounts.user_id} = ${user} and type = 'main'`);
    const { problems } = await checkLedger(t.deps.db);
    expect(problems).toEqual([
      expect.objectContaining({ user_id: user, type: 'main', balance: '6.0000', sum_of_rows: '5.0000' }),
    ]);
    await t.deps.db
      .update(accounts)
      .set({ balance: '5' })
      .where(sql`${accounts.user_id} = ${user} and type = 'main'`);
    await expectLedgerOk();
  });
});

type Command =
  | { kind: 'topUp'; amount: number; bonus: number; bonusDays: number }
  | { kind: 'charge'; amount: number }
  | { kind: 'refund'; charge: number; part: number }
  | { kind: 'expire'; days: number }
  | { kind: 'adjust'; amount: number; bonus: boolean };

const cents = (max: number) => fc.integer({ min: 1, max: max * 100 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('topUp' as const),
    amount: cents(500),
    bonus: fc.integer({ min: 0, max: 10_000 }),
    bonusDays: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant('charge' as const), amount: cents(400) }),
  fc.record({
    kind: fc.constant('refund' as const),
    charge: fc.nat(),
    part: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('expire' as const), days: fc.integer({ min: 1, max: 90 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    amount: fc.integer({ min: -20_000, max: 20_000 }),
    bonus: fc.boolean(),
  }),
);
const centsToMoney = (value: number): Money => BigInt(value) * 100n;

describe('the ledger invariant (property)', () => {
  it('holds for random sequences of top-ups, charges, refunds, expiries and adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        const user = await newUser();
        const start = Date.now();
        let now = start;
        // The model: what main and bonus must hold; bonus expiry and refund splits come from the ledger.
        let main = 0n;
        let bonus = 0n;
        const charges: { split: Split; left: Money }[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'topUp') {
            const amount = centsToMoney(cmd.amount);
            const extra = centsToMoney(cmd.bonus);
            await tx(async (db) => {
              await credit(db, user, 'main', amount, { type: 'top_up' });
              if (extra > 0n) {
                await credit(
                  db,
                  user,
                  'bonus',
                  extra,
                  { type: 'payment_bonus' },
                  {
                    expiresAt: new Date(now + cmd.bonusDays * DAY),
                  },
                );
              }
            });
            main += amount;
            bonus += extra;
          } else if (cmd.kind === 'charge') {
            const amount = centsToMoney(cmd.amount);
            if (amount > main + bonus) {
              await expect(tx((db) => charge(db, user, amount, spend))).rejects.toBeInstanceOf(
                InsufficientFundsError,
              );
              continue;
            }
            const split = await tx((db) => charge(db, user, amount, spend));
            const fromBonus = bonus < amount ? bonus : amount;
            expect(split.bonus).toBe(fromBonus);
            expect(split.main).toBe(amount - fromBonus);
            bonus -= split.bonus;
            main -= split.main;
            charges.push({ split, left: amount });
          } else if (cmd.kind === 'refund') {
            const target = charges.filter((c) => c.left > 0n)[cmd.charge % Math.max(charges.length, 1)];
            if (!target) continue;
            const amount = (target.left * BigInt(cmd.part)) / 100n || target.left;
            const back = await tx((db) => refund(db, user, target.split.entryId, amount, {}));
            expect(back.bonus + back.main).toBe(amount);
            target.left -= amount;
            main += back.main;
            for (const row of back.transactions) if (row.account === 'bonus') bonus += parseMoney(row.amount);
          } else if (cmd.kind === 'expire') {
            now += cmd.days * DAY;
            bonus -= await tx((db) => expireBonuses(db, user, new Date(now)));
          } else {
            const amount = centsToMoney(Math.abs(cmd.amount));
            const account = cmd.bonus ? 'bonus' : 'main';
            if (amount === 0n) continue;
            if (cmd.amount > 0) {
              await tx((db) => credit(db, user, account, amount, { type: 'admin_adjustment' }));
              if (cmd.bonus) bonus += amount;
              else main += amount;
            } else if (amount > (cmd.bonus ? bonus : main)) {
              await expect(
                tx((db) => debit(db, user, account, amount, { type: 'admin_adjustment' })),
              ).rejects.toBeInstanceOf(InsufficientFundsError);
            } else {
              await tx((db) => debit(db, user, account, amount, { type: 'admin_adjustment' }));
              if (cmd.bonus) bonus -= amount;
              else main -= amount;
            }
          }
          expect(main >= 0n && bonus >= 0n).toBe(true);
        }
        const actual = await balances(user);
        expect(actual.main).toBe(formatMoney(main));
        expect(actual.bonus).toBe(formatMoney(bonus));
        const [grants] = await t.deps.db
          .select({ left: sql<string>`coalesce(sum(${bonusGrants.remaining}), 0)::numeric(14,4)::text` })
          .from(bonusGrants)
          .where(eq(bonusGrants.user_id, user));
        expect(grants!.left).toBe(formatMoney(bonus));
        const { problems } = await checkLedger(t.deps.db);
        expect(problems.filter((problem) => problem.user_id === user)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
