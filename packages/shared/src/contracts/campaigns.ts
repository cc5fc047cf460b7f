import { z } from 'zod';
import { text } from '../rules/text.js';
import {
  AUTHOR_GENDERS,
  CAMPAIGN_FILTER_TABS,
  CAMPAIGN_STATUSES,
  CPI_LANGUAGES,
  DELIVERY_TYPES,
  INSTALL_DISTRIBUTIONS,
  LIMITS,
  PRODUCT_TYPES,
  PROMOTION_RULES,
  RATE_TYPES,
  REVIEW_MODES,
} from '../constants/domain.js';
import { appstoreRule } from '../rules/store-link-rules.js';
import { CAMPAIGN_DAYS_MAX, CAMPAIGN_REVIEWS_MAX, REVIEW_LIMITS } from '../constants/campaigns.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { appstoreQueryRule, packageIdValueRule, queryFlagRule, searchTextRule } from './apps.js';
import { dateQueryRule } from './billing.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';
import { cpiCampaignSchema, cpiDraftShape, withCpiDefaults } from './cpi.js';

const int = (message: string) => z.number({ error: message }).int(message);

/**
 * `serializedChildKeywords`: the chosen keywords as a JSON array, a comma- or newline-separated string,
 * or an array. Normalized and checked against the keyword rule by the server.
 */
export const serializedKeywordsRule = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text ? text.split(/[,\n]/) : [];
  },
  z.array(z.string({ error: MESSAGES.keywordInvalid }).max(200, MESSAGES.keywordTooLong), {
    error: MESSAGES.dataNotValid,
  }),
);

/** An installs map: day (1, 2, …) → installs that day, 0-5000 each. */
const installsMapRule = z
  .record(
    z.string().regex(/^[1-9]\d{0,3}$/, CAMPAIGN_MESSAGES.campaignPlanLength),
    int(CAMPAIGN_MESSAGES.campaignDayInstallsRange)
      .min(0, CAMPAIGN_MESSAGES.campaignDayInstallsRange)
      .max(LIMITS.installsMax, CAMPAIGN_MESSAGES.campaignDayInstallsRange),
    { error: MESSAGES.dataNotValid },
  )
  .optional();

/** One review text (customer-area §3 Review): title, body, rating 1-5, author gender and language. */
export const reviewSchema = z.object({
  title: text({
    min: REVIEW_LIMITS.titleMin,
    max: REVIEW_LIMITS.titleMax,
    minMessage: CAMPAIGN_MESSAGES.reviewTitleLength,
    maxMessage: CAMPAIGN_MESSAGES.reviewTitleLength,
  }),
  body: text({
    min: REVIEW_LIMITS.bodyMin,
    max: REVIEW_LIMITS.bodyMax,
    multiline: true,
    minMessage: CAMPAIGN_MESSAGES.reviewBodyLength,
    maxMessage: CAMPAIGN_MESSAGES.reviewBodyLength,
  }),
  rates: int(CAMPAIGN_MESSAGES.reviewRatesRange)
    .min(1, CAMPAIGN_MESSAGES.reviewRatesRange)
    .max(5, CAMPAIGN_MESSAGES.reviewRatesRange),
  gender: z.enum(AUTHOR_GENDERS, { error: CAMPAIGN_MESSAGES.reviewGenderInvalid }),
  language: z.enum(CPI_LANGUAGES, { error: CAMPAIGN_MESSAGES.reviewLanguageInvalid }),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * `POST campaigns` (and the price quote): the numeric product type, the app by store and package, the
 * plan, and the draft fields of customer-area §3 this server reads for install types. Cross-field rules
 * (minimum total, keyword days, delayed start) are the order rules' (`orderFieldErrors`).
 */
export const createCampaignObjectSchema = z.object({
  productType: z.union(
    Object.values(PRODUCT_TYPES).map((type) => z.literal(type)) as [z.ZodLiteral<number>],
    { error: MESSAGES.dataNotValid },
  ),
  packageId: packageIdValueRule,
  appstore: appstoreRule,
  country: text({ min: 2, max: 3, minMessage: MESSAGES.countryInvalid, maxMessage: MESSAGES.countryInvalid }),
  days: int(CAMPAIGN_MESSAGES.campaignDaysMin)
    .min(LIMITS.daysMin, CAMPAIGN_MESSAGES.campaignDaysMin)
    .max(CAMPAIGN_DAYS_MAX, CAMPAIGN_MESSAGES.campaignDaysMax),
  /**
   * Per day (per keyword for keyword installs and impressions): 5-5000; guaranteed reviews on Google Play
   * may go down to 1 (the server checks the minimum by type and store). Ignored by a smart campaign.
   */
  installs: int(CAMPAIGN_MESSAGES.campaignInstallsRange)
    .min(LIMITS.installsMinAndroidGuarantee, CAMPAIGN_MESSAGES.campaignInstallsRange)
    .max(LIMITS.installsMax, CAMPAIGN_MESSAGES.campaignInstallsRange),
  /** Delayed start (ISO time); `""` = the delayed start was chosen without a time. */
  start_at: z.union([text({ max: 40 }), z.null()]).optional(),
  draft: z.boolean().default(false),
  deliveryType: z
    .union([z.literal(DELIVERY_TYPES.SPREAD), z.literal(DELIVERY_TYPES.INSTANT)], {
      error: MESSAGES.dataNotValid,
    })
    .default(DELIVERY_TYPES.INSTANT),
  promotionRule: z
    .number({ error: MESSAGES.dataNotValid })
    .refine((value) => (PROMOTION_RULES as readonly number[]).includes(value), MESSAGES.dataNotValid)
    .default(0),
  distribution: z.enum(INSTALL_DISTRIBUTIONS, { error: MESSAGES.dataNotValid }).default('equal'),
  /** Installs per day chosen by hand (the per-day plan editor); replaces `distribution`. */
  installsPlan: z
    .array(
      int(CAMPAIGN_MESSAGES.campaignDayInstallsRange)
        .min(0, CAMPAIGN_MESSAGES.campaignDayInstallsRange)
        .max(LIMITS.installsMax, CAMPAIGN_MESSAGES.campaignDayInstallsRange),
    )
    .max(1000)
    .nullish(),
  /**
   * The installs maps of the draft (customer-area §3): installs per day (`{ "1": 20, "2": 30 }`) of the
   * rates, reviews and guaranteed-reviews tabs; the one of the ordered product is its per-day plan unless
   * `installsPlan` is given. (A CPI campaign's days are planned by its budget.)
   */
  installsMaps: z
    .object(
      { rate: installsMapRule, review: installsMapRule, hq: installsMapRule },
      { error: MESSAGES.dataNotValid },
    )
    .optional(),
  description: text({ max: 20_000, multiline: true, maxMessage: CAMPAIGN_MESSAGES.campaignNotesMax }).default(
    '',
  ),
  serializedChildKeywords: serializedKeywordsRule.optional(),
  /** Rates (6) and generated reviews: POSITIVE 1, POSITIVE_AVERAGE 2 (default), NEGATIVE_AVERAGE 3, NEGATIVE 4. */
  rateType: z
    .union(Object.values(RATE_TYPES).map((type) => z.literal(type)) as [z.ZodLiteral<number>], {
      error: MESSAGES.dataNotValid,
    })
    .optional(),
  /** Reviews (5, 7): CUSTOM 1 (default, one text per install ordered) or GENERATED 2 (no texts). */
  reviewMode: z
    .union([z.literal(REVIEW_MODES.CUSTOM), z.literal(REVIEW_MODES.GENERATED)], {
      error: MESSAGES.dataNotValid,
    })
    .optional(),
  /** Custom review texts (5, 7 in custom mode). */
  reviews: z
    .array(reviewSchema, { error: MESSAGES.dataNotValid })
    .max(CAMPAIGN_REVIEWS_MAX, CAMPAIGN_MESSAGES.campaignReviewsMax)
    .optional(),
  /** Author gender of generated reviews and rates (default both). */
  gender: z.enum(AUTHOR_GENDERS, { error: CAMPAIGN_MESSAGES.reviewGenderInvalid }).optional(),
  /** Language of generated reviews (default english). */
  language: z.enum(CPI_LANGUAGES, { error: CAMPAIGN_MESSAGES.reviewLanguageInvalid }).optional(),
  /** The terms accepted: required to order rates and reviews (5, 6, 7), not for a draft or a quote. */
  checkedTerms: z.boolean({ error: MESSAGES.dataNotValid }).optional(),
  /** Smart campaign (keyword installs only): `budget` spread over the keywords, see docs/campaigns.md. */
  smart: z.boolean({ error: MESSAGES.dataNotValid }).optional(),
  /** The smart campaign's total budget: a decimal with at most 2 places, e.g. "150" or "99.50". */
  budget: z
    .string({ error: CAMPAIGN_MESSAGES.campaignSmartBudgetRequired })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, CAMPAIGN_MESSAGES.campaignSmartBudgetRequired)
    .optional(),
  ...cpiDraftShape,
});
/** The body as sent: a CPI body (productType 4) needs no `days` / `installs` (see `withCpiDefaults`). */
export const createCampaignBodySchema = z.preprocess(withCpiDefaults, createCampaignObjectSchema);
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** One day of an order: planned and delivered installs. */
export const campaignDaySchema = z.object({
  day: z.number().int(),
  installs_total: z.number().int(),
  installs_actual: z.number().int(),
});

/** A vendor order of a campaign with its per-day `sequence`. */
export const campaignOrderSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  keyword: z.string().nullable(),
  installs_total: z.number().int(),
  installs_actual: z.number().int(),
  sequence: z.array(campaignDaySchema),
});
export type CampaignOrder = z.infer<typeof campaignOrderSchema>;

/** One status change. `actor_id` null = the system. */
/**
 * The review guarantee of a guaranteed-reviews campaign: until when, reviews delivered (less those refunded),
 * how many the store still shows, what was refilled and refunded, and whether it is monitored (the store
 * provider can check reviews; when not, nothing is checked).
 */
export const campaignGuaranteeSchema = z.object({
  until: z.string(),
  delivered: z.number().int(),
  stayed: z.number().int(),
  refilled: z.number().int(),
  refunded: z.number().int(),
  refunded_amount: z.string(),
  checked_at: z.string().nullable(),
  monitored: z.boolean(),
});
export type CampaignGuarantee = z.infer<typeof campaignGuaranteeSchema>;

export const campaignStatusChangeSchema = z.object({
  from: campaignStatusSchema.nullable(),
  to: campaignStatusSchema,
  actor_id: z.number().int().nullable(),
  /** Made by staff signed in as the customer (log in as a user): shown as "by support", not "You". */
  by_support: z.boolean(),
  reason: z.string().nullable(),
  at: z.string(),
});

/** A campaign as the client sees it (customer-area §3); `orders` and `status_history` in details only. */
export const campaignSchema = z.object({
  id: z.number().int(),
  price: z.string(),
  unit_price: z.string(),
  status: campaignStatusSchema,
  /** Product type number. */
  type: z.number().int(),
  app: z
    .object({ id: z.number().int(), title: z.string(), icon: z.string(), developer: z.string() })
    .nullable(),
  appstore: z.number().int(),
  package: z.string(),
  country: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  days: z.number().int(),
  installs: z.number().int(),
  installs_total: z.number().int(),
  installs_actual: z.number().int(),
  start_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  vendor: z.string(),
  description: z.string(),
  deliveryType: z.number().int(),
  promotionRule: z.number().int(),
  distribution: z.enum(INSTALL_DISTRIBUTIONS),
  installsPlan: z.array(z.number().int()).nullable(),
  keywords: z.array(z.string()),
  is_legacy: z.boolean(),
  favorite: z.boolean(),
  /** Rate type (1-4) of rates and reviews, null for other types. */
  rateType: z.number().int().nullable(),
  /** Review mode (1 custom, 2 generated) of reviews, null for other types. */
  reviewMode: z.number().int().nullable(),
  gender: z.enum(AUTHOR_GENDERS).nullable(),
  language: z.enum(CPI_LANGUAGES).nullable(),
  checkedTerms: z.boolean(),
  smart: z.boolean(),
  /** A smart campaign's budget (4 places), else null. */
  budget: z.string().nullable(),
  /** Guaranteed reviews in moderation: the latest time it ends (sent + 48 h), else null. */
  moderation_until: z.string().nullable(),
  /** Guaranteed reviews once completed: the end of the 3-week guarantee, else null. */
  guarantee_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  orders: z.array(campaignOrderSchema).optional(),
  status_history: z.array(campaignStatusChangeSchema).optional(),
  /** CPI campaigns (type 4), in details only. */
  cpi: cpiCampaignSchema.optional(),
  /** CPI campaigns (type 4) in lists: how many countries the ads run in and the spend so far. */
  cpi_summary: z.object({ countries: z.number().int(), spent: z.string() }).optional(),
  /** Custom review texts (details only). */
  reviews: z.array(reviewSchema).optional(),
  /** A completed guaranteed-reviews campaign's review guarantee (details only). */
  guarantee: campaignGuaranteeSchema.nullable().optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponseSchema = z.object({ data: campaignSchema, message: z.string().optional() });
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;

/** The price of a campaign body: unit price from the user's pricetag, times every install ordered. */
export const campaignQuoteSchema = z.object({
  data: z.object({
    unit_price: z.string(),
    installs_total: z.number().int(),
    price: z.string(),
    sequence: z.array(z.number().int()),
    /** The orders the body makes: one per keyword (smart: each keyword its share), else one. */
    orders: z.array(
      z.object({
        keyword: z.string().nullable(),
        installs_total: z.number().int(),
        sequence: z.array(z.number().int()),
      }),
    ),
    /** The running campaign discount (a marketing action) in the price; absent when none applies. */
    discount: z
      .object({
        action_id: z.number().int(),
        name: z.string(),
        text: z.string(),
        percent: z.string(),
        /** The price before the discount. */
        list_price: z.string(),
      })
      .nullable()
      .optional(),
  }),
});
export type CampaignQuote = z.infer<typeof campaignQuoteSchema>;

export const CAMPAIGN_SORTS = ['id', 'created_at', 'price', 'status', 'start_at', 'days'] as const;

/** `GET campaigns`: a status tab, filters, search (package, app title, id), paging and sort. */
export const campaignListQuerySchema = z.object({
  status: z.enum(CAMPAIGN_FILTER_TABS).default('all'),
  productType: z.coerce.number().int().min(0).max(100).optional(),
  appstore: appstoreQueryRule.optional(),
  package: packageIdValueRule.optional(),
  country: text({ min: 2, max: 3 }).optional(),
  search: searchTextRule.max(200).optional(),
  from: dateQueryRule.optional(),
  to: dateQueryRule.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(CAMPAIGN_SORTS).default('id'),
  sortType: sortDirectionSchema.default('asc'),
  /** Only favorite campaigns (true) or only the others (false). */
  favorite: queryFlagRule.optional(),
  /** The full filtered list, unpaged (CSV export). */
  isExport: queryFlagRule.default(false),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignListResponseSchema = z.object({
  data: z.array(campaignSchema),
  meta: pageMetaSchema,
  /** Campaigns per status tab under the same filters (`all` leaves archived ones out). */
  counts: z.record(z.enum(CAMPAIGN_FILTER_TABS), z.number().int()),
});
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;

export const archiveAllResponseSchema = z.object({ message: z.string(), count: z.number().int() });
export type ArchiveAllResponse = z.infer<typeof archiveAllResponseSchema>;

/** `PUT campaigns/toggle`: sets (or, without `favorite`, flips) the favorite flag of the user's campaign. */
export const campaignToggleBodySchema = z.object({
  id: z.number({ error: MESSAGES.dataNotValid }).int().positive().max(2_147_483_647),
  favorite: z.boolean({ error: MESSAGES.dataNotValid }).optional(),
});
export type CampaignToggleBody = z.infer<typeof campaignToggleBodySchema>;

/** `POST campaigns/get-filters`: the options of My campaigns' filter selects, from the user's campaigns. */
export const campaignFiltersResponseSchema = z.object({
  data: z.object({
    apps: z.array(
      z.object({
        appstore: z.number().int(),
        package: z.string(),
        title: z.string(),
        icon: z.string(),
      }),
    ),
    countries: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    productTypes: z.array(z.number().int()),
  }),
});
export type CampaignFiltersResponse = z.infer<typeof campaignFiltersResponseSchema>;
export type CampaignFilters = z.infer<typeof campaignFiltersResponseSchema>['data'];

/** `GET reviews/common`: a random pack of generated reviews. */
export const commonReviewsQuerySchema = z.object({
  language: z.enum(CPI_LANGUAGES, { error: CAMPAIGN_MESSAGES.reviewLanguageInvalid }).default('english'),
  gender: z.enum(AUTHOR_GENDERS, { error: CAMPAIGN_MESSAGES.reviewGenderInvalid }).default('both'),
  rates: z.coerce
    .number({ error: CAMPAIGN_MESSAGES.reviewRatesRange })
    .int(CAMPAIGN_MESSAGES.reviewRatesRange)
    .min(1, CAMPAIGN_MESSAGES.reviewRatesRange)
    .max(5, CAMPAIGN_MESSAGES.reviewRatesRange)
    .default(5),
});
export type CommonReviewsQuery = z.infer<typeof commonReviewsQuerySchema>;
export const commonReviewsResponseSchema = z.object({ data: z.array(reviewSchema) });
export type CommonReviewsResponse = z.infer<typeof commonReviewsResponseSchema>;
