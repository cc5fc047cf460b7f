import { z } from 'zod';
import { moneySchema } from './billing.js';
import { campaignStatusSchema } from './campaigns.js';
import { pageMetaSchema } from './common.js';
import { statisticsFiltersSchema, statisticsPeriodSchema } from './statistics.js';

/*
 * What a keyword-installs campaign did to each keyword's rank (docs/impact.md): lower ranks are better,
 * an out-of-rank day counts as 251, a day without a sample is left out, averages carry one decimal.
 */

/** A window of days and its average rank (null when no day of it was sampled). */
export const rankWindowSchema = z.object({
  from: z.string(),
  to: z.string(),
  average: z.number().nullable(),
  sampled_days: z.number().int(),
  out_of_rank_days: z.number().int(),
});
export type RankWindowView = z.infer<typeof rankWindowSchema>;

/** The keyword's movement in the same-length period a month earlier, measured the same way. */
export const impactBaselineSchema = z.object({
  from: z.string(),
  to: z.string(),
  before: z.number().nullable(),
  compared: z.number().nullable(),
  places_gained: z.number().nullable(),
});

/** One keyword's impact report. */
export const keywordImpactSchema = z.object({
  keyword: z.string(),
  before: rankWindowSchema,
  during: rankWindowSchema,
  /** The 7 days after the end (cut at today); null while the campaign runs. */
  after: rankWindowSchema.nullable(),
  /** The window `places_gained` compares the "before" average with. */
  compared_with: z.enum(['after', 'during']),
  /** Positive = places gained (the rank number went down); null without samples. */
  places_gained: z.number().nullable(),
  best: z.object({ rank: z.number().int(), day: z.string() }).nullable(),
  top10_days: z.number().int(),
  installs: z.number().int(),
  spent: moneySchema,
  /** Spent ÷ places gained; null when no place was gained. */
  per_place: moneySchema.nullable(),
  baseline: impactBaselineSchema.nullable(),
});
export type KeywordImpact = z.infer<typeof keywordImpactSchema>;

/** `GET campaigns/{id}/impact`: the report per keyword of a started keyword-installs campaign. */
export const campaignImpactSchema = z.object({
  campaign_id: z.number().int(),
  status: campaignStatusSchema,
  /** First day (UTC) it delivered; null before it started (then `keywords` is empty). */
  start: z.string().nullable(),
  /** Last day; null while it runs ("so far"). */
  end: z.string().nullable(),
  running: z.boolean(),
  keywords: z.array(keywordImpactSchema),
});
export type CampaignImpact = z.infer<typeof campaignImpactSchema>;
export const campaignImpactResponseSchema = z.object({ data: campaignImpactSchema });

/**
 * `GET statistics/impact` (and its CSV export): the keyword reports of the keyword-installs campaigns that ran
 * in the period, a row per campaign and keyword, newest campaign first.
 */
export const impactStatisticsQuerySchema = statisticsFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(100).optional(),
});
export type ImpactStatisticsQuery = z.infer<typeof impactStatisticsQuerySchema>;

export const impactRowSchema = keywordImpactSchema.extend({
  campaign_id: z.number().int(),
  status: campaignStatusSchema,
  start: z.string().nullable(),
  end: z.string().nullable(),
  country: z.string(),
  package: z.string(),
  running: z.boolean(),
});
export type ImpactRow = z.infer<typeof impactRowSchema>;

export const impactStatisticsResponseSchema = z.object({
  data: z.array(impactRowSchema),
  meta: pageMetaSchema,
  period: statisticsPeriodSchema,
});
export type ImpactStatisticsResponse = z.infer<typeof impactStatisticsResponseSchema>;
