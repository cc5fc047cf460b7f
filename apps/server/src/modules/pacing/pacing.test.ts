import { and, eq } from 'drizzle-orm';
import { addDays, type App, type Pacing } from '@storelift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeKeywords, makeUser } from '../../../test/factories.js';
import {
  campaignOrderDays,
  campaignOrders,
  campaigns,
  keywordRanks,
  keywords,
} from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { utcDay } from '../keywords/ranks.js';

let t: TestApp;
let alice: { authorization: string };
let aliceApp: App;

const API = '/api/private/v1';
const TODAY = utcDay();
const KEYWORD = 'fitness tracker';

/**
 * Another account's delivered campaign on `KEYWORD`: a week at rank 100 before it, 7 days of 50 installs,
 * a week at rank 50 after it (a pace of ln 2 ÷ 350 per install).
 */
async function deliveredCampaign(startDay: string) {
  const { user } = await makeUser(t.deps.db);
  const app = await makeApp(t.deps, user.id);
  const [keyword] = await makeKeywords(t.deps, app, [KEYWORD]);
  const endDay = addDays(startDay, 6);
  const samples = Array.from({ length: 21 }, (_, index) => {
    const day = addDays(startDay, index - 7);
    const rank = index < 7 ? 100 : index < 14 ? 100 - (index - 6) * 7 : 50;
    return {
      keyword_id: keyword!.id,
      day,
      rank,
      state: 'ok' as const,
      source: 'daily' as const,
      checked_at: new Date(),
    };
  });
  await t.deps.db.insert(keywordRanks).values(samples);
  const [campaign] = await t.deps.db
    .insert(campaigns)
    .values({
      user_id: user.id,
      app_id: app.id,
      appstore: app.appstore,
      package: app.package,
      country_id: app.country.id,
      product_type: 2,
      status: 'completed',
      days: 7,
      installs: 50,
      installs_total: 350,
      installs_actual: 350,
      unit_price: '0.2000',
      price: '70.0000',
      settings: {
        deliveryType: 0,
        promotionRule: 0,
        distribution: 'equal',
        keywords: [KEYWORD],
        installsPlan: null,
      },
      started_at: new Date(`${startDay}T00:00:00Z`),
      finished_at: new Date(`${endDay}T20:00:00Z`),
    })
    .returning();
  const [order] = await t.deps.db
    .insert(campaignOrders)
    .values({
      campaign_id: campaign!.id,
      type: 2,
      keyword: KEYWORD,
      installs_total: 350,
      installs_actual: 350,
    })
    .returning();
  await t.deps.db.insert(campaignOrderDays).values(
    Array.from({ length: 7 }, (_, index) => ({
      order_id: order!.id,
      day: index + 1,
      installs_total: 50,
      installs_actual: 50,
    })),
  );
}

async function ask(payload: object, headers: Record<string, string> = alice) {
  return t.app.inject({ method: 'POST', url: `${API}/pacing`, headers, payload });
}
async function pacing(payload: object = {}): Promise<Pacing> {
  const res = await ask({
    packageId: DEMO_APPS.googlePlay.fitness,
    appstore: 1,
    country: 'US',
    keywords: [KEYWORD],
    target: 20,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const made = await makeUser(t.deps.db);
  alice = made.auth;
  aliceApp = await makeApp(t.deps, made.user.id);
  await makeKeywords(t.deps, aliceApp, [KEYWORD, 'step counter']);
  await t.deps.db
    .update(keywords)
    .set({ rank: 80, rank_state: 'ok', score: 64, difficulty: 41 })
    .where(and(eq(keywords.app_id, aliceApp.id), eq(keywords.keyword, KEYWORD)));
});
afterAll(() => t.close());

describe('POST pacing', () => {
  it('answers 401 without a session', async () => {
    expect((await ask({}, {})).statusCode).toBe(401);
  });

  it('answers 422 with field errors on bad input', async () => {
    const base = { packageId: DEMO_APPS.googlePlay.fitness, country: 'US', keywords: [KEYWORD], target: 10 };
    for (const [field, bad] of [
      ['target', { target: 0 }],
      ['target', { target: 251 }],
      ['target', { target: 'top' }],
      ['keywords', { keywords: [] }],
      ['country', { country: 'ZZ' }],
      ['installs', { installs: -1 }],
    ] as const) {
      const res = await ask({ ...base, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(errorsOf(res))).toContain(field);
    }
  });

  it("answers 404 for an app the caller does not track (another user's keywords)", async () => {
    const { user } = await makeUser(t.deps.db);
    const other = await makeApp(t.deps, user.id, { package: DEMO_APPS.googlePlay.puzzle });
    await makeKeywords(t.deps, other, ['puzzle']);
    const res = await ask({
      packageId: DEMO_APPS.googlePlay.puzzle,
      country: 'US',
      keywords: ['puzzle'],
      target: 5,
    });
    expect(res.statusCode).toBe(404);
  });

  it('says "not enough data" below the minimum, with how many campaigns there are', async () => {
    for (const weeksAgo of [5, 8, 11, 14]) await deliveredCampaign(addDays(TODAY, -7 * weeksAgo));
    const answer = await pacing();
    expect(answer.campaigns).toBe(4);
    expect(answer.min_campaigns).toBe(5);
    const [keyword] = answer.keywords;
    expect(keyword).toMatchObject({
      rank: 80,
      score: 64,
      difficulty: 41,
      reason: 'not_enough_data',
      suggestion: null,
    });
    expect(answer.plan).toBeNull();
  });

  it('suggests installs per day and days from five delivered campaigns, and the expected rank of a plan', async () => {
    await deliveredCampaign(addDays(TODAY, -7 * 17));
    const answer = await pacing({ installs: 700 });
    expect(answer.campaigns).toBe(5);
    const [keyword] = answer.keywords;
    expect(keyword!.reason).toBeNull();
    // ln(80 / 20) ÷ (ln 2 ÷ 350) = 700 installs: 14 days at the 50 a day the campaigns delivered.
    expect(keyword!.suggestion).toMatchObject({ installs_per_day: 50, plan_days: 14, reachable: true });
    expect(keyword!.suggestion!.days.mid).toBe(14);
    expect(keyword!.expected_rank!.median).toBe(20);
    expect(answer.plan).toEqual({ installs_per_day: 50, days: 14 });
  });

  it("tells the caller's own keyword apart: untracked, not checked, already at the target", async () => {
    // Another account tracks "running" for the same app with a rank: the caller does not, so sees nothing of it.
    const { user } = await makeUser(t.deps.db);
    const [theirs] = await makeKeywords(t.deps, await makeApp(t.deps, user.id), ['running']);
    await t.deps.db
      .update(keywords)
      .set({ rank: 12, rank_state: 'ok', score: 50, difficulty: 60 })
      .where(eq(keywords.id, theirs!.id));
    const answer = await pacing({ keywords: [KEYWORD, 'step counter', 'running'], target: 90 });
    expect(answer.keywords.map((keyword) => keyword.reason)).toEqual([
      'at_target',
      'rank_unknown',
      'not_tracked',
    ]);
    expect(answer.keywords[2]).toMatchObject({ rank: null, rank_state: null, score: null, difficulty: null });
  });
});
