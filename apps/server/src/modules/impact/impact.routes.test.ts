import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, type CampaignImpact, type ImpactStatisticsResponse } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeKeywords, makeTopUp, makeUser } from '../../../test/factories.js';
import {
  campaignOrderDays,
  campaignOrders,
  campaigns,
  keywordRanks,
  notices,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { finish } from '../campaigns/delivery/campaigns.lifecycle.js';

const ADMIN = '/api/admin/v1';
type Auth = { authorization: string };
let t: TestApp;
let owner: Auth;
let other: Auth;
let campaignId: number;
let ownerId: number;

/** `home workout` held 40 in February and the week before the campaign, climbed to 8 during it, kept 9 after. */
function ranks(keywordId: number) {
  const rows = [];
  for (let day = '2026-02-01'; day <= '2026-03-20'; day = addDays(day, 1)) {
    const rank =
      day < '2026-03-10'
        ? 40
        : day <= '2026-03-12'
          ? { '2026-03-10': 30, '2026-03-11': 16, '2026-03-12': 8 }[day]!
          : 9;
    rows.push({
      keyword_id: keywordId,
      day,
      rank,
      state: 'ok' as const,
      source: 'daily' as const,
      checked_at: new Date(),
    });
  }
  return rows;
}

/** A keyword-installs campaign of `home workout` started on 10 March, its 3 days of 10 delivered in full. */
async function deliveredCampaign(): Promise<number> {
  const body = directInstallsBody({
    productType: 2,
    days: 3,
    deliveryType: 1,
    serializedChildKeywords: 'home workout',
  });
  const res = await t.call('POST', 'campaigns', owner, body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  await t.deps.db
    .update(campaigns)
    .set({ started_at: new Date('2026-03-10T08:00:00Z'), installs_actual: 30 })
    .where(eq(campaigns.id, id));
  await t.deps.db.execute(sql`update ${campaignOrderDays} d set installs_actual = d.installs_total
    from ${campaignOrders} o where o.id = d.order_id and o.campaign_id = ${id}`);
  await t.deps.db.execute(
    sql`update ${campaignOrders} set installs_actual = installs_total where campaign_id = ${id}`,
  );
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const a = await makeUser(t.deps.db);
  owner = a.auth;
  ownerId = a.user.id;
  other = (await makeUser(t.deps.db)).auth;
  const app = await makeApp(t.deps, a.user.id);
  await makeTopUp(t.deps.db, a.user.id, '100');
  const [keyword] = await makeKeywords(t.deps, app, ['home workout']);
  await t.deps.db.insert(keywordRanks).values(ranks(keyword!.id));
  campaignId = await deliveredCampaign();
  // Completed on the 12th.
  await t.deps.db
    .update(campaigns)
    .set({ status: 'completed', finished_at: new Date('2026-03-12T20:00:00Z') })
    .where(eq(campaigns.id, campaignId));
});
afterAll(() => t.close());

describe('GET campaigns/{id}/impact', () => {
  it('answers the owner the report per keyword, with the previous month beside it', async () => {
    const res = await t.call('GET', `campaigns/${campaignId}/impact`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as CampaignImpact;
    expect(report).toMatchObject({
      start: '2026-03-10',
      end: '2026-03-12',
      running: false,
      status: 'completed',
    });
    expect(report.keywords).toHaveLength(1);
    const [k] = report.keywords;
    expect(k).toMatchObject({
      keyword: 'home workout',
      before: { average: 40, sampled_days: 7 },
      during: { average: 18 },
      after: { from: '2026-03-13', to: '2026-03-19', average: 9 },
      compared_with: 'after',
      places_gained: 31,
      best: { rank: 8, day: '2026-03-12' },
      top10_days: 8,
      installs: 30,
      baseline: { from: '2026-02-10', to: '2026-02-12', before: 40, compared: 40, places_gained: 0 },
    });
    // Keyword installs on Google Play, Base plan: 0.16 an install; 4.80 over 31 places.
    expect(k!.spent).toBe('4.8000');
    expect(k!.per_place).toBe('0.1500');
  });

  it('is 404 for another user’s campaign and for one that does not exist', async () => {
    expect((await t.call('GET', `campaigns/${campaignId}/impact`, other)).statusCode).toBe(404);
    expect((await t.call('GET', `campaigns/${campaignId}/impact/export`, other)).statusCode).toBe(404);
    expect((await t.call('GET', 'campaigns/999999/impact', owner)).statusCode).toBe(404);
  });

  it('exports the report as CSV', async () => {
    const res = await t.call('GET', `campaigns/${campaignId}/impact/export`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`campaign-${campaignId}-impact.csv`);
    const [header, row, end] = res.body.split('\n');
    expect(header!.split(',').slice(0, 9)).toEqual([
      'campaign_id',
      'keyword',
      'status',
      'start',
      'end',
      'rank_before',
      'rank_during',
      'rank_after',
      'places_gained',
    ]);
    expect(row).toBe(
      `${campaignId},home workout,completed,2026-03-10,2026-03-12,40,18,9,31,after,8,2026-03-12,8,30,4.8000,0.1500,2026-02-10,2026-02-12,0`,
    );
    expect(end).toBe('');
  });

  it('answers staff with the user-orders module, and no one else', async () => {
    const admin = await makeUser(t.deps.db, { roles: ['admin'] });
    const ppc = await makeUser(t.deps.db, { roles: ['ppc'] });
    const url = `${ADMIN}/campaigns/${campaignId}/impact`;
    const seen = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json().data as CampaignImpact).keywords[0]!.places_gained).toBe(31);
    expect((await t.app.inject({ method: 'GET', url, headers: ppc.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: owner })).statusCode).toBe(403);
  });
});

describe('GET statistics/impact', () => {
  it('lists the keyword reports of the period, own campaigns only', async () => {
    const period = 'from=2026-03-01&to=2026-03-31';
    const mine = (
      await t.call('GET', `statistics/impact?${period}`, owner)
    ).json() as ImpactStatisticsResponse;
    expect(mine.data).toMatchObject([
      { campaign_id: campaignId, keyword: 'home workout', country: 'US', places_gained: 31 },
    ]);
    expect(mine.meta.total).toBe(1);
    const keyword = await t.call(
      'GET',
      `statistics/impact?${period}&keyword=Home%20Workout&productType=2`,
      owner,
    );
    expect((keyword.json() as ImpactStatisticsResponse).meta.total).toBe(1);
    const direct = await t.call('GET', `statistics/impact?${period}&productType=1`, owner);
    expect((direct.json() as ImpactStatisticsResponse).data).toEqual([]);
    expect((await t.call('GET', `statistics/impact?${period}&keyword=yoga`, owner)).json().data).toEqual([]);
    const theirs = (
      await t.call('GET', `statistics/impact?${period}`, other)
    ).json() as ImpactStatisticsResponse;
    expect(theirs.data).toEqual([]);
    const before = (await t.call('GET', 'statistics/impact?from=2026-01-01&to=2026-01-31', owner)).json();
    expect(before.data).toEqual([]);
    expect((await t.call('GET', 'statistics/impact?from=2026-04-01&to=2026-03-01', owner)).statusCode).toBe(
      422,
    );
    const csv = await t.call('GET', `statistics/impact/export?${period}`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('rank-impact.csv');
    expect(csv.body.split('\n')[1]).toMatch(
      new RegExp(`^${campaignId},home workout,completed,2026-03-10,2026-03-12,40,18,9,31,`),
    );
    const theirCsv = await t.call('GET', `statistics/impact/export?${period}`, other);
    expect(theirCsv.body.trim().split('\n')).toHaveLength(1); // the header only
  });
});

describe('completion', () => {
  it('tells the ranks in the campaign-completed notice and the webhook payload', async () => {
    await t.deps.db.insert(webhookEndpoints).values({
      user_id: ownerId,
      url: 'https://hooks.example.com/storelift',
      events: ['campaign.completed'],
      secret: 'whsec_test',
    });
    const id = await deliveredCampaign();
    await t.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id));
      await finish(tx, row!, 'completed', null, new Date('2026-03-12T20:00:00Z'));
    });
    const [notice] = await t.deps.db.select().from(notices).where(eq(notices.campaign_id, id));
    expect(notice).toMatchObject({
      key: 'campaignCompletedRanks',
      params: { id: String(id), ranks: 'home workout 40 → 18' },
    });
    const [delivery] = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.type, 'campaign.completed'));
    expect(delivery!.payload).toMatchObject({
      campaign_id: id,
      status: 'completed',
      impact: [
        {
          keyword: 'home workout',
          rank_before: 40,
          rank_during: 18,
          best_rank: 8,
          installs: 30,
          spent: '4.8000',
          previous_month_places_gained: 0,
        },
      ],
    });
  });
});
