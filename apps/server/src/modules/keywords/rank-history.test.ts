import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { App, ChartRankResponse, Keyword, RanksAroundResponse } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeKeywords, makeUser } from '../../../test/factories.js';
import {
  campaignOrderDays,
  campaignOrders,
  campaigns,
  countries,
  keywordRanks,
  keywordStoreRanks,
} from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { seedDemoCampaigns } from '../statistics/statistics.seed.js';
import { seedDemoApps } from './demo-data.js';
import { insertHistory } from './keywords.repo.js';
import { addDays, checkRanks, utcDay } from './ranks.js';

const GP = DEMO_APPS.googlePlay;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

const today = utcDay();
const dayStart = (day: string) => new Date(`${day}T09:00:00Z`);

/**
 * A campaign of the user as the order path leaves it once started: one order per keyword with its
 * delivered installs per day (day 1 is the start day).
 */
async function makeCampaign(
  userId: number,
  app: App,
  values: {
    keywords: string[];
    startDay: string;
    days: number;
    delivered: number[];
    finishedDay?: string;
    productType?: number;
    country?: number;
  },
) {
  const [campaign] = await t.deps.db
    .insert(campaigns)
    .values({
      user_id: userId,
      app_id: app.id,
      appstore: app.appstore,
      package: app.package,
      country_id: values.country ?? app.country.id,
      product_type: values.productType ?? 2,
      status: values.finishedDay ? 'completed' : 'active',
      days: values.days,
      installs: 20,
      installs_total: 20 * values.days,
      unit_price: '0.2000',
      price: '10.0000',
      settings: {
        deliveryType: 0,
        promotionRule: 0,
        distribution: 'even',
        keywords: values.keywords,
        installsPlan: null,
      },
      started_at: dayStart(values.startDay),
      finished_at: values.finishedDay ? dayStart(values.finishedDay) : null,
    })
    .returning();
  for (const keyword of values.keywords) {
    const [order] = await t.deps.db
      .insert(campaignOrders)
      .values({ campaign_id: campaign!.id, type: 2, keyword, installs_total: 20 * values.days })
      .returning();
    await t.deps.db.insert(campaignOrderDays).values(
      values.delivered.map((installs, index) => ({
        order_id: order!.id,
        day: index + 1,
        installs_total: 20,
        installs_actual: installs,
      })),
    );
  }
  return campaign!;
}

/** `days` daily ok samples of a keyword up to yesterday, rank 30 − i on the i-th day back. */
async function makeHistory(keywordId: number, days: number) {
  await insertHistory(
    t.database.db,
    Array.from({ length: days }, (_, i) => {
      const day = addDays(today, -(i + 1));
      return {
        keyword_id: keywordId,
        day,
        rank: 30 - (i % 20),
        state: 'ok' as const,
        source: 'daily' as const,
        checked_at: new Date(`${day}T00:30:00Z`),
      };
    }),
  );
}

const chart = async (auth: Record<string, string>, id: number, period = 'month') =>
  (await t.call('GET', `keywords/chartRank?id=${id}&period=${period}`, auth)).json() as ChartRankResponse;

describe('campaign periods on the rank chart', () => {
  it('answers the keyword-installs campaigns that targeted the keyword, with installs per day', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.fitness });
    const [fitness, yoga] = await makeKeywords(t.deps, app, ['fitness', 'yoga']);
    const start = addDays(today, -12);
    const both = await makeCampaign(user.id, app, {
      keywords: ['fitness', 'yoga'],
      startDay: start,
      days: 5,
      delivered: [10, 11, 12, 13, 14],
      finishedDay: addDays(start, 4),
    });
    const running = await makeCampaign(user.id, app, {
      keywords: ['fitness'],
      startDay: addDays(today, -1),
      days: 7,
      delivered: [20],
    });
    // Not this keyword's: direct installs, another country, long before the period, another user's.
    await makeCampaign(user.id, app, {
      keywords: ['fitness'],
      startDay: start,
      days: 3,
      delivered: [5],
      productType: 1,
    });
    const [gb] = await t.deps.db.select().from(countries).where(eq(countries.code, 'GB'));
    await makeCampaign(user.id, app, {
      keywords: ['fitness'],
      startDay: start,
      days: 3,
      delivered: [5],
      country: gb!.id,
    });
    await makeCampaign(user.id, app, {
      keywords: ['fitness'],
      startDay: addDays(today, -200),
      days: 3,
      delivered: [5],
      finishedDay: addDays(today, -198),
    });
    const stranger = await makeUser(t.database.db);
    const strangersApp = await makeApp(t.deps, stranger.user.id, { package: GP.fitness });
    await makeCampaign(stranger.user.id, strangersApp, {
      keywords: ['fitness'],
      startDay: start,
      days: 3,
      delivered: [9],
    });

    const month = await chart(auth, fitness!.id);
    expect(month.data).toHaveLength(30);
    expect(month.campaigns).toEqual([
      {
        id: both.id,
        status: 'completed',
        from: start,
        to: addDays(start, 4),
        installs: [10, 11, 12, 13, 14].map((installs, i) => ({ date: addDays(start, i), installs })),
      },
      {
        id: running.id,
        status: 'active',
        from: addDays(today, -1),
        to: addDays(today, 5),
        installs: [{ date: addDays(today, -1), installs: 20 }],
      },
    ]);
    // A week starting after the first campaign ended shows only the running one.
    expect((await chart(auth, fitness!.id, 'week')).campaigns.map((c) => c.id)).toEqual([running.id]);

    const many = (
      await t.call('GET', `keywords/chartRanksMany?ids=${fitness!.id},${yoga!.id}`, auth)
    ).json() as {
      data: { id: number; campaigns: { id: number }[] }[];
    };
    expect(many.data.map((line) => [line.id, line.campaigns.map((c) => c.id)])).toEqual([
      [fitness!.id, [both.id, running.id]],
      [yoga!.id, [both.id]],
    ]);
    // The stranger's chart of the same app and keyword shows only the stranger's campaign.
    const [theirs] = await makeKeywords(t.deps, strangersApp, ['fitness']);
    expect((await chart(stranger.auth, theirs!.id)).campaigns.map((c) => c.installs)).toEqual([
      [{ date: start, installs: 9 }],
    ]);
  });

  it("refuses another user's keyword and a period that is not one", async () => {
    const { user } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.fitness });
    const [keyword] = await makeKeywords(t.deps, app, ['fitness']);
    const stranger = await makeUser(t.database.db);
    expect((await t.call('GET', `keywords/chartRank?id=${keyword!.id}`, stranger.auth)).statusCode).toBe(404);
    expect((await t.call('GET', `keywords/ranksAround?id=${keyword!.id}`, stranger.auth)).statusCode).toBe(
      404,
    );
    const me = (await makeUser(t.database.db)).auth;
    expect((await t.call('GET', `keywords/ranksAround?id=${keyword!.id}&period=year`, me)).statusCode).toBe(
      422,
    );
    expect((await t.call('GET', 'keywords/ranksAround?id=x', me)).statusCode).toBe(422);
  });
});

describe('shared history', () => {
  /** Someone tracking the fitness app's `keyword` with 40 days of history. */
  async function tracker(keyword: string) {
    const { user } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.fitness });
    const [row] = await makeKeywords(t.deps, app, [keyword]);
    await makeHistory(row!.id, 40);
    return { user, row: row! };
  }

  /** A newcomer adding `keyword` for the fitness app: what the add and the 3-month chart answer. */
  async function newcomer(keyword: string) {
    const { auth, user } = await makeUser(t.database.db);
    await makeApp(t.deps, user.id, { package: GP.fitness });
    const added = await t.call('POST', 'keywords', auth, {
      keyword,
      packageId: GP.fitness,
      appstore: 1,
      country: 'US',
    });
    expect(added.statusCode).toBe(201);
    const view = added.json().data as Keyword;
    return { user, view, added: added.body, chart: await chart(auth, view.id, 'three_month') };
  }

  it('starts a newly added keyword with the samples the store already showed, times and source kept', async () => {
    const { row } = await tracker('running');
    const { view, chart: history } = await newcomer('running');
    const ranked = history.data.filter((point) => point.state === 'ok');
    expect(ranked.length).toBe(41); // 40 copied days and today's check
    expect(history.data.find((point) => point.date === addDays(today, -1))).toEqual({
      date: addDays(today, -1),
      rank: 30,
      state: 'ok',
    });
    const copied = await t.deps.db
      .select()
      .from(keywordRanks)
      .where(and(eq(keywordRanks.keyword_id, view.id), eq(keywordRanks.day, addDays(today, -3))));
    const original = await t.deps.db
      .select()
      .from(keywordRanks)
      .where(and(eq(keywordRanks.keyword_id, row.id), eq(keywordRanks.day, addDays(today, -3))));
    expect(copied[0]).toEqual({ ...original[0], keyword_id: view.id });
    // Yesterday's copied rank gives today's change at once.
    expect(view.change).toBe(30 - view.rank!);
  });

  it('never tells whether one or five accounts track the keyword, nor who', async () => {
    const first = await tracker('sleep');
    const one = await newcomer('sleep');
    const others = [first.user.id];
    for (let i = 0; i < 4; i++) others.push((await tracker('sleep')).user.id);
    const five = await newcomer('sleep');

    // The same answer but for the new row's own ids and check time.
    const comparable = (body: string) => {
      const {
        id: _id,
        app_id: _app,
        last_update: _at,
        ...rest
      } = (JSON.parse(body) as { data: Keyword }).data;
      return rest;
    };
    expect(comparable(five.added)).toEqual(comparable(one.added));
    expect(five.chart).toEqual(one.chart);
    const text = JSON.stringify(five.chart) + five.added;
    expect(text).not.toMatch(/user|account|owner|email/i);
    for (const id of others) expect(text).not.toContain(`"${id}"`);
  });

  it('starts cloned keywords with the history there too', async () => {
    const { user: other } = await makeUser(t.database.db);
    const [theirs] = await makeKeywords(
      t.deps,
      await makeApp(t.deps, other.id, { package: GP.fitness }),
      ['gym'],
      'GB',
    );
    await makeHistory(theirs!.id, 40);
    const { user, auth } = await makeUser(t.database.db);
    await makeKeywords(t.deps, await makeApp(t.deps, user.id, { package: GP.fitness }), ['gym']);
    const cloned = await t.call(
      'GET',
      `keywords/clone?packageId=${GP.fitness}&appstore=1&country=US&toCountry=GB`,
      auth,
    );
    expect(cloned.statusCode, cloned.body).toBe(200);
    const list = await t.call('GET', `keywords?packageId=${GP.fitness}&appstore=1&country=GB`, auth);
    const [gym] = list.json().data as Keyword[];
    const days = (await chart(auth, gym!.id, 'three_month')).data.filter((point) => point.state === 'ok');
    expect(days).toHaveLength(40);
  });

  it('copies nothing from another app, store or country', async () => {
    await tracker('yoga');
    const { user, auth } = await makeUser(t.database.db);
    await makeApp(t.deps, user.id, { package: GP.puzzle });
    const added = await t.call('POST', 'keywords', auth, {
      keyword: 'yoga',
      packageId: GP.puzzle,
      appstore: 1,
      country: 'US',
    });
    const id = (added.json().data as Keyword).id;
    const days = (await chart(auth, id, 'three_month')).data.filter((point) => point.state !== 'not_checked');
    expect(days.map((point) => point.date)).toEqual([today]);
  });
});

describe('who ranks around the app', () => {
  const around = async (auth: Record<string, string>, id: number, period = 'month') => {
    const res = await t.call('GET', `keywords/ranksAround?id=${id}&period=${period}`, auth);
    expect(res.statusCode).toBe(200);
    return (res.json() as RanksAroundResponse).data;
  };

  it("keeps the store's top 10 once per keyword, store, country and day, whoever tracks it", async () => {
    const a = await makeUser(t.database.db);
    const b = await makeUser(t.database.db);
    const keywordsOf = async (userId: number) =>
      makeKeywords(t.deps, await makeApp(t.deps, userId, { package: GP.fitness }), ['health']);
    const [ka] = await keywordsOf(a.user.id);
    const [kb] = await keywordsOf(b.user.id);
    const stored = () =>
      t.deps.db
        .select()
        .from(keywordStoreRanks)
        .where(and(eq(keywordStoreRanks.keyword, 'health'), eq(keywordStoreRanks.day, today)));
    await checkRanks(t.deps, { keywordIds: [ka!.id], source: 'add' });
    const once = await stored();
    await checkRanks(t.deps, { keywordIds: [kb!.id], source: 'add' });
    expect(await stored()).toEqual(once);
    expect(once.filter((row) => row.position <= 10).map((row) => row.position)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(Object.keys(once[0]!).sort()).toEqual(
      ['appstore', 'country_id', 'day', 'developer', 'keyword', 'package', 'position', 'title'].sort(),
    );

    const view = await around(a.auth, ka!.id);
    expect(view.day).toBe(today);
    expect(view.top.map((app) => app.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(view.top.filter((app) => app.own).map((app) => app.package)).toEqual([GP.fitness]);
    expect(view.top[0]).toMatchObject({ title: expect.any(String), history: [{ date: today, rank: 1 }] });
    expect(view.around).toEqual([]);
  });

  it('lists the apps just above and below a lower-ranked app, with their places over the period', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const [game] = await makeKeywords(t.deps, await makeApp(t.deps, user.id, { package: GP.fitness }), [
      'game',
    ]);
    await checkRanks(t.deps, { keywordIds: [game!.id], source: 'add' });
    const rank = (await t.call('GET', `keywords/keywordRank?id=${game!.id}`, auth)).json().data
      .rank as number;
    expect(rank).toBeGreaterThan(11);
    const before = await around(auth, game!.id);
    expect(before.top).toHaveLength(10);
    expect(before.around.map((app) => [app.position, app.own])).toEqual([
      [rank - 1, false],
      [rank, true],
      [rank + 1, false],
    ]);

    // Someone else tracks another app far below: the places kept around it never show here.
    const stranger = await makeUser(t.database.db);
    const [theirs] = await makeKeywords(
      t.deps,
      await makeApp(t.deps, stranger.user.id, { package: GP.puzzle }),
      ['game'],
    );
    await checkRanks(t.deps, { keywordIds: [theirs!.id], source: 'add' });
    expect(await around(auth, game!.id)).toEqual(before);
    const theirView = await around(stranger.auth, theirs!.id);
    expect(theirView.around.find((app) => app.own)?.package).toBe(GP.puzzle);
    expect(theirView.around.map((app) => app.position)).not.toContain(rank);
  });

  it('answers no day and empty lists before the first check', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const [row] = await makeKeywords(t.deps, await makeApp(t.deps, user.id, { package: GP.fitness }), [
      'steps',
    ]);
    expect(await around(auth, row!.id, 'week')).toEqual({ day: null, top: [], around: [] });
  });
});

describe('the demo account', () => {
  it("shows its keyword campaigns on the keywords' charts and who ranked around over the last month", async () => {
    const demo = await makeUser(t.database.db);
    await seedDemoApps(t.deps.db, demo.user.id);
    await seedDemoCampaigns(t.deps.db, demo.user.id);
    const list = await t.call(
      'GET',
      `keywords?packageId=${GP.fitness}&appstore=1&country=US&limit=100`,
      demo.auth,
    );
    const homeWorkout = (list.json().data as Keyword[]).find((row) => row.keyword === 'home workout')!;
    const history = await chart(demo.auth, homeWorkout.id, 'three_month');
    expect(history.campaigns.length).toBeGreaterThan(0);
    expect(history.campaigns.some((campaign) => campaign.installs.length > 0)).toBe(true);
    const view = (
      await t.call('GET', `keywords/ranksAround?id=${homeWorkout.id}&period=three_month`, demo.auth)
    ).json().data as RanksAroundResponse['data'];
    expect(view.top).toHaveLength(10);
    expect(Math.max(...view.top.map((app) => app.history.length))).toBeGreaterThanOrEqual(30);
  });
});
