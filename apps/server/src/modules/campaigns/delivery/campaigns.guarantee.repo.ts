import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import {
  campaignReviews,
  campaigns,
  countries,
  guaranteedReviews,
  reviewGuarantees,
} from '../../../db/schema/index.js';

/* The review guarantee's queries (docs/campaigns.md, Review guarantee). */

export type GuaranteeRow = typeof reviewGuarantees.$inferSelect;
export type GuaranteeChange = Partial<Omit<typeof reviewGuarantees.$inferInsert, 'campaign_id'>>;
export type NewGuaranteedReview = typeof guaranteedReviews.$inferInsert;

/** Starts a guarantee (once per campaign). */
export async function insertGuarantee(
  tx: Queryable,
  values: Pick<GuaranteeRow, 'campaign_id' | 'until' | 'delivered'>,
) {
  await tx.insert(reviewGuarantees).values(values).onConflictDoNothing();
}

export async function insertGuaranteedReviews(tx: Queryable, rows: NewGuaranteedReview[]) {
  if (rows.length) await tx.insert(guaranteedReviews).values(rows);
}

/** The ids of a campaign's first `count` review texts, in the order given. */
export async function textIdsOf(tx: Queryable, campaignId: number, count: number): Promise<number[]> {
  const rows = await tx
    .select({ id: campaignReviews.id })
    .from(campaignReviews)
    .where(eq(campaignReviews.campaign_id, campaignId))
    .orderBy(asc(campaignReviews.id))
    .limit(count);
  return rows.map((row) => row.id);
}

/** A campaign's guarantee (`lock`: for update, in the caller's transaction). */
export async function findGuarantee(
  db: Queryable,
  campaignId: number,
  lock = false,
): Promise<GuaranteeRow | undefined> {
  const query = db.select().from(reviewGuarantees).where(eq(reviewGuarantees.campaign_id, campaignId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function updateGuarantee(tx: Queryable, campaignId: number, values: GuaranteeChange) {
  await tx.update(reviewGuarantees).set(values).where(eq(reviewGuarantees.campaign_id, campaignId));
}

/** How many of a campaign's guaranteed reviews the store still showed at the last check. */
export async function shownCount(db: Queryable, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(guaranteedReviews)
    .where(and(eq(guaranteedReviews.campaign_id, campaignId), isNull(guaranteedReviews.gone_at)));
  return row?.n ?? 0;
}

/**
 * The guarantees to check at `now`: not checked up to their end yet, and ended less than `giveUpMs` ago (a
 * guarantee whose store cannot be read that long after its end is left as it stands).
 */
export async function dueGuarantees(db: Queryable, now: Date, giveUpMs: number): Promise<number[]> {
  const rows = await db
    .select({ id: reviewGuarantees.campaign_id })
    .from(reviewGuarantees)
    .where(
      and(
        sql`(${reviewGuarantees.checked_at} is null or ${reviewGuarantees.checked_at} < ${reviewGuarantees.until})`,
        gt(reviewGuarantees.until, new Date(now.getTime() - giveUpMs)),
      ),
    )
    .orderBy(asc(reviewGuarantees.campaign_id));
  return rows.map((row) => row.id);
}

/** Where a guaranteed campaign's reviews are shown (store, package, country, since when) and its vendor. */
export async function checkedCampaignOf(db: Queryable, campaignId: number) {
  const [row] = await db
    .select({
      vendor_id: campaigns.vendor_id,
      appstore: campaigns.appstore,
      packageId: campaigns.package,
      country: countries.code,
      since: sql<Date>`coalesce(${campaigns.started_at}, ${campaigns.created_at})`.mapWith(
        campaigns.created_at,
      ),
    })
    .from(campaigns)
    .innerJoin(countries, eq(countries.id, campaigns.country_id))
    .where(eq(campaigns.id, campaignId));
  return row;
}

/** The guaranteed reviews the store still showed at the last check, each with its text (null: generated). */
export async function shownReviewsOf(db: Queryable, campaignId: number) {
  return db
    .select({
      id: guaranteedReviews.id,
      campaign_id: guaranteedReviews.campaign_id,
      delivered_at: guaranteedReviews.delivered_at,
      is_refill: guaranteedReviews.is_refill,
      title: campaignReviews.title,
      body: campaignReviews.body,
      rating: campaignReviews.rates,
    })
    .from(guaranteedReviews)
    .leftJoin(campaignReviews, eq(campaignReviews.id, guaranteedReviews.review_id))
    .where(and(eq(guaranteedReviews.campaign_id, campaignId), isNull(guaranteedReviews.gone_at)))
    .orderBy(asc(guaranteedReviews.id));
}

/** Marks reviews the store no longer shows (those not marked already). */
export async function markGone(tx: Queryable, ids: number[], at: Date) {
  if (!ids.length) return;
  await tx
    .update(guaranteedReviews)
    .set({ gone_at: at })
    .where(and(inArray(guaranteedReviews.id, ids), isNull(guaranteedReviews.gone_at)));
}

/** The texts of a campaign's `count` latest gone reviews: what a refill posts again. */
export async function goneTextIds(
  tx: Queryable,
  campaignId: number,
  count: number,
): Promise<(number | null)[]> {
  const rows = await tx
    .select({ review_id: guaranteedReviews.review_id })
    .from(guaranteedReviews)
    .where(and(eq(guaranteedReviews.campaign_id, campaignId), isNotNull(guaranteedReviews.gone_at)))
    .orderBy(desc(guaranteedReviews.gone_at), desc(guaranteedReviews.id))
    .limit(count);
  return rows.map((row) => row.review_id);
}
