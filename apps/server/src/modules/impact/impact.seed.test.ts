import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ImpactStatisticsResponse } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { keywordRanks } from '../../db/schema/index.js';
import { seedDemoApps } from '../keywords/demo-data.js';
import { seedDemoCampaigns } from '../statistics/statistics.seed.js';
import { seedDemoImpact } from './impact.seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

describe('the demo impact', () => {
  it('gives every finished demo keyword campaign ranks that moved, the same on a rerun', async () => {
    const demo = await makeUser(t.deps.db);
    await seedDemoApps(t.deps.db, demo.user.id);
    await seedDemoCampaigns(t.deps.db, demo.user.id);
    await seedDemoImpact(t.deps.db, demo.user.id);
    const ranks = await t.deps.db
      .select()
      .from(keywordRanks)
      .orderBy(keywordRanks.keyword_id, keywordRanks.day);
    await seedDemoImpact(t.deps.db, demo.user.id);
    expect(
      await t.deps.db.select().from(keywordRanks).orderBy(keywordRanks.keyword_id, keywordRanks.day),
    ).toEqual(ranks);

    const res = await t.call('GET', 'statistics/impact?limit=100', demo.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as ImpactStatisticsResponse;
    // The three keyword campaigns of the last 30 days: 2 + 2 + 3 keywords.
    expect(data.length).toBeGreaterThanOrEqual(7);
    // Each keyword slipped before its campaign and climbed back during it.
    const finished = data.filter((row) => !row.running);
    expect(finished.length).toBeGreaterThanOrEqual(5);
    for (const row of finished) {
      expect(row.places_gained, row.keyword).toBeGreaterThan(10);
      expect(row.best!.rank).toBeLessThan(row.before.average!);
      expect(row.per_place).not.toBeNull();
    }
    expect(data.some((row) => row.baseline !== null)).toBe(true);
    // Pages hold keyword rows, newest campaign first.
    const second = (
      await t.call('GET', 'statistics/impact?limit=2&page=2', demo.auth)
    ).json() as ImpactStatisticsResponse;
    expect(second.meta.total).toBe(data.length);
    expect(second.data.map((row) => [row.campaign_id, row.keyword])).toEqual(
      data.slice(2, 4).map((row) => [row.campaign_id, row.keyword]),
    );
    expect(await t.deps.db.$count(keywordRanks, eq(keywordRanks.state, 'error'))).toBe(0);
  });
});
