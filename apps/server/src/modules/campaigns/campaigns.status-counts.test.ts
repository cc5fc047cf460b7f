import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { campaigns, campaignStatusDeltas, countries, users } from '../../db/schema/index.js';
import { tabCounts } from './campaigns.service.js';

const API = '/api/private/v1';
let t: TestApp;
let countryId: number;
beforeAll(async () => {
  t = await buildTestApp();
  [{ id: countryId }] = (await t.deps.db.select({ id: countries.id }).from(countries).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => t.close());

/** `count` campaigns of the user in statuses taken in turn, product type 1 or 2 alternately, in one insert. */
async function insertCampaigns(userId: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    appstore: 1,
    package: `com.example.counts${i}`,
    country_id: countryId,
    product_type: (i % 2) + 1,
    status: CAMPAIGN_STATUSES[i % CAMPAIGN_STATUSES.length]!,
    days: 1,
    installs: 5,
    installs_total: 5,
    unit_price: '0',
    price: '0',
    settings: { deliveryType: 0, promotionRule: 0, distribution: 'equal', keywords: [], installsPlan: null },
  }));
  return t.deps.db.insert(campaigns).values(rows).returning({ id: campaigns.id });
}

/** The tabs' counts of a count of the user's campaigns (optionally of one product type). */
async function countedTabs(userId: number, productType?: number) {
  const byStatus = await t.deps.db
    .select({ status: campaigns.status, count: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(
      and(eq(campaigns.user_id, userId), productType ? eq(campaigns.product_type, productType) : undefined),
    )
    .groupBy(campaigns.status);
  return tabCounts(byStatus);
}

async function listedTabs(auth: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${API}/campaigns?limit=1${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().counts;
}

const deltaRows = (userId: number) =>
  t.deps.db.$count(campaignStatusDeltas, eq(campaignStatusDeltas.user_id, userId));

describe('the status tabs counts', () => {
  it('equal a count of the campaigns after inserts, concurrent status changes and reads, and folds', async () => {
    const owner = await makeUser(t.deps.db);
    const ids = (await insertCampaigns(owner.user.id, 150)).map((row) => row.id);
    expect(await deltaRows(owner.user.id)).toBe(150);

    expect(await listedTabs(owner.auth)).toEqual(await countedTabs(owner.user.id));
    // The read folded the 150 rows into one per status.
    expect(await deltaRows(owner.user.id)).toBe(CAMPAIGN_STATUSES.length);

    // Status changes in their own transactions, each moving a few campaigns, beside reads that fold.
    const moves = Array.from({ length: 40 }, (_, i) =>
      t.deps.db.transaction(async (tx) => {
        const picked = ids.filter((_, j) => (j * 7 + i) % 40 === 0);
        const status: CampaignStatus = CAMPAIGN_STATUSES[(i * 3) % CAMPAIGN_STATUSES.length]!;
        await tx.update(campaigns).set({ status }).where(inArray(campaigns.id, picked));
        // Also an update that leaves the status as it is: it writes no delta.
        await tx.update(campaigns).set({ favorite: true }).where(inArray(campaigns.id, picked));
      }),
    );
    const reads = Array.from({ length: 20 }, () => listedTabs(owner.auth));
    await Promise.all([...moves, ...reads]);

    expect(await listedTabs(owner.auth)).toEqual(await countedTabs(owner.user.id));
    // A filter other than the owner counts the campaigns themselves.
    expect(await listedTabs(owner.auth, '&productType=2')).toEqual(await countedTabs(owner.user.id, 2));
  });

  it('and the page are each user’s own, and go with a deleted user', async () => {
    const [one, two] = [await makeUser(t.deps.db), await makeUser(t.deps.db)];
    const ids = {
      one: (await insertCampaigns(one.user.id, 3)).map((row) => row.id),
      two: (await insertCampaigns(two.user.id, 12)).map((row) => row.id),
    };
    expect((await listedTabs(one.auth)).all).toBe(3);
    expect((await listedTabs(two.auth)).all).toBe((await countedTabs(two.user.id)).all);
    // The unfiltered page is a statement prepared once: the owner is its parameter, not the first caller.
    for (const [who, auth] of [
      ['one', one.auth],
      ['two', two.auth],
      ['one', one.auth],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/campaigns?status=draft&limit=50`,
        headers: auth,
      });
      const listed: number[] = res.json().data.map((campaign: { id: number }) => campaign.id);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((id) => ids[who].includes(id))).toBe(true);
    }

    // The cascade deletes the user's campaigns and their deltas without writing new ones.
    await t.deps.db.delete(users).where(eq(users.id, two.user.id));
    expect(await deltaRows(two.user.id)).toBe(0);
    expect((await listedTabs(one.auth)).all).toBe(3);
  });

  it('come with every page, the first of each size, a deeper one and one past the end', async () => {
    const owner = await makeUser(t.deps.db);
    const ids = (await insertCampaigns(owner.user.id, 45)).map((row) => row.id).sort((a, b) => b - a);
    const listedIds = (rows: { id: number }[]) => rows.map((row) => row.id);
    const counts = await countedTabs(owner.user.id);
    // Archived campaigns are not in the all tab.
    const archived = new Set(
      (
        await t.deps.db
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(eq(campaigns.user_id, owner.user.id), eq(campaigns.status, 'archived')))
      ).map((row) => row.id),
    );
    const all = ids.filter((id) => !archived.has(id));
    for (const [page, limit] of [
      [1, 10],
      [1, 20],
      [1, 7],
      [2, 10],
      [5, 10],
      [9, 10],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/campaigns?status=all&sortBy=id&sortType=desc&page=${page}&limit=${limit}`,
        headers: owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(listedIds(body.data), `page ${page} of ${limit}`).toEqual(
        all.slice((page - 1) * limit, page * limit),
      );
      expect(body.counts).toEqual(counts);
      expect(body.meta.total).toBe(all.length);
    }
  });
});
