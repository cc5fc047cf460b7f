import { PRODUCT_TYPES, type CreateCampaignBody } from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import type { Tx } from '../../ledger/ledger.js';
import { cpiValues } from '../cpi/campaigns.cpi.js';
import * as cpiRepo from '../cpi/campaigns.cpi-repo.js';
import { launch, type DeliveryConfig } from '../delivery/campaigns.lifecycle.js';
import * as repo from '../campaigns.repo.js';
import { requireTerms, sendToModeration } from '../campaigns.reviews.js';
import { rowValues, type Prepared } from '../campaigns.rules.js';

/** The vendor orders a prepared campaign of product `type` makes. */
export function newOrders(type: number, prepared: Prepared): repo.NewOrder[] {
  return prepared.orders.map((order) => ({ type, ...order }));
}

/** Writes a campaign's review texts and CPI part (`fresh`: a new campaign, nothing to replace). */
export async function writeExtras(tx: Tx, campaignId: number, prepared: Prepared, fresh = false) {
  if (!fresh || prepared.reviews.length) await repo.replaceReviews(tx, campaignId, prepared.reviews, fresh);
  if (prepared.cpi) await cpiRepo.insertCpi(tx, cpiValues(campaignId, prepared.cpi));
}

/**
 * The customer starts a locked draft or delayed campaign: rates and reviews need the terms accepted;
 * guaranteed reviews are charged and go to moderation; anything else starts (or waits for its time).
 */
export function begin(tx: Tx, row: repo.CampaignRow, userId: number, now: Date, config: DeliveryConfig) {
  requireTerms(row.product_type, row.settings);
  if (row.product_type === PRODUCT_TYPES.hqReview) return sendToModeration(tx, row, userId, now);
  return launch(tx, row, userId, now, config);
}

/**
 * Step 5 of an order: in one transaction, the campaign as a draft with its orders, review texts and CPI
 * part, then (unless it is a draft) started (`begin`). `claim` is written with the campaign, before any charge (the public API's
 * Idempotency-Key: when it throws, nothing is ordered).
 */
export async function insertOrder(
  deps: Deps,
  userId: number,
  body: CreateCampaignBody,
  prepared: Prepared,
  now: Date,
  claim?: repo.CampaignClaim,
): Promise<repo.CampaignRow> {
  return deps.db.transaction(async (tx) => {
    const draft = await repo.insertCampaign(
      tx,
      { ...rowValues(body, prepared), user_id: userId, status: 'draft' },
      { history: { actorId: userId }, orders: newOrders(body.productType, prepared), claim },
    );
    await writeExtras(tx, draft.id, prepared, true);
    return body.draft ? draft : begin(tx, draft, userId, now, deps.config);
  });
}
