import {
  CAMPAIGN_MESSAGES,
  PRODUCT_TYPES,
  REVIEW_GUARANTEE,
  REVIEW_MODES,
  REVIEW_PRODUCT_TYPES,
  TERMS_PRODUCT_TYPES,
  type CreateCampaignBody,
  type Review,
} from '@storelift/shared';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import type { Tx } from '../ledger/ledger.js';
import type { CampaignSettings } from '../../db/schema/campaigns.js';
import { chargeOnce, move } from './delivery/campaigns.lifecycle.js';
import type * as repo from './campaigns.repo.js';

/*
 * Rates and reviews (product types 5, 6, 7; customer-area §3, §5, §9): their settings, the review texts
 * of custom mode, the terms, and the guaranteed reviews' moderation.
 */

const HOUR_MS = 3_600_000;

export const needsTerms = (type: number) => (TERMS_PRODUCT_TYPES as readonly number[]).includes(type);
export const hasReviews = (type: number) => (REVIEW_PRODUCT_TYPES as readonly number[]).includes(type);

/** The settings of rates and reviews a body sets (defaults filled in); none for other types. */
export function reviewSettings(body: CreateCampaignBody): Partial<CampaignSettings> {
  if (!needsTerms(body.productType)) return {};
  return {
    rateType: body.rateType ?? 2,
    ...(hasReviews(body.productType) && { reviewMode: body.reviewMode ?? REVIEW_MODES.CUSTOM }),
    gender: body.gender ?? 'both',
    language: body.language ?? 'english',
    checkedTerms: body.checkedTerms ?? false,
  };
}

/**
 * The review texts a body orders: custom mode's (their count is the shared `orderFieldErrors`' rule);
 * generated mode and other types carry none.
 */
export function reviewTexts(body: CreateCampaignBody): Review[] {
  if (!hasReviews(body.productType) || (body.reviewMode ?? REVIEW_MODES.CUSTOM) !== REVIEW_MODES.CUSTOM)
    return [];
  return body.reviews ?? [];
}

/** 422 on `checkedTerms` when a campaign of rates or reviews is ordered without the terms accepted. */
export function requireTerms(type: number, settings: Pick<CampaignSettings, 'checkedTerms'>) {
  if (needsTerms(type) && !settings.checkedTerms)
    throw ValidationError.field('checkedTerms', CAMPAIGN_MESSAGES.campaignTermsRequired);
}

/**
 * Orders guaranteed reviews: the price is charged now (bonus first; 422 when short) and the campaign
 * waits in moderation; staff `start` then activates it without a second charge, `rejected` refunds it.
 */
export async function sendToModeration(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
): Promise<repo.CampaignRow> {
  if (row.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
  const charged = await chargeOnce(tx, row);
  return move(tx, row, 'moderation', actorId, { ...charged, moderation_at: now });
}

/** The latest end of a guaranteed-reviews campaign's moderation, while it is in moderation. */
export function moderationUntil(row: repo.CampaignRow): Date | null {
  if (row.product_type !== PRODUCT_TYPES.hqReview || row.status !== 'moderation') return null;
  // Sent by staff (`moderation` action) rather than ordered: the last change stands in.
  const since = row.moderation_at ?? row.updated_at;
  return new Date(since.getTime() + REVIEW_GUARANTEE.moderationHoursMax * HOUR_MS);
}

/** The end of the guarantee of a delivered guaranteed-reviews campaign (3 weeks after completion). */
export function guaranteeUntil(row: repo.CampaignRow): Date | null {
  if (row.product_type !== PRODUCT_TYPES.hqReview || !row.finished_at || row.status !== 'completed')
    return null;
  return new Date(row.finished_at.getTime() + REVIEW_GUARANTEE.guaranteeDays * 24 * HOUR_MS);
}
