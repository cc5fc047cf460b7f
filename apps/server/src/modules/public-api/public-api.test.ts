import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PUBLIC_API_CREDITS, PUBLIC_API_MESSAGES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeKeywords, makeTopUp, makeUser } from '../../../test/factories.js';
import { apiUsageDaily, billingProfiles, campaigns } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { balancesOf } from '../ledger/ledger.js';
import { refillApiCredits } from '../api-credits/api-credits.service.js';

/** The sandbox's sample ids (public-api.sandbox.ts). */
const SAMPLE = { app: 1001, keyword: 2001, activeCampaign: 3001 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false, config: { publicApiRateLimit: 10_000 } });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user with an app, money, and live and test API tokens. */
async function makeApiUser(topUp = '100') {
  const made = await makeUser(t.database.db);
  const app = await makeApp(t.deps, made.user.id);
  if (topUp !== '0') await makeTopUp(t.deps.db, made.user.id, topUp);
  const live = (await t.call('POST', 'users/profile/change-api-token', made.auth)).json().api_token as string;
  const test = (await t.call('POST', 'users/profile/change-api-test-token', made.auth)).json()
    .api_token as string;
  const v1 = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { ...bearer(live), ...headers }, payload });
  const asTest = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(test), payload });
  return { ...made, app, live, test, v1, asTest };
}

async function setCredits(userId: number, free: number, paid: number) {
  await t.deps.db
    .update(billingProfiles)
    .set({ api_credits: free, api_paid_credits: paid })
    .where(eq(billingProfiles.user_id, userId));
}
async function creditsOf(userId: number) {
  const [row] = await t.deps.db
    .select({ free: billingProfiles.api_credits, paid: billingProfiles.api_paid_credits })
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId));
  return row!;
}
async function usageOf(userId: number) {
  return t.deps.db
    .select({
      operation: apiUsageDaily.operation,
      calls: apiUsageDaily.calls,
      credits: apiUsageDaily.credits,
    })
    .from(apiUsageDaily)
    .where(eq(apiUsageDaily.user_id, userId))
    .orderBy(apiUsageDaily.operation);
}
const countCampaigns = async (userId: number) =>
  (await t.deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.user_id, userId))).length;

describe('authentication', () => {
  it('takes only an API token (Bearer or X-Api-Key), never a web session', async () => {
    const u = await makeApiUser();
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: u.auth });
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({
      message: PUBLIC_API_MESSAGES.tokenInvalid,
      code: 'publicApi.tokenInvalid',
    });
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps',
      headers: { cookie: `session=${u.token}; access_token=${u.token}` },
    });
    expect(cookie.statusCode).toBe(401);
    expect(cookie.json()).toEqual({
      message: PUBLIC_API_MESSAGES.tokenMissing,
      code: 'publicApi.tokenMissing',
    });
    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps',
      headers: { 'x-api-key': u.live },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().data.map((app: { id: number }) => app.id)).toEqual([u.app.id]);
    // And the API token opens nothing of the web app's API.
    expect((await t.call('GET', 'users/profile', bearer(u.live))).statusCode).toBe(401);
  });
});

describe('credits', () => {
  it('spends exactly the table’s price under 50 concurrent calls of mixed prices', async () => {
    const u = await makeApiUser();
    const [keyword] = await makeKeywords(t.deps, u.app, ['fitness']);
    await setCredits(u.user.id, 40, 60);
    const calls = Array.from({ length: 50 }, (_, index) =>
      index % 2 ? u.v1('GET', 'apps') : u.v1('GET', `keywords/${keyword!.id}/history?period=week`),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(answers[1]!.headers['x-credits-cost']).toBe(String(PUBLIC_API_CREDITS.listApps));
    expect(answers[0]!.headers['x-credits-cost']).toBe(String(PUBLIC_API_CREDITS.getKeywordRankHistory));
    // 25 reads at 1 and 25 histories at 2: 75 of 100.
    expect(await creditsOf(u.user.id)).toEqual({ free: 0, paid: 25 });
    const remaining = answers.map((res) => Number(res.headers['x-credits-remaining'])).sort((a, b) => a - b);
    expect(remaining[0]).toBe(25);
    expect(new Set(remaining).size).toBe(50);
    expect(await usageOf(u.user.id)).toEqual([
      { operation: 'getKeywordRankHistory', calls: 25, credits: 50 },
      { operation: 'listApps', calls: 25, credits: 25 },
    ]);
  });

  it('never goes below zero: of 50 concurrent calls 10 credits pay 10, the others answer 402', async () => {
    const u = await makeApiUser();
    await setCredits(u.user.id, 4, 6);
    const answers = await Promise.all(Array.from({ length: 50 }, () => u.v1('GET', 'balance')));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 402)).toHaveLength(40);
    expect(await creditsOf(u.user.id)).toEqual({ free: 0, paid: 0 });
    expect(await usageOf(u.user.id)).toEqual([{ operation: 'getBalance', calls: 10, credits: 10 }]);
  });

  it('402 spends nothing and runs nothing', async () => {
    const u = await makeApiUser();
    await setCredits(u.user.id, 1, 0);
    const res = await u.v1('POST', 'campaigns', directInstallsBody({ packageId: u.app.package }));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      message: PUBLIC_API_MESSAGES.outOfCredits.replace('{{cost}}', '2').replace('{{remaining}}', '1'),
      code: 'publicApi.outOfCredits',
      params: { cost: 2, remaining: 1 },
    });
    expect(res.headers['x-credits-cost']).toBe('0');
    expect(res.headers['x-credits-remaining']).toBe('1');
    expect(await creditsOf(u.user.id)).toEqual({ free: 1, paid: 0 });
    expect(await countCampaigns(u.user.id)).toBe(0);
    expect(await usageOf(u.user.id)).toEqual([]);
    expect((await balancesOf(t.deps.db, u.user.id)).main).toBe('100.0000');
  });

  it('with auto-refresh on, the call that takes the credits below 100 (and a 402) queues the refill job', async () => {
    const u = await makeApiUser();
    await t.deps.db
      .update(billingProfiles)
      .set({ api_credits: 101, api_paid_credits: 0, api_auto_refresh: true })
      .where(eq(billingProfiles.user_id, u.user.id));
    const refills = async () =>
      (
        (await t.deps.db.execute(
          sql`select 1 from pgboss.job where name = 'api-credits.refill' and data->>'userId' = ${String(u.user.id)}`,
        )) as unknown as { rows: unknown[] }
      ).rows.length;
    await u.v1('GET', 'balance');
    expect(await refills()).toBe(0);
    await u.v1('GET', 'balance');
    await u.v1('GET', 'balance');
    expect(await refills()).toBe(1);
    await setCredits(u.user.id, 0, 0);
    expect((await u.v1('GET', 'balance')).statusCode).toBe(402);
    expect(await refills()).toBe(2);
    // The job buys the smallest pack from the balance; the next call is paid from it.
    expect(await refillApiCredits(t.deps.db, u.user.id)).toBe(true);
    const res = await u.v1('GET', 'balance');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-remaining']).toBe('999');
    expect(res.json().data.main).toBe('90.0000');
  });

  it('usage is free and lists the day’s spending per operation', async () => {
    const u = await makeApiUser();
    await u.v1('GET', 'apps');
    await u.v1('GET', 'apps');
    const res = await u.v1('GET', 'usage');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-credits-cost']).toBe('0');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.json()).toEqual({
      data: [
        { day: today, operation: 'getUsage', calls: 1, test_calls: 0, credits: 0 },
        { day: today, operation: 'listApps', calls: 2, test_calls: 0, credits: 2 },
      ],
      credits: { free: 498, paid: 0 },
    });
    const bad = await u.v1('GET', 'usage?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['x-credits-cost']).toBe('0');
  });
});

describe('orders', () => {
  it('an order retried 10 times at once with one Idempotency-Key orders and charges once', async () => {
    const u = await makeApiUser();
    const body = directInstallsBody({ packageId: u.app.package });
    const headers = { 'idempotency-key': 'order-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => u.v1('POST', 'campaigns', body, headers)),
    );
    expect(
      answers.map((res) => res.statusCode),
      answers[0]!.body,
    ).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((res) => res.json().data.id));
    expect(ids.size).toBe(1);
    expect(await countCampaigns(u.user.id)).toBe(1);
    const price = Number(answers[0]!.json().data.price);
    expect(Number((await balancesOf(t.deps.db, u.user.id)).main)).toBe(100 - price);
    const again = await u.v1('POST', 'campaigns', body, headers);
    expect(again.json().data.id).toBe([...ids][0]);
    // The key is not looked up before ordering: a retry that ordering anew would now refuse (its price
    // withdrawn) still answers the first order, and another body with the key is still told so.
    await t.deps.db.execute(sql`update pricetags set is_active = false where user_id = ${u.user.id}`);
    const late = await u.v1('POST', 'campaigns', body, headers);
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data.id).toBe([...ids][0]);
    const other = await u.v1('POST', 'campaigns', { ...body, days: 4 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ 'idempotency-key': [PUBLIC_API_MESSAGES.idempotencyKeyReused] });
    expect(await countCampaigns(u.user.id)).toBe(1);
    // Each order was still paid for: 13 calls at 2 credits.
    expect(await creditsOf(u.user.id)).toEqual({ free: 500 - 26, paid: 0 });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('orders keep working when a migration adds columns while the server runs (prepared statements)', async () => {
    const u = await makeApiUser();
    const body = directInstallsBody({ packageId: u.app.package });
    // Orders side by side, so the statements are prepared on several of the pool's connections.
    const first = await Promise.all(Array.from({ length: 4 }, () => u.v1('POST', 'campaigns', body)));
    expect(first.map((res) => res.statusCode)).toEqual(Array(4).fill(201));
    // The ordering path's statements are prepared on each connection (db/sql-rows.ts); a `returning *` would
    // now answer another row type, which PostgreSQL refuses for a prepared statement.
    const tables = ['campaigns', 'transactions', 'vendors'];
    for (const table of tables)
      await t.deps.db.execute(sql.raw(`alter table ${table} add column added_later int`));
    try {
      const again = await Promise.all(Array.from({ length: 4 }, () => u.v1('POST', 'campaigns', body)));
      expect(again.map((res) => res.statusCode)).toEqual(Array(4).fill(201));
    } finally {
      for (const table of tables)
        await t.deps.db.execute(sql.raw(`alter table ${table} drop column added_later`));
    }
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a test token checks and quotes, spends no credits and moves no money', async () => {
    const u = await makeApiUser();
    const body = directInstallsBody({ packageId: u.app.package });
    const dry = await u.asTest('POST', 'campaigns', body);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ data: null, dry_run: true, message: PUBLIC_API_MESSAGES.dryRun });
    expect(dry.json().quote.installs_total).toBe(30);
    expect(dry.headers['x-credits-cost']).toBe('0');
    expect(await countCampaigns(u.user.id)).toBe(0);
    const invalid = await u.asTest('POST', 'campaigns', { ...body, installs: 1 });
    expect(invalid.statusCode).toBe(422);

    const ordered = await u.v1('POST', 'campaigns', body);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const { id } = ordered.json().data;
    const balance = await balancesOf(t.deps.db, u.user.id);
    const credits = await creditsOf(u.user.id);
    // The sandbox's campaigns only: a real one is not there.
    expect((await u.asTest('POST', `campaigns/${id}/cancel`)).statusCode).toBe(404);
    const cancel = await u.asTest('POST', `campaigns/${SAMPLE.activeCampaign}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      dry_run: true,
      data: { id: SAMPLE.activeCampaign, status: 'active' },
    });
    expect((await u.asTest('POST', `campaigns/${SAMPLE.activeCampaign}/resume`)).statusCode).toBe(409);
    expect(await balancesOf(t.deps.db, u.user.id)).toEqual(balance);
    expect(await creditsOf(u.user.id)).toEqual(credits);
    const [usage] = await t.deps.db
      .select({ test_calls: sql<number>`sum(${apiUsageDaily.test_calls})::int` })
      .from(apiUsageDaily)
      .where(eq(apiUsageDaily.user_id, u.user.id));
    expect(usage!.test_calls).toBe(5);

    const live = await u.v1('POST', `campaigns/${id}/cancel`);
    expect(live.json()).toMatchObject({ dry_run: false, data: { id, status: 'canceled' } });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('the test token’s sandbox', () => {
  it('reads fixed sample data, never the account’s own, and calls no store', async () => {
    const u = await makeApiUser();
    const [own] = await makeKeywords(t.deps, u.app, ['fitness']);
    const ordered = await u.v1('POST', 'campaigns', directInstallsBody({ packageId: u.app.package }));
    const campaignId = ordered.json().data.id as number;
    const lookups = vi.spyOn(t.deps.store, 'lookup');
    const searches = vi.spyOn(t.deps.store, 'search');
    const stats = vi.spyOn(t.deps.store, 'keywordStats');
    const apps = (await u.asTest('GET', 'apps')).json();
    expect(apps.data.map((app: { id: number; title: string }) => [app.id, app.title])).toEqual([
      [SAMPLE.app, 'Sample app (test token)'],
    ]);
    expect((await u.asTest('GET', 'balance')).json().data).toEqual({
      main: '52.0000',
      bonus: '0.0000',
      referral: '0.0000',
    });
    const rows = (await u.asTest('GET', 'transactions')).json().data as { description: string }[];
    expect(rows.every((row) => row.description.startsWith('Sample'))).toBe(true);
    const listed = (await u.asTest('GET', 'campaigns')).json();
    expect(listed.data.map((row: { id: number }) => row.id)).not.toContain(campaignId);
    expect(
      (await u.asTest('GET', `keywords?packageId=${u.app.package}&appstore=1&country=US`)).json().data,
    ).not.toContainEqual(expect.objectContaining({ id: own!.id }));
    // The account's own things are not there; the sample's are.
    for (const path of [`apps/${u.app.id}/status`, `campaigns/${campaignId}`, `keywords/${own!.id}/rank`]) {
      expect((await u.asTest('GET', path)).statusCode, path).toBe(404);
    }
    for (const path of [
      `apps/${SAMPLE.app}/status`,
      `campaigns/${SAMPLE.activeCampaign}`,
      `keywords/${SAMPLE.keyword}/rank`,
      `keywords/${SAMPLE.keyword}/history`,
      'statistics',
    ]) {
      expect((await u.asTest('GET', path)).statusCode, path).toBe(200);
    }

    // Writes: checked like live, answered as dry runs, nothing written.
    const added = await u.asTest('POST', 'apps', {
      appstore: 1,
      country: 'US',
      package: 'com.example.other',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      data: { package: 'com.example.other' },
      message: PUBLIC_API_MESSAGES.dryRun,
    });
    const badLink = await u.asTest('POST', 'apps', {
      appstore: 1,
      country: 'US',
      package: 'https://x.test/app',
    });
    expect(badLink.statusCode).toBe(422);
    const badCountry = await u.asTest('POST', 'apps', {
      appstore: 1,
      country: 'ZZ',
      package: 'com.example.other',
    });
    expect(badCountry.statusCode).toBe(422);
    const keyword = await u.asTest('POST', 'keywords', {
      keyword: 'new words',
      packageId: u.app.package,
      appstore: 1,
      country: 'US',
    });
    expect(keyword.statusCode, keyword.body).toBe(200);
    expect(keyword.json().message).toBe(PUBLIC_API_MESSAGES.dryRun);
    expect((await u.asTest('DELETE', `keywords/${SAMPLE.keyword}`)).statusCode).toBe(200);
    expect((await u.asTest('DELETE', `keywords/${own!.id}`)).statusCode).toBe(404);
    expect((await u.v1('GET', 'apps')).json().data.map((app: { id: number }) => app.id)).toEqual([u.app.id]);
    const ownKeywords = await u.v1('GET', `keywords?packageId=${u.app.package}&appstore=1&country=US`);
    expect(ownKeywords.json().data.map((row: { id: number }) => row.id)).toEqual([own!.id]);
    expect([lookups, searches, stats].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
  });
});

describe('ownership', () => {
  it('another user’s apps, keywords and campaigns are never reachable (404)', async () => {
    const owner = await makeApiUser();
    const [keyword] = await makeKeywords(t.deps, owner.app, ['running']);
    const ordered = await owner.v1('POST', 'campaigns', directInstallsBody({ packageId: owner.app.package }));
    const campaignId = ordered.json().data.id;
    const stranger = await makeApiUser();
    const paths: [Method, string][] = [
      ['GET', `apps/${owner.app.id}/status`],
      ['GET', `keywords/${keyword!.id}/rank`],
      ['GET', `keywords/${keyword!.id}/history`],
      ['DELETE', `keywords/${keyword!.id}`],
      ['GET', `campaigns/${campaignId}`],
      ['POST', `campaigns/${campaignId}/pause`],
      ['POST', `campaigns/${campaignId}/cancel`],
    ];
    for (const [method, path] of paths) {
      expect((await stranger.v1(method, path)).statusCode, path).toBe(404);
      expect((await stranger.asTest(method, path)).statusCode, path).toBe(404);
    }
    expect((await stranger.v1('GET', 'campaigns')).json().data).toEqual([]);
    expect((await owner.v1('GET', `campaigns/${campaignId}`)).json().data.status).not.toBe('canceled');
    const status = await owner.v1('GET', `apps/${owner.app.id}/status`);
    expect(status.json().data).toEqual([
      { country: 'US', alive: true, is_pending: false, status_message: null },
    ]);
  });
});

describe('OpenAPI document and reference', () => {
  it('publishes every operation with its price, and a reference with curl and TypeScript', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const priced = Object.values(
      doc.paths as Record<string, Record<string, { operationId: string; 'x-credits': number }>>,
    )
      .flatMap((item) => Object.values(item))
      .map((operation) => [operation.operationId, operation['x-credits']]);
    expect(Object.fromEntries(priced)).toEqual(PUBLIC_API_CREDITS);
    expect(doc.servers).toEqual([{ url: 'http://storelift.test' }]);
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/reference' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('curl -X POST &#34;http://storelift.test/api/v1/campaigns&#34;');
    expect(page.body).toContain('Idempotency-Key');
    expect(page.body).toContain('await fetch(');
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ workers: false, config: { publicApiRateLimit: 5 } });
  });
  afterAll(() => limited.close());

  it('answers RateLimit headers per account (live and test tokens together), then 429 with Retry-After, spending nothing', async () => {
    const { auth, user } = await makeUser(limited.database.db);
    const token = (await limited.call('POST', 'users/profile/change-api-token', auth)).json().api_token;
    const testToken = (await limited.call('POST', 'users/profile/change-api-test-token', auth)).json()
      .api_token;
    const get = (with_ = token) =>
      limited.app.inject({ method: 'GET', url: '/api/v1/balance', headers: bearer(with_) });
    for (let call = 1; call <= 5; call += 1) {
      const res = await get(call === 3 ? testToken : token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"default";q=5;w=10');
      expect(res.headers['ratelimit']).toMatch(new RegExp(`^"default";r=${5 - call};t=\\d+$`));
    }
    expect((await get(testToken)).statusCode).toBe(429);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Rate limit of 5 requests per 10 seconds reached/);
    expect(refused.headers['x-credits-cost']).toBe('0');
    const [profile] = await limited.deps.db
      .select({ credits: billingProfiles.api_credits })
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, user.id));
    expect(profile!.credits).toBe(496);
    // Another account has a limit of its own.
    const other = await makeUser(limited.database.db);
    const otherToken = (await limited.call('POST', 'users/profile/change-api-token', other.auth)).json()
      .api_token;
    const res = await limited.app.inject({
      method: 'GET',
      url: '/api/v1/balance',
      headers: bearer(otherToken),
    });
    expect(res.statusCode).toBe(200);
  });
});
