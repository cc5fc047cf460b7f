import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { appstoreQueryRule, packageIdValueRule } from './apps.js';
import { moneySchema } from './billing.js';
import { campaignStatusSchema } from './campaigns.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';
import {
  CAMPAIGN_STATISTICS_GROUPS,
  CAMPAIGN_STATISTICS_SORTS,
  KEYWORD_STATISTICS_SORTS,
  isCalendarDay,
} from '../rules/statistics.js';

/** A calendar day YYYY-MM-DD that exists (2025-02-30 does not). */
export const dayQueryRule = z
  .string({ error: MESSAGES.dataNotValid })
  .trim()
  .refine(isCalendarDay, MESSAGES.dataNotValid);

/** The filters every statistics call takes (customer-area §2 Statistics). */
export const statisticsFiltersSchema = z.object({
  from: dayQueryRule.optional(),
  to: dayQueryRule.optional(),
  appstore: appstoreQueryRule.optional(),
  package: packageIdValueRule.optional(),
  country: z
    .string({ error: MESSAGES.countryInvalid })
    .trim()
    .regex(/^[A-Za-z]{2}$/, MESSAGES.countryInvalid)
    .optional(),
  productType: z.coerce
    .number({ error: MESSAGES.dataNotValid })
    .int(MESSAGES.dataNotValid)
    .min(0)
    .max(100)
    .optional(),
});
export type StatisticsFilters = z.infer<typeof statisticsFiltersSchema>;

const pagedQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortType: sortDirectionSchema.default('desc'),
};

/** Installs planned and delivered in a period, and what the delivered ones cost (unit price × delivered). */
const figures = {
  delivered: z.number().int(),
  planned: z.number().int(),
  spend: moneySchema,
};
export const statisticsFiguresSchema = z.object(figures);
export type StatisticsFigures = z.infer<typeof statisticsFiguresSchema>;

/** The period a statistics answer covers (the defaults filled in). */
export const statisticsPeriodSchema = z.object({ from: z.string(), to: z.string() });

export const productFiguresSchema = z.object({ product_type: z.number().int(), ...figures });
export type ProductFigures = z.infer<typeof productFiguresSchema>;

/** `GET statistics/products` (by date): every day of the period, per product type, and the totals. */
export const productStatisticsResponseSchema = z.object({
  data: z.object({
    period: statisticsPeriodSchema,
    days: z.array(z.object({ date: z.string(), ...figures, products: z.array(productFiguresSchema) })),
    products: z.array(productFiguresSchema),
    total: statisticsFiguresSchema,
  }),
});
export type ProductStatisticsResponse = z.infer<typeof productStatisticsResponseSchema>;

/** `GET statistics/keywords`: keyword installs per keyword, paged and sorted. */
export const keywordStatisticsQuerySchema = statisticsFiltersSchema.extend({
  ...pagedQuery,
  sortBy: z.enum(KEYWORD_STATISTICS_SORTS, { error: MESSAGES.dataNotValid }).default('delivered'),
});
export type KeywordStatisticsQuery = z.infer<typeof keywordStatisticsQuerySchema>;

export const keywordFiguresSchema = z.object({
  keyword: z.string(),
  campaigns: z.number().int(),
  ...figures,
});
export type KeywordFigures = z.infer<typeof keywordFiguresSchema>;

export const keywordStatisticsResponseSchema = z.object({
  data: z.array(keywordFiguresSchema),
  meta: pageMetaSchema,
  /** The most delivered keywords of the period (the chart), whatever the page and sort. */
  top: z.array(keywordFiguresSchema),
  period: statisticsPeriodSchema,
});
export type KeywordStatisticsResponse = z.infer<typeof keywordStatisticsResponseSchema>;

/** `GET statistics/campaigns`: per campaign, or per app (`groupBy=package`), paged and sorted. */
export const campaignStatisticsQuerySchema = statisticsFiltersSchema
  .extend({
    ...pagedQuery,
    groupBy: z.enum(CAMPAIGN_STATISTICS_GROUPS, { error: MESSAGES.dataNotValid }).default('campaign'),
    sortBy: z
      .enum([...new Set(Object.values(CAMPAIGN_STATISTICS_SORTS).flat())] as [string, ...string[]], {
        error: MESSAGES.dataNotValid,
      })
      .default('delivered'),
  })
  .refine((query) => (CAMPAIGN_STATISTICS_SORTS[query.groupBy] as readonly string[]).includes(query.sortBy), {
    path: ['sortBy'],
    message: MESSAGES.dataNotValid,
  });
export type CampaignStatisticsQuery = z.infer<typeof campaignStatisticsQuerySchema>;

/** A row of the campaigns statistics: one campaign, or one app (campaign fields null). */
export const campaignFiguresSchema = z.object({
  /** The campaign; null on an app's row. */
  id: z.number().int().nullable(),
  product_type: z.number().int().nullable(),
  status: campaignStatusSchema.nullable(),
  started_at: z.string().nullable(),
  /** Country code of the campaign; null on an app's row. */
  country: z.string().nullable(),
  appstore: z.number().int(),
  package: z.string(),
  /** The tracked app (null once the user stopped tracking it). */
  app: z.object({ title: z.string(), icon: z.string() }).nullable(),
  /** Campaigns with days in the period (1 on a campaign's row). */
  campaigns: z.number().int(),
  ...figures,
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

export const campaignStatisticsResponseSchema = z.object({
  data: z.array(campaignFiguresSchema),
  meta: pageMetaSchema,
  period: statisticsPeriodSchema,
});
export type CampaignStatisticsResponse = z.infer<typeof campaignStatisticsResponseSchema>;
