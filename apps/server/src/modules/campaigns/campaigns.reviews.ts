import {
  CAMPAIGN_MESSAGES,
  PRODUCT_TYPES,
  RATE_TYPES,
  REVIEW_GUARANTEE,
  REVIEW_MODES,
  REVIEW_PRODUCT_TYPES,
  TERMS_PRODUCT_TYPES,
  type CommonReviewsQuery,
  type CreateCampaignBody,
  type Review,
} from '@storelift/shared';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import type { Tx } from '../ledger/ledger.js';
import { poolReviews } from '../reviews/reviews.service.js';
import type { CampaignSettings } from '../../db/schema/campaigns.js';
import { chargeOnce, move } from './delivery/campaigns.lifecycle.js';
import type * as repo from './campaigns.repo.js';

/*
 * Rates and reviews (product types 5, 6, 7; customer-area §3, §5, §9): their settings, the review texts
 * of custom mode, the terms, and the guaranteed reviews' moderation.
 */

const HOUR_MS = 3_600_000;

/** The stars a generated review of each rate type gives (RATE_TYPES: positive, positive-average, negative-average, negative). */
const STARS_OF_RATE_TYPE: Record<number, number> = {
  [RATE_TYPES.POSITIVE]: 5,
  [RATE_TYPES.POSITIVE_AVERAGE]: 4,
  [RATE_TYPES.NEGATIVE_AVERAGE]: 2,
  [RATE_TYPES.NEGATIVE]: 1,
};

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
 * The review texts a body orders: custom mode's (their count is the shared `orderFieldErrors`' rule). Generated
 * guaranteed reviews get `count` texts of the built-in pool here (by rating, language and gender): the guarantee
 * finds each delivered review in the store by its text. Other generated reviews and other types carry none.
 */
export function reviewTexts(body: CreateCampaignBody, count: number): Review[] {
  if (!hasReviews(body.productType)) return [];
  if ((body.reviewMode ?? REVIEW_MODES.CUSTOM) === REVIEW_MODES.CUSTOM) return body.reviews ?? [];
  if (body.productType !== PRODUCT_TYPES.hqReview) return [];
  const { rateType, language, gender } = reviewSettings(body) as Required<CampaignSettings>;
  const query = { rates: STARS_OF_RATE_TYPE[rateType]!, language, gender } as CommonReviewsQuery;
  return poolReviews(query, count, true);
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
