import {
  DAY_MS,
  PRODUCT_TYPES,
  REVIEW_GUARANTEE,
  formatMoney,
  parseMoney,
  type CampaignGuarantee,
} from '@storelift/shared';
import type { Queryable } from '../../../db/client.js';
import type { Tx } from '../../ledger/ledger.js';
import type * as repo from '../campaigns.repo.js';
import * as guarantees from './campaigns.guarantee.repo.js';

/*
 * The review guarantee's record (docs/campaigns.md, Review guarantee): a completed guaranteed-reviews campaign
 * keeps each delivered review and which of its texts it is; `campaigns.guarantee-check.ts` checks them.
 */

/**
 * Starts the guarantee of a locked guaranteed-reviews campaign that has just completed: its delivered reviews
 * are its first texts in the order given (none for generated reviews).
 */
export async function startGuarantee(tx: Tx, row: repo.CampaignRow, now: Date) {
  if (row.product_type !== PRODUCT_TYPES.hqReview || row.installs_actual <= 0) return;
  await guarantees.insertGuarantee(tx, {
    campaign_id: row.id,
    until: new Date(now.getTime() + REVIEW_GUARANTEE.guaranteeDays * DAY_MS),
    delivered: row.installs_actual,
  });
  const texts = await guarantees.textIdsOf(tx, row.id, row.installs_actual);
  await guarantees.insertGuaranteedReviews(
    tx,
    Array.from({ length: row.installs_actual }, (_, i) => ({
      campaign_id: row.id,
      review_id: texts[i] ?? null,
      delivered_at: now,
    })),
  );
}

/**
 * What a campaign's details show of its guarantee, null when it has none. `canCheck`: whether the store
 * provider can read reviews at all; `monitored` is false where it cannot, and while the guarantee's store
 * reads have failed for over a day (the check sets `unmonitored_at`).
 */
export async function guaranteeOf(
  db: Queryable,
  campaignId: number,
  canCheck: boolean,
): Promise<CampaignGuarantee | null> {
  const row = await guarantees.findGuarantee(db, campaignId);
  if (!row) return null;
  return {
    until: row.until.toISOString(),
    delivered: row.delivered,
    stayed: await guarantees.shownCount(db, campaignId),
    refilled: row.refilled,
    refunded: row.refunded,
    refunded_amount: formatMoney(parseMoney(row.refunded_amount)),
    checked_at: row.checked_at?.toISOString() ?? null,
    monitored: canCheck && row.unmonitored_at === null,
  };
}
