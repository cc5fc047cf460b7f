import { z } from 'zod';
import {
  CAMPAIGN_FILTER_TABS,
  CAMPAIGN_STATUSES,
  DELIVERY_TYPES,
  INSTALL_DISTRIBUTIONS,
  LIMITS,
  PRODUCT_TYPES,
  PROMOTION_RULES,
} from '../constants/domain.js';
import { appstoreRule } from '../rules/store-links.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { appstoreQueryRule, packageIdValueRule, queryFlagRule, searchTextRule } from './apps.js';
import { dateQueryRule } from './billing.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/** The product types this server orders so far (install types; customer-area §3 numbers). */
export const ORDERABLE_PRODUCT_TYPES = [PRODUCT_TYPES.package, PRODUCT_TYPES.keyword] as const;
/** Longest direct-installs campaign (ours: the spec gives only a minimum). */
export const CAMPAIGN_DAYS_MAX = 60;
/** Most keywords one keyword-installs campaign may carry (ours). */
export const CAMPAIGN_KEYWORDS_MAX = 50;

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

/**
 * `POST campaigns` (and the price quote): the numeric product type, the app by store and package, the
 * plan, and the draft fields of customer-area §3 this server reads for install types. Cross-field rules
 * (minimum total, keyword days, delayed start) are the server's (see `campaigns.rules.ts`).
 */
export const createCampaignBodySchema = z.object({
  productType: z.union(
    Object.values(PRODUCT_TYPES).map((type) => z.literal(type)) as [z.ZodLiteral<number>],
    { error: MESSAGES.dataNotValid },
  ),
  packageId: packageIdValueRule,
  appstore: appstoreRule,
  country: z.string({ error: MESSAGES.countryInvalid }).trim().min(2, MESSAGES.countryInvalid).max(3),
  days: int(CAMPAIGN_MESSAGES.campaignDaysMin)
    .min(LIMITS.daysMin, CAMPAIGN_MESSAGES.campaignDaysMin)
    .max(1000),
  installs: int(CAMPAIGN_MESSAGES.campaignInstallsRange)
    .min(LIMITS.installsMin, CAMPAIGN_MESSAGES.campaignInstallsRange)
    .max(LIMITS.installsMax, CAMPAIGN_MESSAGES.campaignInstallsRange),
  /** Delayed start (ISO time); `""` = the delayed start was chosen without a time. */
  start_at: z.union([z.string().max(40), z.null()]).optional(),
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
  description: z
    .string({ error: MESSAGES.dataNotValid })
    .max(20_000, CAMPAIGN_MESSAGES.campaignNotesMax)
    .default(''),
  serializedChildKeywords: serializedKeywordsRule.optional(),
});
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
export const campaignStatusChangeSchema = z.object({
  from: campaignStatusSchema.nullable(),
  to: campaignStatusSchema,
  actor_id: z.number().int().nullable(),
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
  created_at: z.string(),
  updated_at: z.string(),
  orders: z.array(campaignOrderSchema).optional(),
  status_history: z.array(campaignStatusChangeSchema).optional(),
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
  country: z.string().trim().min(2).max(3).optional(),
  search: searchTextRule.max(200).optional(),
  from: dateQueryRule.optional(),
  to: dateQueryRule.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(CAMPAIGN_SORTS).default('id'),
  sortType: sortDirectionSchema.default('asc'),
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
