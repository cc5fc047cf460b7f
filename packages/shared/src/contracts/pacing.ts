import { z } from 'zod';
import { APP_STORES, LIMITS } from '../constants/domain.js';
import { CAMPAIGN_KEYWORDS_MAX } from '../constants/campaigns.js';
import { countryRule } from '../rules/auth.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { keywordRule } from '../rules/keyword-rules.js';
import { MESSAGES } from '../rules/messages.js';
import { RANK_STATES } from './keywords.js';
import { appstoreQueryRule, packageIdValueRule } from './apps.js';

/** Fewest delivered campaigns of a store and country the pacing model is calibrated on (docs/pacing.md). */
export const PACING_MIN_CAMPAIGNS = 5;

/**
 * `POST pacing`: the chosen keywords of the keyword-installs form (the caller's app), the rank the customer
 * aims for, and optionally the installs per keyword of the plan about to be ordered (the review step's
 * expected rank).
 */
export const pacingBodySchema = z.object({
  packageId: packageIdValueRule,
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule,
  keywords: z
    .array(keywordRule, { error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(CAMPAIGN_KEYWORDS_MAX, CAMPAIGN_MESSAGES.campaignKeywordsMax),
  target: z
    .number({ error: CAMPAIGN_MESSAGES.pacingTargetRange })
    .int(CAMPAIGN_MESSAGES.pacingTargetRange)
    .min(1, CAMPAIGN_MESSAGES.pacingTargetRange)
    .max(LIMITS.rankMax, CAMPAIGN_MESSAGES.pacingTargetRange),
  /** Installs per keyword over the whole plan (at most 5000 a day for 14 days). */
  installs: z
    .number({ error: MESSAGES.dataNotValid })
    .int(MESSAGES.dataNotValid)
    .min(0, MESSAGES.dataNotValid)
    .max(LIMITS.installsMax * LIMITS.keywordInstallsMaxDays, MESSAGES.dataNotValid)
    .optional(),
});
export type PacingBody = z.input<typeof pacingBodySchema>;

/**
 * Days to the target at the suggested pace for the 75th, 50th and 25th percentile campaign's pace (fewest
 * first); null where campaigns at that percentile lost places (never, at that pace).
 */
const daysRangeSchema = z.object({
  low: z.number().int().nullable(),
  mid: z.number().int().nullable(),
  high: z.number().int().nullable(),
});
export type PacingDays = z.infer<typeof daysRangeSchema>;

/**
 * Why a keyword has no suggestion: too few delivered campaigns to calibrate on, the median campaign there
 * gained no place, a rank not known yet (never checked or the check failed), already at or above the
 * target, or not tracked for the app.
 */
export const PACING_REASONS = [
  'not_enough_data',
  'no_gain',
  'rank_unknown',
  'at_target',
  'not_tracked',
] as const;
export type PacingReason = (typeof PACING_REASONS)[number];

/** A rank range: best (the 75th percentile campaign's pace), median, worst; 251 = beyond 250. */
const rankRangeSchema = z.object({
  best: z.number().int(),
  median: z.number().int(),
  worst: z.number().int(),
});
export type PacingRankRange = z.infer<typeof rankRangeSchema>;

export const pacingKeywordSchema = z.object({
  keyword: z.string(),
  rank: z.number().int().nullable(),
  rank_state: z.enum(RANK_STATES).nullable(),
  score: z.number().int().nullable(),
  /** 1-100: how strong the top 10 of the store's results are (docs/pacing.md, Difficulty). */
  difficulty: z.number().int().nullable(),
  reason: z.enum(PACING_REASONS).nullable(),
  /** Null with a reason. */
  suggestion: z
    .object({
      installs_per_day: z.number().int(),
      days: daysRangeSchema,
      /** Whether the median campaign's pace reaches the target within 14 days. */
      reachable: z.boolean(),
      /** Days of the suggested plan (the median's days to the target, at most 14). */
      plan_days: z.number().int(),
      /** Where the suggested plan leaves the keyword. */
      expected_rank: rankRangeSchema,
    })
    .nullable(),
  /** Where `installs` of the body leave the keyword; null without `installs` or a calibration. */
  expected_rank: rankRangeSchema.nullable(),
});
export type PacingKeyword = z.infer<typeof pacingKeywordSchema>;

export const pacingResponseSchema = z.object({
  data: z.object({
    target: z.number().int(),
    /** Delivered campaigns of the store and country the model rests on, and the minimum it needs. */
    campaigns: z.number().int(),
    min_campaigns: z.number().int(),
    keywords: z.array(pacingKeywordSchema),
    /** One flat plan for all keywords (the form's plan is per keyword): the most demanding suggestion. */
    plan: z.object({ installs_per_day: z.number().int(), days: z.number().int() }).nullable(),
  }),
});
export type PacingResponse = z.infer<typeof pacingResponseSchema>;
export type Pacing = PacingResponse['data'];
