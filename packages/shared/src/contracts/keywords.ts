import { z } from 'zod';
import { APP_STORES, CHART_PERIODS } from '../constants/domain.js';
import { countryRule } from '../rules/auth.js';
import { idListRule, keywordRule } from '../rules/keyword-rules.js';
import { MESSAGES } from '../rules/messages.js';
import { appstoreQueryRule, packageIdValueRule, queryFlagRule, searchTextRule } from './apps.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/** Keyword rank states (customer-area §4): ranked, out of the top 250, the check failed, never checked. */
export const RANK_STATES = ['ok', 'out_of_rank', 'error', 'not_checked'] as const;
export type RankState = (typeof RANK_STATES)[number];

/** Who wrote a rank sample. */
export const RANK_SOURCES = ['daily', 'update_all', 'add'] as const;
export type RankSource = (typeof RANK_SOURCES)[number];

/** Days each chart period covers, today included. */
export const CHART_PERIOD_DAYS = { three_month: 90, month: 30, week: 7 } as const;

/** The app and country a keyword call is about; `country` defaults to the app's main country. */
export const keywordScopeSchema = z.object({
  packageId: packageIdValueRule,
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.optional(),
});
export type KeywordScope = z.input<typeof keywordScopeSchema>;

/** A tracked keyword of one app in one country (customer-area §3). */
export const keywordSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  /** 1-250, or null when out of rank, failed or not checked (see rank_state). */
  rank: z.number().int().nullable(),
  rank_state: z.enum(RANK_STATES),
  /** Places gained since the previous day's sample (positive = up); null when either is unranked. */
  change: z.number().int().nullable(),
  /** 1-100; null until the store's statistics are read. */
  score: z.number().int().nullable(),
  /** Estimated daily searches; null until the store's statistics are read. */
  searches: z.number().int().nullable(),
  favorite: z.boolean(),
  /** ISO time of the last rank check; null when never checked. */
  last_update: z.string().nullable(),
  country: z.string(),
  app_id: z.number().int(),
});
export type Keyword = z.infer<typeof keywordSchema>;

export const KEYWORD_SORTS = ['rank', 'keyword', 'score', 'searches', 'favorite', 'updated'] as const;
export type KeywordSort = (typeof KEYWORD_SORTS)[number];

/** `GET keywords`: empty ranks and scores sort last in either direction. */
export const keywordListQuerySchema = keywordScopeSchema.extend({
  search: searchTextRule.max(100).optional(),
  /** true: favorites only. */
  favorite: queryFlagRule.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  sortBy: z.enum(KEYWORD_SORTS).default('rank'),
  /** Default per column: descending for score, searches, favorite and updated, ascending otherwise. */
  sortType: sortDirectionSchema.optional(),
});
export type KeywordListQuery = z.input<typeof keywordListQuerySchema>;

export const keywordListResponseSchema = z.object({
  data: z.array(keywordSchema),
  meta: pageMetaSchema,
  /** Favorites of the app in the country, whatever the search. */
  favCount: z.number().int(),
  /** Keywords of the app in the country, whatever the search. */
  allCount: z.number().int(),
  /** Ids of every keyword matching the query, across pages (for "select all"). */
  arIds: z.array(z.number().int()),
});
export type KeywordListResponse = z.infer<typeof keywordListResponseSchema>;

export const keywordResponseSchema = z.object({ data: keywordSchema, message: z.string().optional() });
export type KeywordResponse = z.infer<typeof keywordResponseSchema>;

/** `GET keywords/count`: without packageId, over all of the user's apps. */
export const keywordCountQuerySchema = z.object({
  packageId: packageIdValueRule.optional(),
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.optional(),
});
export const keywordCountResponseSchema = z.object({
  count: z.number().int(),
  favCount: z.number().int(),
  countries: z.array(z.object({ country: z.string(), count: z.number().int() })),
});
export type KeywordCountResponse = z.infer<typeof keywordCountResponseSchema>;

/** `POST keywords`: one keyword at a time. */
export const createKeywordBodySchema = z.object({
  keyword: keywordRule,
  packageId: packageIdValueRule,
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.optional(),
});
export type CreateKeywordBody = z.input<typeof createKeywordBodySchema>;

/** `POST keywords/destroyMany`: `app_keywords_id` = "1,2,3". */
export const destroyKeywordsBodySchema = z.object({ app_keywords_id: idListRule });
export type DestroyKeywordsBody = z.input<typeof destroyKeywordsBodySchema>;

/** `GET keywords/suggests`: what the store completes for `keyword`; `added` needs packageId. */
export const keywordSuggestsQuerySchema = z.object({
  keyword: searchTextRule.min(1, MESSAGES.required).max(100),
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.default('US'),
  packageId: packageIdValueRule.optional(),
});
export const keywordIdeaSchema = z.object({
  keyword: z.string(),
  /** Already tracked for the app in the country. */
  added: z.boolean(),
});
export type KeywordIdea = z.infer<typeof keywordIdeaSchema>;
/** Suggestions and recommended keywords; `message` is "Can't load keywords" when the store failed. */
export const keywordIdeasResponseSchema = z.object({
  data: z.array(keywordIdeaSchema),
  message: z.string().optional(),
});
export type KeywordIdeasResponse = z.infer<typeof keywordIdeasResponseSchema>;

/** A keyword id in a query (`chartRank`, `keywordRank`). */
export const keywordIdQuerySchema = z.object({
  id: z.coerce.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647),
});
export const chartRankQuerySchema = keywordIdQuerySchema.extend({
  period: z.enum(CHART_PERIODS).default('month'),
});
export const chartRanksManyQuerySchema = z.object({
  ids: idListRule.pipe(z.array(z.number()).max(100)),
  period: z.enum(CHART_PERIODS).default('month'),
});

/** One day of a rank chart: null rank with state not_checked where no sample was taken. */
export const chartPointSchema = z.object({
  date: z.string(),
  rank: z.number().int().nullable(),
  state: z.enum(RANK_STATES),
});
export type ChartPoint = z.infer<typeof chartPointSchema>;

/**
 * A keyword-installs campaign of the user that targeted the keyword (same app, store and country) and ran
 * within the chart's period: from its start day to its end (the last planned day while it runs), with the
 * installs delivered for this keyword on each day it has delivered.
 */
export const chartCampaignSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  from: z.string(),
  to: z.string(),
  installs: z.array(z.object({ date: z.string(), installs: z.number().int() })),
});
export type ChartCampaign = z.infer<typeof chartCampaignSchema>;

/** A keyword's rank per day (the public API answers this). */
export const chartRankResponseSchema = z.object({ data: z.array(chartPointSchema) });
/** `GET keywords/chartRank`: the rank per day and the campaigns that targeted the keyword meanwhile. */
export const keywordChartResponseSchema = chartRankResponseSchema.extend({
  campaigns: z.array(chartCampaignSchema),
});
export type ChartRankResponse = z.infer<typeof keywordChartResponseSchema>;
export const chartRanksManyResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      keyword: z.string(),
      data: z.array(chartPointSchema),
      campaigns: z.array(chartCampaignSchema),
    }),
  ),
});
export type ChartRanksManyResponse = z.infer<typeof chartRanksManyResponseSchema>;

/** `GET keywords/ranksAround`: who ranks for the keyword in its store and country, over a chart period. */
export const ranksAroundQuerySchema = chartRankQuerySchema;
/** An app of the store's results: its place on the newest day searched and its places over the period. */
export const rankedAppSchema = z.object({
  position: z.number().int(),
  package: z.string(),
  title: z.string(),
  developer: z.string(),
  /** The keyword's own app. */
  own: z.boolean(),
  /** Days of the period its place is known (in the top 10 or around a tracked app), oldest first. */
  history: z.array(z.object({ date: z.string(), rank: z.number().int() })),
});
export type RankedApp = z.infer<typeof rankedAppSchema>;
export const ranksAroundResponseSchema = z.object({
  data: z.object({
    /** The newest day searched in the period; null when none was. */
    day: z.string().nullable(),
    /** The store's top 10 that day. */
    top: z.array(rankedAppSchema),
    /** The app and those just above and below it, when it ranks below the top 10. */
    around: z.array(rankedAppSchema),
  }),
});
export type RanksAroundResponse = z.infer<typeof ranksAroundResponseSchema>;

/** `GET keywords/topKeyword`: best-ranked keywords, of one app and country or of all the user's apps. */
export const topKeywordQuerySchema = z.object({
  packageId: packageIdValueRule.optional(),
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const topKeywordItemSchema = keywordSchema.extend({
  package: z.string(),
  appstore: z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)]),
  title: z.string(),
});
export const topKeywordResponseSchema = z.object({ data: z.array(topKeywordItemSchema) });
export type TopKeywordResponse = z.infer<typeof topKeywordResponseSchema>;

/**
 * `GET keywords/clone`: copies the keywords of (packageId, appstore, country) to `toCountry` and/or
 * another of the user's apps `toPackageId` (same store unless `toAppstore`). Existing ones are skipped.
 */
export const cloneKeywordsQuerySchema = keywordScopeSchema.extend({
  toPackageId: packageIdValueRule.optional(),
  toAppstore: appstoreQueryRule.optional(),
  toCountry: countryRule.optional(),
});
export type CloneKeywordsQuery = z.input<typeof cloneKeywordsQuerySchema>;

/** Progress of an update of ranks: `done` checked, `failed` could not be checked, of `total`. */
export const rankUpdateSchema = z.object({
  id: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
});
export type RankUpdate = z.infer<typeof rankUpdateSchema>;
export const rankUpdateResponseSchema = z.object({ data: rankUpdateSchema });
export type RankUpdateResponse = z.infer<typeof rankUpdateResponseSchema>;

export const cloneKeywordsResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    copied: z.number().int(),
    skipped: z.number().int(),
    /** Rank checks of the copied keywords (read with GET keywords/updateAllRanks/{id}); null if none. */
    progress: rankUpdateSchema.nullable(),
  }),
});
export type CloneKeywordsResponse = z.infer<typeof cloneKeywordsResponseSchema>;

/** `POST keywords/updateAllRanks`. */
export const updateAllRanksBodySchema = keywordScopeSchema;
export const rankUpdateParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.dataNotValid }) });
