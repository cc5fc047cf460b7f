import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DAY_MS,
  PRODUCT_TYPES,
  REVIEW_GUARANTEE,
  formatMoney,
  parseMoney,
  type CampaignGuarantee,
} from '@storelift/shared';
import type { Queryable } from '../../../db/client.js';
import { guaranteedReviews, reviewGuarantees } from '../../../db/schema/index.js';
import type { Tx } from '../../ledger/ledger.js';
import type * as repo from '../campaigns.repo.js';

/*
 * The review guarantee's record (docs/campaigns.md, Review guarantee): a completed guaranteed-reviews campaign
 * keeps each delivered review; `campaigns.guarantee-check.ts` checks them.
 */

/** Starts the guarantee of a locked guaranteed-reviews campaign that has just completed. */
export async function startGuarantee(tx: Tx, row: repo.CampaignRow, now: Date) {
  if (row.product_type !== PRODUCT_TYPES.hqReview || row.installs_actual <= 0) return;
  await tx
    .insert(reviewGuarantees)
    .values({
      campaign_id: row.id,
      until: new Date(now.getTime() + REVIEW_GUARANTEE.guaranteeDays * DAY_MS),
      delivered: row.installs_actual,
    })
    .onConflictDoNothing();
  await tx
    .insert(guaranteedReviews)
    .values(Array.from({ length: row.installs_actual }, () => ({ campaign_id: row.id, delivered_at: now })));
}

/**
 * What a campaign's details show of its guarantee, null when it has none; `monitored`: whether the store
 * provider can check its reviews (else nothing checks them: "not monitored").
 */
export async function guaranteeOf(
  db: Queryable,
  campaignId: number,
  monitored: boolean,
): Promise<CampaignGuarantee | null> {
  const [row] = await db.select().from(reviewGuarantees).where(eq(reviewGuarantees.campaign_id, campaignId));
  if (!row) return null;
  const [shown] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(guaranteedReviews)
    .where(and(eq(guaranteedReviews.campaign_id, campaignId), isNull(guaranteedReviews.gone_at)));
  return {
    until: row.until.toISOString(),
    delivered: row.delivered,
    stayed: shown?.n ?? 0,
    refilled: row.refilled,
    refunded: row.refunded,
    refunded_amount: formatMoney(parseMoney(row.refunded_amount)),
    checked_at: row.checked_at?.toISOString() ?? null,
    monitored,
  };
}
