import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { billingProfiles } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { findApiCaller } from '../public-api/public-api.auth.js';
import { refillApiCredits, resetFreeCredits } from './api-credits.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const profile = async (auth: Headers) => (await t.call('GET', 'users/profile', auth)).json().data;

describe('GET users/profile', () => {
  it('answers the header’s balances, the plan and the API key info', async () => {
    const { auth, user } = await makeUser(t.database.db, { nickname: 'headerfan' });
    await makeTopUp(t.deps.db, user.id, '42.5', { bonus: '4.25' });
    expect(await profile(auth)).toMatchObject({
      id: user.id,
      nickname: 'headerfan',
      priceplan: { id: 1, name: 'Base' },
      balances: { main: '42.5000', bonus: '4.2500', referral: '0.0000' },
      api: { key: null, credits: 500, paid_credits: 0, free_monthly: 500, auto_refresh: false },
    });
    expect((await t.call('GET', 'users/profile', {})).statusCode).toBe(401);
  });
});

describe('API token and credits', () => {
  it('creates a new token, shown once in full and masked afterwards', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const res = await t.call('POST', 'users/profile/change-api-token', auth);
    expect(res.statusCode).toBe(200);
    const { api_token, data, message } = res.json();
    expect(api_token).toMatch(/^sl_[\w-]{32}$/);
    expect(message).toBe(MESSAGES.apiTokenCreated);
    expect(data.key).toBe(`sl_…${api_token.slice(-4)}`);
    expect((await profile(auth)).api.key).toBe(data.key);
    const ownerOf = async (token: string) => (await findApiCaller(t.deps.db, token))?.userId;
    expect(await ownerOf(api_token)).toBe(user.id);
    const next = (await t.call('POST', 'users/profile/change-api-token', auth)).json().api_token;
    expect(await ownerOf(api_token)).toBeUndefined();
    expect(await ownerOf(next)).toBe(user.id);
    const test = await t.call('POST', 'users/profile/change-api-test-token', auth);
    expect(test.json().api_token).toMatch(/^sl_test_[\w-]{32}$/);
    expect(test.json().data.key).toBe(`sl_…${next.slice(-4)}`);
    expect(test.json().data.test_key).toBe(`sl_test_…${test.json().api_token.slice(-4)}`);
    expect(await findApiCaller(t.deps.db, test.json().api_token)).toMatchObject({
      userId: user.id,
      test: true,
    });
    expect(await findApiCaller(t.deps.db, next)).toMatchObject({ test: false });
  });

  it('buys token packs from the balance, bonus first; refuses other packs and a short balance', async () => {
    const { auth, user } = await makeUser(t.database.db);
    expect(
      (await t.call('POST', 'users/api-credits/buy-tokens', auth, { credits: 1000 })).json().errors.balance,
    ).toEqual([MESSAGES.insufficientBalance]);
    expect(
      (await t.call('POST', 'users/api-credits/buy-tokens', auth, { credits: 7 })).json().errors.credits,
    ).toEqual([MESSAGES.apiPackInvalid]);
    await makeTopUp(t.deps.db, user.id, '50', { bonus: '5' });
    const res = await t.call('POST', 'users/api-credits/buy-tokens', auth, { credits: 5000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.apiTokensBought,
      data: { paid_credits: 5000, credits: 500 },
      balances: { main: '15.0000', bonus: '0.0000' },
    });
    const rows = (await t.call('GET', 'transactions?type=api_tokens_purchase', auth)).json().data;
    expect(rows.map((row: { account: string; amount: string }) => [row.account, row.amount])).toEqual([
      ['main', '-35.0000'],
      ['bonus', '-5.0000'],
    ]);
  });

  it('sells exactly 10 of 50 simultaneous packs when the balance covers 10', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('POST', 'users/api-credits/buy-tokens', auth, { credits: 1000 }),
      ),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 422)).toHaveLength(40);
    expect(await profile(auth)).toMatchObject({
      balances: { main: '0.0000' },
      api: { paid_credits: 10_000 },
    });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refills with the smallest pack when low and auto-refresh is on, once, and only if the balance pays', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '15');
    await t.deps.db
      .update(billingProfiles)
      .set({ api_credits: 1 })
      .where(eq(billingProfiles.user_id, user.id));
    expect(await refillApiCredits(t.deps.db, user.id)).toBe(false);
    const on = await t.call('POST', 'users/api-credits/change-auto-refresh', auth, { auto_refresh: true });
    expect(on.json()).toMatchObject({ message: MESSAGES.actionSaved, data: { auto_refresh: true } });
    const twice = await Promise.all([
      refillApiCredits(t.deps.db, user.id),
      refillApiCredits(t.deps.db, user.id),
    ]);
    expect(twice.sort()).toEqual([false, true]);
    expect(await profile(auth)).toMatchObject({
      balances: { main: '5.0000' },
      api: { credits: 1, paid_credits: 1000 },
    });
    await t.deps.db
      .update(billingProfiles)
      .set({ api_paid_credits: 0 })
      .where(eq(billingProfiles.user_id, user.id));
    expect(await refillApiCredits(t.deps.db, user.id)).toBe(false);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    await resetFreeCredits(t.deps.db, new Date('2030-05-17T10:00:00Z'));
    expect((await profile(auth)).api).toMatchObject({ credits: 500, reset_at: '2030-05-01T00:00:00.000Z' });
    const off = await t.call('POST', 'users/api-credits/change-auto-refresh', auth, {
      auto_refresh: 'false',
    });
    expect(off.json().data.auto_refresh).toBe(false);
  });
});
