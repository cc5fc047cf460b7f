import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { formatMoney, parseMoney, type Money } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { accounts, bonusGrants, transactions } from '../../db/schema/index.js';
import { expireDueBonuses } from '../billing/bonus-expiry.js';
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

/** Bonus money the model tracks: what a credit granted, what is left, and when it ends. */
interface ModelGrant {
  id: number;
  remaining: Money;
  expiresAt: number | null;
  expired: boolean;
}

/**
 * The ledger's rules (docs/money.md), written again from the documentation and independent of the code under
 * test: spending takes bonus first, the soonest-expiring grant first (no end date last); a refund goes back in
 * the charge's proportion with the rounding on main, bonus into the grants it was drawn from (the
 * latest-expiring first), and what returns to a grant that has expired meanwhile is written off at once;
 * expiry writes off what is left of every grant past its end.
 */
class LedgerModel {
  main = 0n;
  private grants: ModelGrant[] = [];
  private charges: {
    main: Money;
    bonus: Money;
    refundedMain: Money;
    refundedBonus: Money;
    draws: { grant: ModelGrant; amount: Money; restored: Money }[];
  }[] = [];

  get bonus(): Money {
    return this.grants.reduce((sum, grant) => sum + grant.remaining, 0n);
  }

  grant(amount: Money, expiresAt: number | null) {
    this.grants.push({ id: this.grants.length, remaining: amount, expiresAt, expired: false });
  }

  private draw(amount: Money) {
    const order = [...this.grants].sort(
      (a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity) || a.id - b.id,
    );
    const draws: { grant: ModelGrant; amount: Money; restored: Money }[] = [];
    let left = amount;
    for (const grant of order) {
      const take = grant.remaining < left ? grant.remaining : left;
      if (take <= 0n) continue;
      grant.remaining -= take;
      draws.push({ grant, amount: take, restored: 0n });
      left -= take;
    }
    return draws;
  }

  /** The split a charge must have, or null when the balances cannot cover it. */
  charge(amount: Money): { bonus: Money; main: Money } | null {
    if (amount > this.main + this.bonus) return null;
    const bonus = this.bonus < amount ? this.bonus : amount;
    const main = amount - bonus;
    this.main -= main;
    this.charges.push({ main, bonus, refundedMain: 0n, refundedBonus: 0n, draws: this.draw(bonus) });
    return { bonus, main };
  }

  /** What a charge still holds (the most a refund may give back). */
  leftOf(index: number): Money {
    const c = this.charges[index]!;
    return c.main - c.refundedMain + c.bonus - c.refundedBonus;
  }

  /** The split a refund must have, and the bonus written off again because its grant had expired. */
  refund(index: number, amount: Money): { bonus: Money; main: Money; expired: Money } {
    const c = this.charges[index]!;
    const leftMain = c.main - c.refundedMain;
    const leftBonus = c.bonus - c.refundedBonus;
    const total = c.main + c.bonus;
    let main = (amount * c.main * 2n + total) / (2n * total);
    if (main > leftMain) main = leftMain;
    let bonus = amount - main;
    if (bonus > leftBonus) {
      bonus = leftBonus;
      main = amount - bonus;
    }
    c.refundedMain += main;
    c.refundedBonus += bonus;
    this.main += main;
    let left = bonus;
    let expired = 0n;
    const latestFirst = [...c.draws]
      .reverse()
      .sort((a, b) => (b.grant.expiresAt ?? Infinity) - (a.grant.expiresAt ?? Infinity));
    for (const drawn of latestFirst) {
      const take = drawn.amount - drawn.restored < left ? drawn.amount - drawn.restored : left;
      if (take <= 0n) continue;
      drawn.restored += take;
      if (drawn.grant.expired) expired += take;
      else drawn.grant.remaining += take;
      left -= take;
    }
    if (left > 0n) this.grant(left, null);
    return { bonus, main, expired };
  }

  debitBonus(amount: Money) {
    this.draw(amount);
  }

  /** Writes off every grant past its end; answers the amount. */
  expire(now: number): Money {
    let total = 0n;
    for (const grant of this.grants) {
      if (grant.expiresAt === null || grant.expiresAt > now || grant.remaining === 0n) continue;
      total += grant.remaining;
      grant.remaining = 0n;
      grant.expired = true;
    }
    return total;
  }
}

describe('the ledger invariant (property)', () => {
  it('holds for random sequences of top-ups, charges, refunds, expiries and adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        const user = await newUser();
        let now = Date.now();
        const model = new LedgerModel();
        const charges: Split[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'topUp') {
            const amount = centsToMoney(cmd.amount);
            const extra = centsToMoney(cmd.bonus);
            const expiresAt = now + cmd.bonusDays * DAY;
            await tx(async (db) => {
              await credit(db, user, 'main', amount, { type: 'top_up' });
              if (extra > 0n)
                await credit(
                  db,
                  user,
                  'bonus',
                  extra,
                  { type: 'payment_bonus' },
                  { expiresAt: new Date(expiresAt) },
                );
            });
            model.main += amount;
            if (extra > 0n) model.grant(extra, expiresAt);
          } else if (cmd.kind === 'charge') {
            const amount = centsToMoney(cmd.amount);
            const expected = model.charge(amount);
            if (!expected) {
              await expect(tx((db) => charge(db, user, amount, spend))).rejects.toBeInstanceOf(
                InsufficientFundsError,
              );
              continue;
            }
            const split = await tx((db) => charge(db, user, amount, spend));
            expect({ bonus: split.bonus, main: split.main }).toEqual(expected);
            charges.push(split);
          } else if (cmd.kind === 'refund') {
            const open = charges.map((_, index) => index).filter((index) => model.leftOf(index) > 0n);
            const index = open[cmd.charge % Math.max(open.length, 1)];
            if (index === undefined) continue;
            const left = model.leftOf(index);
            const amount = (left * BigInt(cmd.part)) / 100n || left;
            const expected = model.refund(index, amount);
            const back = await tx((db) => refund(db, user, charges[index]!.entryId, amount, {}));
            const writtenOff = back.transactions
              .filter((row) => row.type === 'bonus_expiry')
              .reduce((sum, row) => sum - parseMoney(row.amount), 0n);
            expect({ bonus: back.bonus, main: back.main, expired: writtenOff }).toEqual(expected);
          } else if (cmd.kind === 'expire') {
            now += cmd.days * DAY;
            const expected = model.expire(now);
            expect(await tx((db) => expireBonuses(db, user, new Date(now)))).toBe(expected);
          } else {
            const amount = centsToMoney(Math.abs(cmd.amount));
            const account = cmd.bonus ? 'bonus' : 'main';
            if (amount === 0n) continue;
            if (cmd.amount > 0) {
              await tx((db) => credit(db, user, account, amount, { type: 'admin_adjustment' }));
              if (cmd.bonus) model.grant(amount, null);
              else model.main += amount;
            } else if (amount > (cmd.bonus ? model.bonus : model.main)) {
              await expect(
                tx((db) => debit(db, user, account, amount, { type: 'admin_adjustment' })),
              ).rejects.toBeInstanceOf(InsufficientFundsError);
            } else {
              await tx((db) => debit(db, user, account, amount, { type: 'admin_adjustment' }));
              if (cmd.bonus) model.debitBonus(amount);
              else model.main -= amount;
            }
          }
          expect(model.main >= 0n && model.bonus >= 0n).toBe(true);
        }
        const actual = await balances(user);
        expect(actual.main).toBe(formatMoney(model.main));
        expect(actual.bonus).toBe(formatMoney(model.bonus));
        const [grants] = await t.deps.db
          .select({ left: sql<string>`coalesce(sum(${bonusGrants.remaining}), 0)::numeric(14,4)::text` })
          .from(bonusGrants)
          .where(eq(bonusGrants.user_id, user));
        expect(grants!.left).toBe(formatMoney(model.bonus));
        const { problems } = await checkLedger(t.deps.db);
        expect(problems.filter((problem) => problem.user_id === user)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
