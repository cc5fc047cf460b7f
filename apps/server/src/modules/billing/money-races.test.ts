import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, PAYMENT_SYSTEMS, formatMoney, parseMoney } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { billingProfiles, payments, transactions } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../../providers/payments/sandbox/sandbox-provider.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { creditLocked } from './payment-events.js';
import * as repo from './payments.repo.js';
import { ensureBillingProfile } from '../plans/profiles.repo.js';

/*
 * Money moved by two calls at the same time. On PGlite every transaction runs alone, so these cases
 * prove the outcomes there and race for real on PostgreSQL (TEST_DATABASE_URL), where CI runs them too.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const staff = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/v1/${url}`,
    headers: admin.auth,
    ...(payload && { payload }),
  });

/** A sandbox checkout that is still pending (as `POST checkout` leaves it). */
async function pendingPayment(userId: number, amount = '40') {
  return repo.insertPayment(t.deps.db, {
    user_id: userId,
    paysystem_id: PAYMENT_SYSTEMS.card,
    amount: formatMoney(parseMoney(amount)),
    total: formatMoney(parseMoney(amount)),
    provider: 'sandbox',
  });
}

/** The sandbox's signed "paid" callback for the payment. */
async function paidCallback(payment: repo.PaymentRow) {
  const body = JSON.stringify(newSandboxEvent('payment.paid', payment.uuid, payment.total));
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(await signingSecret(t.deps.db), body),
    },
    payload: body,
  });
}

const topUpRows = (paymentId: number) =>
  t.deps.db
    .select({ type: transactions.type })
    .from(transactions)
    .where(
      sql`${transactions.reference_type} = 'payment' and ${transactions.reference_id} = ${String(paymentId)}`,
    );

/** Makes `referrerId` the user's referrer (as a sign-up with the referrer's code would). */
async function referredBy(userId: number, referrerId: number) {
  await ensureBillingProfile(t.deps.db, userId);
  await t.deps.db
    .update(billingProfiles)
    .set({ referrer_id: referrerId })
    .where(eq(billingProfiles.user_id, userId));
}

/** Waits until `count` other sessions of this database wait for a lock. */
async function untilWaitingForLocks(count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await rowsOf<{ waiting: number }>(
      t.deps.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting >= count) return;
    if (Date.now() > deadline) throw new Error('nobody waits for the lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('deleting a payment while its callback credits it', () => {
  it('lets exactly one of them win, every time', async () => {
    const { user } = await makeUser(t.database.db);
    for (let round = 0; round < 15; round++) {
      const payment = await pendingPayment(user.id);
      const [deleted, paid] = await Promise.all([
        staff('DELETE', `payments/${payment.id}`),
        paidCallback(payment),
      ]);
      const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, payment.id));
      const rows = await topUpRows(payment.id);
      if (deleted.statusCode === 200) {
        // Deleted first: the callback finds no payment and credits nothing.
        expect(paid.statusCode, paid.body).toBe(404);
        expect(row).toBeUndefined();
        expect(rows).toEqual([]);
      } else {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(paid.json()).toEqual({ received: true, status: 'credited' });
        expect(row?.status).toBe('credited');
        expect(rows.map((r) => r.type)).toEqual(['top_up']);
      }
    }
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 409 to a delete that waited for a callback crediting the payment (held row lock)',
    async () => {
      const { user } = await makeUser(t.database.db);
      const payment = await pendingPayment(user.id);
      let deleting: ReturnType<typeof staff> | undefined;
      await t.deps.db.transaction(async (tx) => {
        // The callback's side: it holds the payment's row lock while it credits.
        const locked = (await repo.lockPayment(tx, { id: payment.id }))!;
        deleting = staff('DELETE', `payments/${payment.id}`);
        await untilWaitingForLocks();
        await creditLocked(tx, locked);
      });
      const deleted = await deleting!;
      expect(deleted.statusCode, deleted.body).toBe(409);
      const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row?.status).toBe('credited');
      expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    },
  );
});

describe('credits, refunds and payouts between users who refer each other', () => {
  it('never deadlock and leave a clean ledger', async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await makeUser(t.database.db));
    const [a, b, c, d] = people.map((person) => person.user);
    // A and B referred each other; C was referred by D.
    const referred = [
      [a!, b!],
      [b!, a!],
      [c!, d!],
    ] as const;
    for (const [user, referrer] of referred) {
      await referredBy(user.id, referrer.id);
    }
    const rounds = 8;
    // Credited payments to refund later, one per user and round, and money to refund them from.
    const toRefund = new Map<number, number[]>();
    for (const person of people) {
      const ids = [];
      for (let i = 0; i < rounds; i++) ids.push((await makeTopUp(t.deps.db, person.user.id, '100')).id);
      toRefund.set(person.user.id, ids);
    }
    const payout = (auth: Headers) =>
      t.call('POST', 'users/referral/payout', auth, { amount: '1.00', method: 'balance' });
    const answers: { kind: string; status: number; body: string }[] = [];
    const tagged = async (kind: string, call: Promise<{ statusCode: number; body: string }>) => {
      const res = await call;
      answers.push({ kind, status: res.statusCode, body: res.body });
    };
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        people.flatMap((person) => [
          tagged(
            'credit',
            staff('PUT', 'payments/change-user-balance', {
              id: person.user.id,
              amount: '30',
              account_id: 1,
              paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
            }),
          ),
          tagged('refund', staff('POST', `payments/${toRefund.get(person.user.id)![round]}/refund`, {})),
          tagged('payout', payout(person.auth)),
        ]),
      );
    }
    const unexpected = answers.filter(
      (answer) =>
        !(answer.kind === 'payout' ? [201, 422] : [200]).includes(answer.status) ||
        (answer.status === 422 &&
          JSON.parse(answer.body).errors?.amount?.[0] !== MESSAGES.referralBalanceLow),
    );
    expect(unexpected).toEqual([]);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'locks in one order when a credit to B (paying A’s commission) meets a refund of A’s payment',
    async () => {
      const [a, b] = [await makeUser(t.database.db), await makeUser(t.database.db)];
      for (const [user, referrer] of [
        [a, b],
        [b, a],
      ] as const) {
        await referredBy(user.user.id, referrer.user.id);
      }
      const paidByA = await makeTopUp(t.deps.db, a.user.id, '100');
      await makeTopUp(t.deps.db, b.user.id, '100');
      const credit = await pendingPayment(b.user.id, '50');
      const calls: Promise<{ statusCode: number; body: string }>[] = [];
      await t.deps.db.transaction(async (tx) => {
        // Hold B's billing profile: the credit stops there, between its accounts and A's commission.
        await tx.select().from(billingProfiles).where(eq(billingProfiles.user_id, b.user.id)).for('update');
        calls.push(paidCallback(credit));
        await untilWaitingForLocks(1);
        calls.push(staff('POST', `payments/${paidByA.id}/refund`, {}));
        await untilWaitingForLocks(2);
      });
      const [credited, refunded] = await Promise.all(calls);
      expect([credited!.statusCode, credited!.body]).toEqual([200, '{"received":true,"status":"credited"}']);
      expect(refunded!.statusCode, refunded!.body).toBe(200);
      expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    },
  );
});
