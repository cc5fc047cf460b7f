import { z } from 'zod';
import { APP_STORES } from '../constants/domain.js';
import { fillMessage, MESSAGES } from '../rules/messages.js';
import { VALIDATION_MESSAGES } from '../rules/validation-messages.js';
import { MARKETING_MESSAGES } from '../rules/marketing-messages.js';
import { countryRule } from '../rules/auth.js';
import { text } from '../rules/text.js';
import { parseMoney } from '../rules/money.js';
import { queryFlagRule, searchTextRule } from './apps.js';
import { bonusTierSchema, dateQueryRule, moneyInputRule, moneySchema } from './billing.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';
import { ORDERABLE_PRODUCT_TYPES } from '../constants/campaigns.js';
import { MARKETING_ACTION_KINDS } from '../constants/marketing.js';

// ---------------------------------------------------------------- marketing actions

const ID_MAX = 2_147_483_647;
const TIERS_MAX = 10;

/** A moment in a body: a day (YYYY-MM-DD, UTC midnight) or an ISO time. */
const momentRule = dateQueryRule.transform((value) => new Date(value));
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** An end: a day (YYYY-MM-DD) runs through that day (to the next UTC midnight), or an ISO time. */
const endRule = dateQueryRule.transform(
  (value) => new Date(Date.parse(value) + (DAY_ONLY.test(value) ? 86_400_000 : 0)),
);

const PERCENT_RANGE = { min: '0.01', max: 100 };
const tierInputSchema = z.object({
  from: moneyInputRule(2).refine((value) => value >= 0n, MESSAGES.amountInvalid),
  percent: moneyInputRule(2).refine((value) => value > 0n && value <= 100n * 10_000n, {
    message: fillMessage(VALIDATION_MESSAGES.numberRange, PERCENT_RANGE),
    params: { code: 'validation.numberRange', ...PERCENT_RANGE },
  }),
});

/**
 * A marketing action (staff-admin §3): who it is for (store, countries, products, price plans; an empty list
 * is everyone), when it runs (`ends_at` null: until staff end it) and its thresholds: a payment of at least
 * `from` gets `percent` of it as bonus; a campaign whose price is at least `from` costs `percent` less.
 */
export const marketingActionBodySchema = z
  .object({
    type: z.enum(MARKETING_ACTION_KINDS),
    name: text({ max: 100, min: 1 }),
    text: text({ max: 1000, multiline: true }).default(''),
    starts_at: momentRule,
    ends_at: z.union([z.literal('').transform(() => null), endRule, z.null()]).default(null),
    store: z
      .union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE), z.null()])
      .default(null),
    countries: z.array(countryRule).max(300).default([]),
    /** Orderable product types; CPI is never discounted (its spend is the ad network's). */
    products: z
      .array(
        z
          .number()
          .int()
          .refine((type) => (ORDERABLE_PRODUCT_TYPES as readonly number[]).includes(type), {
            message: MARKETING_MESSAGES.actionProductNotDiscounted,
          }),
      )
      .max(20)
      .default([]),
    price_plans: z.array(z.number().int().positive().max(ID_MAX)).max(20).default([]),
    tiers: z.array(tierInputSchema).max(TIERS_MAX),
    is_active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.ends_at && body.ends_at <= body.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: MARKETING_MESSAGES.actionEndsBeforeStart });
    if (!body.tiers.length)
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: MARKETING_MESSAGES.actionTiersRequired });
    if (new Set(body.tiers.map((tier) => tier.from)).size !== body.tiers.length)
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: MARKETING_MESSAGES.actionTiersDuplicate });
  });
export type MarketingActionBody = z.input<typeof marketingActionBodySchema>;

export const marketingActionListQuerySchema = z.object({
  /** "list" of staff-admin §3: the action type. */
  type: z.enum(MARKETING_ACTION_KINDS).optional(),
  country: countryRule.optional(),
  /** Only the actions running now. */
  current: queryFlagRule.optional(),
  search: searchTextRule.max(100).optional(),
  orderBy: z.enum(['starts_at', 'name', 'created_at']).default('starts_at'),
  sortBy: sortDirectionSchema.default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type MarketingActionListQuery = z.input<typeof marketingActionListQuerySchema>;

export const adminMarketingActionSchema = z.object({
  id: z.number().int(),
  type: z.enum(MARKETING_ACTION_KINDS),
  name: z.string(),
  text: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  store: z.number().int().nullable(),
  countries: z.array(z.string()),
  products: z.array(z.number().int()),
  price_plans: z.array(z.number().int()),
  tiers: z.array(bonusTierSchema),
  is_active: z.boolean(),
  /** Running now: active, started, not ended. */
  current: z.boolean(),
  created_at: z.string(),
});
export type AdminMarketingAction = z.infer<typeof adminMarketingActionSchema>;
export const marketingActionListResponseSchema = z.object({
  data: z.array(adminMarketingActionSchema),
  meta: pageMetaSchema,
});
export type MarketingActionListResponse = z.infer<typeof marketingActionListResponseSchema>;
export const adminMarketingActionResponseSchema = z.object({
  data: adminMarketingActionSchema,
  message: z.string(),
});
export type AdminMarketingActionResponse = z.infer<typeof adminMarketingActionResponseSchema>;
/** `GET marketing-actions/filters`: what the list's filters offer. */
export const marketingActionFiltersResponseSchema = z.object({
  data: z.object({
    types: z.array(z.enum(MARKETING_ACTION_KINDS)),
    countries: z.array(z.string()),
    products: z.array(z.number().int()),
    price_plans: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type MarketingActionFiltersResponse = z.infer<typeof marketingActionFiltersResponseSchema>;
export type MarketingActionFilters = z.infer<typeof marketingActionFiltersResponseSchema>['data'];

/** `GET/PUT marketing-settings` (core settings): the highest tier percent a non-admin may give. */
export const marketingSettingsBodySchema = z.object({ max_percent: tierInputSchema.shape.percent });
export type MarketingSettingsBody = z.input<typeof marketingSettingsBodySchema>;
export const marketingSettingsResponseSchema = z.object({
  data: z.object({ max_percent: z.string() }),
  message: z.string().optional(),
});
export type MarketingSettingsResponse = z.infer<typeof marketingSettingsResponseSchema>;

// ---------------------------------------------------------------- Google Ads report

/** A spend amount: 0 to 10,000,000 with at most 2 decimals. */
export const adsAmountRule = moneyInputRule(2).refine(
  (value) => value >= 0n && value <= parseMoney('10000000'),
  MESSAGES.amountInvalid,
);

export const adsReportListQuerySchema = z.object({
  search: searchTextRule.max(100).optional(),
  from: dateQueryRule.optional(),
  to: dateQueryRule.optional(),
  orderBy: z.enum(['date', 'amount', 'code']).default('date'),
  sortBy: sortDirectionSchema.default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type AdsReportListQuery = z.input<typeof adsReportListQuerySchema>;

/** A spend row with what its reflink brought in its dates: registrations, payments, revenue, ROAS. */
export const adsReportRowSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  code: z.string(),
  reflink_id: z.number().int().nullable(),
  reflink_name: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  amount: moneySchema,
  registrations: z.number().int(),
  payments: z.number().int(),
  revenue: moneySchema,
  /** Revenue per unit of spend (null when nothing was spent). */
  roas: moneySchema.nullable(),
});
export type AdsReportRow = z.infer<typeof adsReportRowSchema>;
export const adsReportListResponseSchema = z.object({
  data: z.array(adsReportRowSchema),
  meta: pageMetaSchema,
  totals: z.object({ amount: moneySchema, revenue: moneySchema, roas: moneySchema.nullable() }),
});
export type AdsReportListResponse = z.infer<typeof adsReportListResponseSchema>;
export const adsReportUploadResponseSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  dontExistsRefCodes: z.array(z.string()),
});
export type AdsReportUploadResponse = z.infer<typeof adsReportUploadResponseSchema>;
export const adsReportUpdateBodySchema = z.object({ amount: adsAmountRule });
export type AdsReportUpdateBody = z.input<typeof adsReportUpdateBodySchema>;
export const adsReportRowResponseSchema = z.object({ data: adsReportRowSchema, message: z.string() });
export type AdsReportRowResponse = z.infer<typeof adsReportRowResponseSchema>;
