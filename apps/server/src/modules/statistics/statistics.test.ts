import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  statisticsDay,
  type CampaignFigures,
  type KeywordStatisticsResponse,
  type ProductStatisticsResponse,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { campaigns } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { deliveryTick } from '../campaigns/delivery/campaigns.delivery.js';
import { seedDemoCampaigns } from './statistics.seed.js';
import { productStatistics } from './statistics.service.js';

let t: TestApp;
type Auth = { authorization: string };
let owner: Auth;
let other: Auth;
const ids: Record<'direct' | 'keywords' | 'workout' | 'foreign', number> = {
  direct: 0,
  keywords: 0,
  workout: 0,
  foreign: 0,
};

/** Orders a campaign through HTTP, then moves its start (and the vendor's clock) to `startedAt`. */
async function orderStartedAt(auth: Auth, body: object, startedAt: string): Promise<number> {
  const res = await t.call('POST', 'campaigns', auth, body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const at = new Date(startedAt);
  await t.deps.db.update(campaigns).set({ started_at: at, clock_at: at }).where(eq(campaigns.id, id));
  return id;
}

async function get<T>(url: string, auth: Auth = owner): Promise<T> {
  const res = await t.call('GET', url, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

// Base plan on Google Play: direct installs 0.12, keyword installs 0.16 per install.
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const a = await makeUser(t.deps.db);
  const b = await makeUser(t.deps.db);
  owner = a.auth;
  other = b.auth;
  for (const user of [a, b]) {
    await makeApp(t.deps, user.user.id);
    await makeTopUp(t.deps.db, user.user.id, '900');
  }
  // 10 a day for 3 days, spread over each day.
  ids.direct = await orderStartedAt(owner, directInstallsBody(), '2025-03-10T08:00:00Z');
  // 10 a day per keyword for 2 days, each day within its first hour.
  ids.keywords = await orderStartedAt(
    owner,
    directInstallsBody({
      productType: 2,
      days: 2,
      deliveryType: 1,
      serializedChildKeywords: '["fitness tracker","workout"]',
    }),
    '2025-03-10T08:00:00Z',
  );
  ids.workout = await orderStartedAt(
    owner,
    directInstallsBody({
      productType: 2,
      days: 1,
      installs: 5,
      deliveryType: 1,
      serializedChildKeywords: 'workout',
    }),
    '2025-03-12T08:00:00Z',
  );
  // Another user's campaign of the same app on the same days.
  ids.foreign = await orderStartedAt(
    other,
    directInstallsBody({ installs: 100, days: 2, deliveryType: 1 }),
    '2025-03-10T08:00:00Z',
  );
  // Never started: counts nowhere.
  await t.call('POST', 'campaigns', owner, directInstallsBody({ draft: true }));
  // Direct: days 1-2 whole, half of day 3 (25 of 30); keywords: both days (40); workout: its day (5).
  await deliveryTick(t.deps, new Date('2025-03-12T20:00:00Z'));
});
afterAll(() => t.close());

const FITNESS = DEMO_APPS.googlePlay.fitness;
const PERIOD = 'from=2025-03-10&to=2025-03-12';

describe('GET statistics/products (by date)', () => {
  it('gives every day of the period per product type, with spend = unit price × delivered', async () => {
    const { data } = await get<ProductStatisticsResponse>(`statistics/products?${PERIOD}`);
    expect(data.period).toEqual({ from: '2025-03-10', to: '2025-03-12' });
    expect(data.days).toEqual([
      {
        date: '2025-03-10',
        delivered: 30,
        planned: 30,
        spend: '4.4000',
        products: [
          { product_type: 1, delivered: 10, planned: 10, spend: '1.2000' },
          { product_type: 2, delivered: 20, planned: 20, spend: '3.2000' },
        ],
      },
      {
        date: '2025-03-11',
        delivered: 30,
        planned: 30,
        spend: '4.4000',
        products: [
          { product_type: 1, delivered: 10, planned: 10, spend: '1.2000' },
          { product_type: 2, delivered: 20, planned: 20, spend: '3.2000' },
        ],
      },
      {
        date: '2025-03-12',
        delivered: 10,
        planned: 15,
        spend: '1.4000',
        products: [
          { product_type: 1, delivered: 5, planned: 10, spend: '0.6000' },
          { product_type: 2, delivered: 5, planned: 5, spend: '0.8000' },
        ],
      },
    ]);
    expect(data.products).toEqual([
      { product_type: 1, delivered: 25, planned: 30, spend: '3.0000' },
      { product_type: 2, delivered: 45, planned: 45, spend: '7.2000' },
    ]);
    expect(data.total).toEqual({ delivered: 70, planned: 75, spend: '10.2000' });
  });

  it('keeps to the period and the filters', async () => {
    const one = await get<ProductStatisticsResponse>('statistics/products?from=2025-03-11&to=2025-03-11');
    expect(one.data.days).toHaveLength(1);
    expect(one.data.total).toEqual({ delivered: 30, planned: 30, spend: '4.4000' });
    // A day with nothing still has its row.
    const before = await get<ProductStatisticsResponse>('statistics/products?from=2025-03-01&to=2025-03-09');
    expect(before.data.days).toHaveLength(9);
    expect(before.data.days[0]).toEqual({
      date: '2025-03-01',
      delivered: 0,
      planned: 0,
      spend: '0.0000',
      products: [],
    });
    expect(before.data.total).toEqual({ delivered: 0, planned: 0, spend: '0.0000' });

    const total = async (filter: string) =>
      (await get<ProductStatisticsResponse>(`statistics/products?${PERIOD}&${filter}`)).data.total;
    expect(await total('productType=2')).toEqual({ delivered: 45, planned: 45, spend: '7.2000' });
    expect(await total(`appstore=android&country=us&package=${FITNESS}`)).toMatchObject({
      delivered: 70,
    });
    expect((await total('appstore=2')).delivered).toBe(0);
    expect((await total('country=DE')).delivered).toBe(0);
    expect((await total('package=com.other.app')).delivered).toBe(0);
  });

  it('defaults to the 30 days up to today', async () => {
    const { data } = await get<ProductStatisticsResponse>('statistics/products');
    const today = statisticsDay(new Date());
    expect(data.period.to).toBe(today);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)!.date).toBe(today);
  });

  it('never shows another user’s data', async () => {
    const { data } = await get<ProductStatisticsResponse>(`statistics/products?${PERIOD}`, other);
    expect(data.total).toEqual({ delivered: 200, planned: 200, spend: '24.0000' });
    const keywords = await get<KeywordStatisticsResponse>(`statistics/keywords?${PERIOD}`, other);
    expect(keywords.meta.total).toBe(0);
    const mine = await get<{ data: CampaignFigures[] }>(`statistics/campaigns?${PERIOD}&limit=100`);
    expect(mine.data.map((row) => row.id)).not.toContain(ids.foreign);
    const theirs = await get<{ data: CampaignFigures[] }>(`statistics/campaigns?${PERIOD}`, other);
    expect(theirs.data.map((row) => row.id)).toEqual([ids.foreign]);
  });

  it('answers 422 for a bad period or filter, and 401 without a session', async () => {
    const bad = async (query: string, field: string, message?: string) => {
      const res = await t.call('GET', `statistics/products?${query}`, owner);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res)), query).toContain(field);
      if (message) expect(errorsOf(res)[field]).toEqual([message]);
    };
    await bad('from=2025-03-12&to=2025-03-10', 'from', 'The start date must not be after the end date');
    await bad('from=2024-03-09&to=2025-03-10', 'from', 'The period can be at most one year');
    await bad('from=2025-02-30', 'from', 'Data is not valid');
    await bad('to=10.03.2025', 'to');
    await bad('productType=abc', 'productType');
    await bad('appstore=3', 'appstore');
    await bad('country=USA', 'country');
    await bad('package=com.bad/app', 'package');
    // A whole year is allowed.
    expect((await t.call('GET', 'statistics/products?from=2024-03-10&to=2025-03-10', owner)).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', 'statistics/products', {})).statusCode).toBe(401);
  });
});

describe('GET statistics/keywords', () => {
  it('sums keyword installs per keyword, sorted and paged, with the top keywords', async () => {
    const all = await get<KeywordStatisticsResponse>(`statistics/keywords?${PERIOD}`);
    expect(all.data).toEqual([
      { keyword: 'workout', campaigns: 2, delivered: 25, planned: 25, spend: '4.0000' },
      { keyword: 'fitness tracker', campaigns: 1, delivered: 20, planned: 20, spend: '3.2000' },
    ]);
    expect(all.top).toEqual(all.data);
    expect(all.meta).toMatchObject({ total: 2, current_page: 1, last_page: 1 });

    const paged = await get<KeywordStatisticsResponse>(
      `statistics/keywords?${PERIOD}&sortBy=keyword&sortType=asc&limit=1&page=2`,
    );
    expect(paged.data.map((row) => row.keyword)).toEqual(['workout']);
    expect(paged.meta).toMatchObject({ total: 2, current_page: 2, last_page: 2 });
    expect(paged.top).toHaveLength(2);
    const bySpend = await get<KeywordStatisticsResponse>(
      `statistics/keywords?${PERIOD}&sortBy=spend&sortType=asc`,
    );
    expect(bySpend.data[0]!.keyword).toBe('fitness tracker');
    const lastDay = await get<KeywordStatisticsResponse>('statistics/keywords?from=2025-03-12&to=2025-03-12');
    expect(lastDay.data).toEqual([
      { keyword: 'workout', campaigns: 1, delivered: 5, planned: 5, spend: '0.8000' },
    ]);
    expect((await t.call('GET', 'statistics/keywords?sortBy=nope', owner)).statusCode).toBe(422);
  });
});

describe('GET statistics/campaigns', () => {
  it('gives each campaign of the period with its status, sorted by delivered', async () => {
    const { data, meta } = await get<{ data: CampaignFigures[]; meta: { total: number } }>(
      `statistics/campaigns?${PERIOD}`,
    );
    expect(meta.total).toBe(3);
    expect(data.map((row) => [row.id, row.status, row.delivered, row.planned, row.spend])).toEqual([
      [ids.keywords, 'completed', 40, 40, '6.4000'],
      [ids.direct, 'active', 25, 30, '3.0000'],
      [ids.workout, 'active', 5, 5, '0.8000'],
    ]);
    expect(data[0]).toMatchObject({
      product_type: 2,
      country: 'US',
      appstore: 1,
      package: FITNESS,
      campaigns: 1,
      started_at: '2025-03-10T08:00:00.000Z',
    });
    expect(data[0]!.app?.title).toBeTruthy();
    const byId = await get<{ data: CampaignFigures[] }>(
      `statistics/campaigns?${PERIOD}&sortBy=id&sortType=asc`,
    );
    expect(byId.data.map((row) => row.id)).toEqual([ids.direct, ids.keywords, ids.workout]);
  });

  it('groups by app (package)', async () => {
    const { data } = await get<{ data: CampaignFigures[] }>(`statistics/campaigns?${PERIOD}&groupBy=package`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: null,
      status: null,
      appstore: 1,
      package: FITNESS,
      campaigns: 3,
      delivered: 70,
      planned: 75,
      spend: '10.2000',
    });
    const res = await t.call('GET', 'statistics/campaigns?groupBy=package&sortBy=status', owner);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toHaveProperty('sortBy');
  });
});

describe('demo history', () => {
  it('seeds finished campaigns once, which Statistics shows', async () => {
    const demo = await makeUser(t.deps.db);
    await makeApp(t.deps, demo.user.id);
    const now = new Date('2025-06-01T12:00:00Z');
    await seedDemoCampaigns(t.deps.db, demo.user.id, now);
    await seedDemoCampaigns(t.deps.db, demo.user.id, now);
    const rows = await t.deps.db.select().from(campaigns).where(eq(campaigns.user_id, demo.user.id));
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.is_legacy && ['completed', 'canceled'].includes(row.status))).toBe(true);
    const { data } = await get<ProductStatisticsResponse>(
      'statistics/products?from=2025-03-01&to=2025-06-01',
      demo.auth,
    );
    expect(data.total.delivered).toBe(rows.reduce((sum, row) => sum + row.installs_actual, 0));
    expect(data.products.map((row) => row.product_type)).toEqual([1, 2]);
  });
});

describe('days in Pacific time', () => {
  it('counts a day on the Pacific calendar, PDT and PST alike', async () => {
    const user = await makeUser(t.deps.db);
    await makeApp(t.deps, user.user.id);
    await makeTopUp(t.deps.db, user.user.id, '100');
    const planned = async (period: string) => {
      const { data } = await get<ProductStatisticsResponse>(`statistics/products?${period}`, user.auth);
      return data.days.map((day) => [day.date, day.planned]);
    };
    // 05:00 UTC on 20 March is 22:00 PDT on the 19th: its first day is the 19th (UTC would say the 20th).
    await orderStartedAt(user.auth, directInstallsBody(), '2025-03-20T05:00:00Z');
    expect(await planned('from=2025-03-19&to=2025-03-22')).toEqual([
      ['2025-03-19', 10],
      ['2025-03-20', 10],
      ['2025-03-21', 10],
      ['2025-03-22', 0],
    ]);
    // 07:30 UTC on 3 November is 23:30 PST on the 2nd (a fixed PDT offset would say the 3rd).
    await orderStartedAt(user.auth, directInstallsBody({ days: 1 }), '2025-11-03T07:30:00Z');
    expect(await planned('from=2025-11-02&to=2025-11-03')).toEqual([
      ['2025-11-02', 10],
      ['2025-11-03', 0],
    ]);
  });

  it('ends the default period on today in Pacific time', async () => {
    // 03:00 UTC on 1 July is 20:00 PDT on 30 June.
    const { data } = await productStatistics(t.deps, 1, {}, new Date('2025-07-01T03:00:00Z'));
    expect(data.period).toEqual({ from: '2025-06-01', to: '2025-06-30' });
  });
});
