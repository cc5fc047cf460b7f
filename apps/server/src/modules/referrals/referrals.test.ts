import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Payout, type Referral } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser, registerBody } from '../../../test/factories.js';
import { findUserByEmail } from '../users/users.repo.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { charge, credit } from '../ledger/ledger.js';
import { parseMoney } from '@storelift/shared';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const staff = (url: string, headers: Headers = admin.auth, payload?: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const referrals = async (auth: Headers, q = '') => (await t.call('GET', `users/referrals${q}`, auth)).json();

/** A referrer and users who signed up with the referrer's code (through the real sign-up). */
async function referrerWith(count: number) {
  const referrer = await makeUser(t.database.db);
  const { summary } = await referrals(referrer.auth);
  const referred = [];
  for (let i = 0; i < count; i++) {
    const body = registerBody({ ref: i % 2 ? summary.code.toLowerCase() : summary.code });
    expect((await t.call('POST', 'register', {}, body)).statusCode).toBe(201);
    referred.push((await findUserByEmail(t.deps.db, body.email))!);
  }
  return { referrer, referred, code: summary.code as string };
}

describe('referral program', () => {
  it('gives every user a code and a sign-up link', async () => {
    const { auth } = await makeUser(t.database.db);
    const { summary, data, meta } = await referrals(auth);
    expect(summary.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(summary).toMatchObject({
      link: `http://storelift.test/signup?ref=${summary.code}`,
      percent: '10.0000',
      referrals: 0,
      earned: '0.0000',
      balance: '0.0000',
      pending_payouts: '0.0000',
      payout_min: '50.0000',
    });
    expect(data).toEqual([]);
    expect(meta).toMatchObject({ total: 0, per_page: 5 });
    const profile = (await t.call('GET', 'users/profile', auth)).json().data;
    expect(profile.referral).toEqual({ code: summary.code, link: summary.link });
  });

  it('pays the referrer 10 % of referred users’ credited payments, lists them by spending', async () => {
    const { referrer, referred } = await referrerWith(7);
    await makeTopUp(t.deps.db, referred[0]!.id, '1000');
    await makeTopUp(t.deps.db, referred[1]!.id, '123.45');
    await t.deps.db.transaction((tx) =>
      charge(tx, referred[1]!.id, parseMoney('100'), { type: 'campaign_charge' }),
    );
    const list = await referrals(referrer.auth);
    expect(list.meta).toMatchObject({ total: 7, per_page: 5, last_page: 2 });
    expect(list.data).toHaveLength(5);
    const [top] = list.data as Referral[];
    expect(top).toMatchObject({
      id: referred[1]!.id,
      payments: '123.4500',
      spendings_new: '100.0000',
      earned: '12.3500',
    });
    expect(top!.email).toMatch(/^ne\*\*\*@example\.com$/);
    // 10 % of 123.45 is 12.345: credited in whole cents (12.35), so all of it can be paid out.
    expect(list.summary).toMatchObject({ referrals: 7, earned: '112.3500', balance: '112.3500' });
    const byPayments = (await referrals(referrer.auth, '?sortBy=payments')).data as Referral[];
    expect(byPayments[0]!.id).toBe(referred[0]!.id);
    const transactions = (await t.call('GET', 'transactions?type=referral_commission', referrer.auth)).json();
    expect(transactions.meta.total).toBe(2);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('ignores an unknown code and a user’s own code', async () => {
    const body = registerBody({ ref: 'NOSUCHCD' });
    expect((await t.call('POST', 'register', {}, body)).statusCode).toBe(201);
    const user = (await findUserByEmail(t.deps.db, body.email))!;
    await makeTopUp(t.deps.db, user.id, '100');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('payouts', () => {
  it('moves earnings to the main balance at once, or holds a request staff complete or cancel', async () => {
    const { referrer, referred } = await referrerWith(1);
    await makeTopUp(t.deps.db, referred[0]!.id, '2000');
    const toBalance = await t.call('POST', 'users/referral/payout', referrer.auth, {
      amount: 25,
      method: 'balance',
    });
    expect(toBalance.statusCode, toBalance.body).toBe(201);
    expect(toBalance.json()).toMatchObject({
      message: MESSAGES.payoutRequested,
      data: { amount: '25.0000', method: 'balance', status: 'completed' },
    });
    const small = await t.call('POST', 'users/referral/payout', referrer.auth, {
      amount: 20,
      method: 'paypal',
      details: 'me@pp',
    });
    expect(small.json().errors.amount).toEqual([MESSAGES.payoutMin]);
    const noDetails = await t.call('POST', 'users/referral/payout', referrer.auth, {
      amount: 60,
      method: 'wise',
    });
    expect(noDetails.json().errors.details).toEqual([MESSAGES.payoutDetailsRequired]);
    const tooMuch = await t.call('POST', 'users/referral/payout', referrer.auth, {
      amount: 500,
      method: 'balance',
    });
    expect(tooMuch.json().errors.amount).toEqual([MESSAGES.referralBalanceLow]);

    const first = (
      await t.call('POST', 'users/referral/payout', referrer.auth, {
        amount: 100,
        method: 'paypal',
        details: 'me@pp',
      })
    ).json().data as Payout;
    const second = (
      await t.call('POST', 'users/referral/payout', referrer.auth, {
        amount: 50,
        method: 'crypto',
        details: 'bc1q',
      })
    ).json().data as Payout;
    expect(first.status).toBe('pending');
    let profile = (await t.call('GET', 'users/profile', referrer.auth)).json().data;
    expect(profile.balances).toMatchObject({ main: '25.0000', referral: '25.0000' });
    expect((await referrals(referrer.auth)).summary.pending_payouts).toBe('150.0000');

    const manager = await makeUser(t.database.db, { roles: ['manager'] });
    expect((await staff(`referral/payouts/${first.id}/complete`, manager.auth)).statusCode).toBe(403);
    const completed = await staff(`referral/payouts/${first.id}/complete`);
    expect(completed.json()).toMatchObject({
      message: MESSAGES.payoutCompleted,
      data: { status: 'completed' },
    });
    const canceled = await staff(`referral/payouts/${second.id}/cancel`, admin.auth, {
      note: 'Wrong wallet',
    });
    expect(canceled.json()).toMatchObject({ message: MESSAGES.payoutCanceled, data: { status: 'canceled' } });
    expect((await staff(`referral/payouts/${second.id}/cancel`)).statusCode).toBe(409);
    expect((await staff('referral/payouts/999999/complete')).statusCode).toBe(404);

    profile = (await t.call('GET', 'users/profile', referrer.auth)).json().data;
    expect(profile.balances.referral).toBe('75.0000');
    const payouts = (await t.call('GET', 'users/referral/payouts', referrer.auth)).json();
    expect(payouts.meta.total).toBe(3);
    expect(payouts.payments.map((p: Payout) => [p.status, p.message])).toEqual([
      ['canceled', MESSAGES.payoutCanceled],
      ['completed', null],
      ['completed', null],
    ]);
    const list = await t.app.inject({
      url: '/api/admin/v1/referral/payouts?status=canceled',
      headers: manager.auth,
    });
    expect(list.json().data.map((p: Payout) => p.id)).toContain(second.id);
    // The staff page's filters: method and the requester's e-mail, counted on the server.
    const filtered = await t.app.inject({
      url: `/api/admin/v1/referral/payouts?method=crypto&search=${encodeURIComponent(referrer.user.email)}`,
      headers: manager.auth,
    });
    expect(filtered.json().data.map((p: Payout) => p.id)).toEqual([second.id]);
    expect(filtered.json().meta.total).toBe(1);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('credits commissions in whole cents, so "Max" (the balance string as it is) pays out all of it', async () => {
    const { referrer, referred } = await referrerWith(1);
    await makeTopUp(t.deps.db, referred[0]!.id, '1234.56');
    const { summary } = await referrals(referrer.auth);
    expect(summary.balance).toBe('123.4600');
    const all = await t.call('POST', 'users/referral/payout', referrer.auth, {
      amount: summary.balance,
      method: 'paypal',
      details: 'me@pp',
    });
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json().data.amount).toBe('123.4600');
    expect((await referrals(referrer.auth)).summary.balance).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('moves a sub-cent referral balance (from before whole-cent commissions) to the main balance', async () => {
    const { user, auth } = await makeUser(t.database.db);
    await t.deps.db.transaction((tx) =>
      credit(tx, user.id, 'referral', parseMoney('50.0005'), { type: 'referral_commission' }),
    );
    const outside = await t.call('POST', 'users/referral/payout', auth, {
      amount: '50.0005',
      method: 'wise',
      details: 'IBAN',
    });
    expect(outside.json().errors.amount).toEqual([MESSAGES.amountInvalid]);
    const max = (await referrals(auth)).summary.balance;
    expect(max).toBe('50.0005');
    const moved = await t.call('POST', 'users/referral/payout', auth, { amount: max, method: 'balance' });
    expect(moved.statusCode, moved.body).toBe(201);
    const balances = (await t.call('GET', 'users/profile', auth)).json().data.balances;
    expect(balances).toMatchObject({ main: '50.0005', referral: '0.0000' });
  });
});
