/**
 * Limits and enumerations of campaigns (customer-area §3, §9) that the web reads as plain values; the campaign
 * contracts build their rules from them. Without zod, so that reading a limit does not build the schemas.
 */
import { PRODUCT_TYPES, type CAMPAIGN_STATUSES } from './domain.js';

/** The product types `POST campaigns` orders (customer-area §3 numbers). */
export const ORDERABLE_PRODUCT_TYPES = [
  PRODUCT_TYPES.package,
  PRODUCT_TYPES.keyword,
  PRODUCT_TYPES.hqReview,
  PRODUCT_TYPES.rate,
  PRODUCT_TYPES.review,
  PRODUCT_TYPES.impressions,
] as const;
/** Rates and reviews: ordering them needs the terms accepted (`checkedTerms`). */
export const TERMS_PRODUCT_TYPES = [
  PRODUCT_TYPES.hqReview,
  PRODUCT_TYPES.rate,
  PRODUCT_TYPES.review,
] as const;
/** Product types whose body carries review texts (custom mode) or a generated-review setting. */
export const REVIEW_PRODUCT_TYPES = [PRODUCT_TYPES.hqReview, PRODUCT_TYPES.review] as const;
/** Guaranteed reviews (customer-area §9): moderation 12 to 48 hours, then a 3-week guarantee that 90 of 100 stay. */
export const REVIEW_GUARANTEE = {
  moderationHoursMin: 12,
  moderationHoursMax: 48,
  guaranteeDays: 21,
  keepPercent: 90,
} as const;
/** Most custom review texts one campaign may carry (ours; generated mode has no texts). */
export const CAMPAIGN_REVIEWS_MAX = 500;
/** Review text limits (ours: Google Play's 500-symbol review fits every store). */
export const REVIEW_LIMITS = { titleMin: 2, titleMax: 100, bodyMin: 10, bodyMax: 500 } as const;
/** Longest direct-installs campaign (ours: the spec gives only a minimum). */
export const CAMPAIGN_DAYS_MAX = 60;
/** Most keywords one keyword-installs campaign may carry (ours). */
export const CAMPAIGN_KEYWORDS_MAX = 50;

/** Staff user orders' sorts. */
export const ADMIN_CAMPAIGN_SORTS = ['id', 'created_at', 'price', 'status', 'user_id'] as const;

/** The statuses of a campaign still under way: the dashboard's "running" list. */
export const RUNNING_CAMPAIGN_STATUSES = [
  'active',
  'pause',
  'pending',
  'moderation',
  'delayed',
] as const satisfies readonly (typeof CAMPAIGN_STATUSES)[number][];

/** How many running campaigns the dashboard widget lists (newest first). */
export const WIDGET_RUNNING_LIMIT = 5;
/** Days of spending the dashboard widget sums (ending now). */
export const WIDGET_SPENT_DAYS = 30;

/** The installs map of each product that has one (`installsMaps`). */
export const INSTALLS_MAP_OF: Partial<Record<number, 'rate' | 'review' | 'hq'>> = {
  [PRODUCT_TYPES.rate]: 'rate',
  [PRODUCT_TYPES.review]: 'review',
  [PRODUCT_TYPES.hqReview]: 'hq',
};
