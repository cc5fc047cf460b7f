import { DAY_MS } from '@storelift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Campaign } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../test/factories.js';
import { apps, campaigns } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { deliveryTick, startDue } from './delivery/campaigns.delivery.js';
import { deliveredOfDay } from '../../providers/vendors/sandbox-vendor.js';
import { act as actOn } from './campaigns.service.js';

let t: TestApp;
type Auth = { authorization: string };
let auth: Auth;
let userId: number;

const API = '/api/private/v1';
// Base plan prices on Google Play: package 0.12, keyword 0.16 per install.
const keyword = (overrides: Record<string, unknown> = {}) =>
  direct({ productType: 2, serializedChildKeywords: '["fitness tracker","workout"]', ...overrides });

async function post(body: object, headers: Auth = auth) {
  return t.app.inject({ method: 'POST', url: `${API}/campaigns`, headers, payload: body });
}
async function act(id: number, action: string, headers: Auth = auth) {
  return t.app.inject({ method: 'GET', url: `${API}/campaigns/${id}/${action}`, headers });
}
async function order(body: object = direct()): Promise<Campaign> {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const balances = () => balancesOf(t.deps.db, userId);

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  auth = user.auth;
  userId = user.user.id;
  await makeApp(t.deps, userId);
  // 900 keeps the user on the Base plan (Bronze starts at 1,000).
  await makeTopUp(t.deps.db, userId, '900', { bonus: '1' });
});
afterAll(() => t.close());

describe('plans and delivery formulas', () => {
  it('delivers a day spread over 24 hours or within its first hour', () => {
    expect(deliveredOfDay(24, 1, DAY_MS / 2, 0)).toBe(12);
    expect(deliveredOfDay(24, 1, DAY_MS / 48, 1)).toBe(12);
    expect(deliveredOfDay(24, 2, DAY_MS / 2, 0)).toBe(0);
    expect(deliveredOfDay(24, 1, DAY_MS * 3, 0)).toBe(24);
  });
});

describe('POST campaigns rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['installs below 5', direct({ installs: 4 }), 'installs', 'Installs per day must be from 5 to 5000'],
    [
      'installs above 5000',
      direct({ installs: 5001 }),
      'installs',
      'Installs per day must be from 5 to 5000',
    ],
    ['installs 6000', direct({ installs: 6000 }), 'installs', 'Installs per day must be from 5 to 5000'],
    ['days 0', direct({ days: 0 }), 'days', 'Days must be at least 1'],
    ['days 61', direct({ days: 61 }), 'days', 'A campaign can run at most 60 days'],
    ['days 1001', direct({ days: 1001 }), 'days', 'A campaign can run at most 60 days'],
    [
      'CPI days 45',
      { ...direct(), productType: 4, cpiGeo: ['europe'], cpiDays: 45 },
      'cpiDays',
      'Duration must be from 5 to 30 days',
    ],
    [
      'keyword installs over 14 days',
      keyword({ days: 15 }),
      'days',
      'Keyword installs can run at most 14 days',
    ],
    [
      'no keyword',
      keyword({ serializedChildKeywords: '' }),
      'serializedChildKeywords',
      'Select at least one keyword',
    ],
    [
      'a keyword with symbols',
      keyword({ serializedChildKeywords: ['#best'] }),
      'serializedChildKeywords',
      'Keyword must not contain quotes, slashes, hashtags or special symbols',
    ],
    [
      'a plan under the minimum',
      direct({ installsPlan: [5, 5, 4] }),
      'installs',
      'Minimum installs should be 5 * 3',
    ],
    [
      'a plan of other length',
      direct({ installsPlan: [10, 10] }),
      'installsPlan',
      'Give one number of installs for each day',
    ],
    ['notes not in English', direct({ description: 'Привет' }), 'description', 'Notes must be in English'],
    [
      'notes too long',
      direct({ description: 'a'.repeat(1001) }),
      'description',
      'Notes must be at most 1000 symbols',
    ],
    ['empty delayed start', direct({ start_at: '' }), 'start_at', 'Date or time is empty'],
    [
      'a delayed start too soon',
      direct({ start_at: new Date(Date.now() + 4 * 60_000).toISOString() }),
      'start_at',
      'The delayed start must be more than 5 minutes ahead',
    ],
    [
      'another product type',
      direct({ productType: 0 }),
      'productType',
      'This product cannot be ordered here yet',
    ],
    ['installs as text', direct({ installs: 'ten' }), 'installs', 'Installs per day must be from 5 to 5000'],
    ['a bad store', direct({ appstore: 3 }), 'appstore', ''],
    ['a bad country', direct({ country: 'XX' }), 'country', 'Country is not valid'],
  ];
  it.each(cases)('refuses %s with 422 and writes nothing', async (_name, body, field, message) => {
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors[field]).toBeDefined();
    if (message) expect(errors[field]).toContain(message);
  });
  it('answers 422, not 500, to garbage', async () => {
    for (const payload of [[], 'x', { productType: '1' }, { ...direct(), serializedChildKeywords: 5 }]) {
      const res = await t.app.inject({ method: 'POST', url: `${API}/campaigns`, headers: auth, payload });
      expect([400, 415, 422]).toContain(res.statusCode);
    }
    const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
    expect(row!.n).toBe(0);
  });
  it('answers 404 for an app the user does not track', async () => {
    expect((await post(direct({ packageId: 'com.not.tracked' }))).statusCode).toBe(404);
    const other = await makeUser(t.deps.db);
    expect((await post(direct(), other.auth)).statusCode).toBe(404);
  });
  it('quotes the price from the pricetags', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/campaigns/quote`,
      headers: auth,
      payload: keyword(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      unit_price: '0.1600',
      installs_total: 60,
      price: '9.6000',
      sequence: [10, 10, 10],
      orders: [
        { keyword: 'fitness tracker', installs_total: 30, sequence: [10, 10, 10] },
        { keyword: 'workout', installs_total: 30, sequence: [10, 10, 10] },
      ],
    });
  });
});

describe('ordering and the lifecycle', () => {
  it('saves a draft as draft #id without charging', async () => {
    const before = await balances();
    const res = await post(direct({ draft: true }));
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(`Saved as draft #${data.id}`);
    expect(data.status).toBe('draft');
    expect(await balances()).toEqual(before);
  });

  it('orders keyword installs: charged at start, bonus first, orders per keyword', async () => {
    const campaign = await order(keyword({ description: 'Please go slow.' }));
    expect(campaign.status).toBe('active');
    expect(campaign.price).toBe('9.6000');
    expect(campaign.orders).toHaveLength(2);
    expect(campaign.orders![0]).toMatchObject({ type: 2, keyword: 'fitness tracker', installs_total: 30 });
    expect(campaign.orders![0]!.sequence).toEqual([
      { day: 1, installs_total: 10, installs_actual: 0 },
      { day: 2, installs_total: 10, installs_actual: 0 },
      { day: 3, installs_total: 10, installs_actual: 0 },
    ]);
    expect(campaign.status_history!.map((h) => `${h.from}>${h.to}`)).toEqual([
      'null>draft',
      'draft>pending',
      'pending>active',
    ]);
    expect(await balances()).toMatchObject({ bonus: '0.0000', main: '891.4000' });
  });

  it('allows only the actions of the status, with 409 naming it', async () => {
    const { id } = await order();
    expect((await act(id, 'resume')).json().message).toBe(
      'This action is not allowed for a campaign in status active',
    );
    expect((await act(id, 'archive')).statusCode).toBe(409);
    expect((await act(id, 'start')).statusCode).toBe(409);
    const paused = await act(id, 'pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.status).toBe('pause');
    expect((await act(id, 'pause')).statusCode).toBe(409);
    expect((await act(id, 'resume')).json().data.status).toBe('active');
    expect((await act(id, 'cancel')).json().data.status).toBe('canceled');
    expect((await act(id, 'cancel')).statusCode).toBe(409);
    const archived = await act(id, 'archive');
    expect(archived.json().data.status).toBe('archived');
    expect(archived.json().data.status_history).toHaveLength(7);
    expect((await act(id, 'pause')).json().message).toContain('archived');
  });

  it('cancel refunds the undelivered part', async () => {
    const before = await balances();
    const started = new Date();
    // The user's one tracked app: what its campaigns were paid for (the apps list's "most promoted").
    const promoted = async () =>
      Number((await t.deps.db.select().from(apps).where(eq(apps.user_id, userId)))[0]!.promotion_value);
    const promotedBefore = await promoted();
    const campaign = await order(direct({ installs: 100, days: 2 })); // 200 × 0.12 = 24
    expect(await promoted()).toBeCloseTo(promotedBefore + 24, 4);
    expect(await balances()).toMatchObject({ main: '867.4000' });
    expect(before.main).toBe('891.4000');
    // Half of day 1 delivered (spread): 50 installs.
    await deliveryTick(t.deps, new Date(started.getTime() + DAY_MS / 2 + 1000));
    const res = await t.app.inject({ method: 'GET', url: `${API}/campaigns/${campaign.id}`, headers: auth });
    const delivered = res.json().data.installs_actual as number;
    expect(delivered).toBeGreaterThanOrEqual(50);
    const canceled = (await act(campaign.id, 'cancel')).json().data as Campaign;
    expect(canceled.status).toBe('canceled');
    const refunded = (200 - canceled.installs_actual) * 0.12;
    expect(Number((await balances()).main)).toBeCloseTo(867.4 + refunded, 4);
    // The app's promotion value keeps what was paid for: the charge less the refund.
    expect(await promoted()).toBeCloseTo(promotedBefore + 24 - refunded, 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses an order the balance cannot cover with 422 and writes nothing', async () => {
    const [before] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
    const res = await post(direct({ installs: 5000, days: 60 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.balance).toEqual(['Not enough money on the balance, please top up']);
    const [after] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
    expect(after!.n).toBe(before!.n);
  });

  it('delays a start: a durable job, no charge until the time, then active', async () => {
    const before = await balances();
    const startAt = new Date(Date.now() + 10 * 60_000);
    const campaign = await order(direct({ start_at: startAt.toISOString() }));
    expect(campaign.status).toBe('delayed');
    expect(await balances()).toEqual(before);
    const jobs = await t.deps.db.execute(
      sql`select start_after from pgboss.job where name = 'campaigns.start' and data->>'campaignId' = ${String(campaign.id)}`,
    );
    const rows = (jobs as unknown as { rows: { start_after: Date | string }[] }).rows;
    expect(new Date(rows[0]!.start_after).getTime()).toBe(startAt.getTime());
    await startDue(t.deps, campaign.id, new Date()); // too early: nothing
    const [early] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(early!.status).toBe('delayed');
    await startDue(t.deps, campaign.id, new Date(startAt.getTime() + 1000));
    const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.status).toBe('active');
    expect(Number((await balances()).main)).toBeCloseTo(Number(before.main) - 3.6, 4);
  });

  it('starts a delayed campaign now, and fails a due one the balance cannot cover', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const now = await order(direct({ start_at: later }));
    expect((await act(now.id, 'start')).json().data.status).toBe('active');
    const big = await order(direct({ start_at: later, installs: 5000, days: 60 }));
    await startDue(t.deps, big.id, new Date(Date.now() + 7_200_000));
    const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, big.id));
    expect(row!.status).toBe('failed');
  });

  it('refuses to start a legacy campaign', async () => {
    const draft = (await post(direct({ draft: true }))).json().data as Campaign;
    await t.deps.db.update(campaigns).set({ is_legacy: true }).where(eq(campaigns.id, draft.id));
    const res = await act(draft.id, 'start');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Legacy campaigns cannot be edited or started');
  });

  it('delivers over time and completes; pause holds delivery', async () => {
    const c = await order(direct({ installs: 24, days: 2, deliveryType: 1 }));
    const start = new Date(c.started_at!);
    await deliveryTick(t.deps, new Date(start.getTime() + DAY_MS / 48)); // half of day 1's first hour
    let view = (await t.app.inject({ method: 'GET', url: `${API}/campaigns/${c.id}`, headers: auth })).json()
      .data as Campaign;
    expect(view.orders![0]!.sequence[0]!.installs_actual).toBe(12);
    expect(view.status).toBe('active');
    const at = (ms: number) => new Date(start.getTime() + ms);
    await actOn(t.deps, userId, c.id, 'pause', at(DAY_MS / 48));
    await deliveryTick(t.deps, at(3 * DAY_MS));
    const [paused] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(paused).toMatchObject({ status: 'pause', installs_actual: 12 });
    await actOn(t.deps, userId, c.id, 'resume', at(3 * DAY_MS));
    await deliveryTick(t.deps, at(4 * DAY_MS));
    const [resumed] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(resumed).toMatchObject({ status: 'active', installs_actual: 24 + 12 });
    await deliveryTick(t.deps, at(5 * DAY_MS));
    view = (await t.app.inject({ method: 'GET', url: `${API}/campaigns/${c.id}`, headers: auth })).json()
      .data;
    expect(view.status).toBe('completed');
    expect(view.installs_actual).toBe(48);
    expect(view.status_history!.at(-1)).toMatchObject({ from: 'active', to: 'completed', actor_id: null });
  });

  it('clones into a new draft and archives all finished campaigns', async () => {
    const source = await order();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/campaigns/${source.id}/clone`,
      headers: auth,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'draft', price: source.price, days: source.days });
    expect(res.json().data.orders[0].sequence).toHaveLength(source.days);
    await act(source.id, 'cancel');
    const all = await t.app.inject({ method: 'POST', url: `${API}/campaigns/all/archive`, headers: auth });
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 for another user's campaign", async () => {
    const other = await makeUser(t.deps.db);
    const mine = await order();
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/campaigns/${mine.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    for (const action of ['start', 'pause', 'resume', 'cancel', 'archive'])
      expect((await act(mine.id, action, other.auth)).statusCode).toBe(404);
    const clone = await t.app.inject({
      method: 'POST',
      url: `${API}/campaigns/${mine.id}/clone`,
      headers: other.auth,
    });
    expect(clone.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `${API}/campaigns`, headers: other.auth });
    expect(list.json().meta.total).toBe(0);
  });
});

describe('GET campaigns', () => {
  it('lists a tab with counts, filters, search, paging and export', async () => {
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/campaigns?${query}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await list('');
    expect(all.counts.all).toBe(all.meta.total);
    expect(all.counts.archived).toBeGreaterThan(0);
    expect(all.data.every((c: Campaign) => c.status !== 'archived')).toBe(true);
    const active = await list('status=active&limit=1&sortBy=price&sortType=desc');
    expect(active.meta.total).toBe(all.counts.active);
    expect(active.data).toHaveLength(1);
    expect((await list('status=active&isExport=1')).data).toHaveLength(all.counts.active);
    expect((await list('productType=2')).data.every((c: Campaign) => c.type === 2)).toBe(true);
    // The keyword campaign was delivered by the ticks above and archived with all finished ones.
    const found = await list('status=archived&search=go%20slow');
    expect(found.meta.total, JSON.stringify(found.counts)).toBe(1);
    expect((await list(`search=${all.data[0].id}`)).data[0].id).toBe(all.data[0].id);
    expect((await list('from=2000-01-01&to=2000-01-02')).meta.total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API}/campaigns?status=nope&page=0`,
      headers: auth,
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('concurrency', () => {
  it('20 simultaneous starts whose total exceeds the balance charge only those it covers', async () => {
    const rich = await makeUser(t.deps.db);
    const richApp = await makeApp(t.deps, rich.user.id);
    await makeTopUp(t.deps.db, rich.user.id, '25');
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post(
        { ...direct({ draft: true, installs: 10, days: 3 }), packageId: richApp.package },
        rich.auth,
      );
      ids.push(res.json().data.id); // 30 × 0.12 = 3.60 each: 25 covers 6
    }
    const results = await Promise.all(ids.map((id) => act(id, 'start', rich.auth)));
    const started = results.filter((res) => res.statusCode === 200).length;
    expect(started).toBe(6);
    expect(results.filter((res) => res.statusCode === 422)).toHaveLength(14);
    expect(await balancesOf(t.deps.db, rich.user.id)).toMatchObject({ main: '3.4000' });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
