import { z } from 'zod';
import { isSafeText } from '../rules/text.js';
import { CPI_COUNTRIES } from '../constants/cpi.js';
import { CPI_LANGUAGES, CPI_LEVELS, GEO_GROUPS, LIMITS, PRODUCT_TYPES } from '../constants/domain.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { formatMoney, toMoney, type Money } from '../rules/money.js';
import { cpiDraftIssues } from '../rules/cpi-plan.js';
import { appstoreQueryRule, packageIdValueRule } from './apps.js';

/*
 * The CPI (cost per install) draft fields of `POST campaigns` (customer-area §3, §5, §9). Every field is
 * optional in the shape so bodies of other product types stay as they are; `cpiDraftIssues` adds what a
 * CPI body (productType 4) must carry. The wizard validates a step with `cpiDraftSchema`.
 */

/** Ours (the spec gives defaults only): the daily budget and target CPI ranges, in whole units. */
export const CPI_BUDGET_RANGE = { min: '1', max: '100000' } as const;
export const CPI_TARGET_RANGE = { min: '0.01', max: '100' } as const;

/**
 * Money in a CPI field: a number or decimal string with at most 4 places within the range, read
 * exactly (never through a float) and answered as a 4-place string ("10.0000").
 */
function cpiMoneyRule(range: { min: string; max: string }, message: string) {
  const min = toMoney(range.min)!;
  const max = toMoney(range.max)!;
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx): string => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    // Whole cents: Google Ads refuses a budget or target cost that is not a multiple of its currency's unit.
    const money: Money | null = /^\d+(\.\d{1,2})?$/.test(text) ? toMoney(text) : null;
    if (money === null || money < min || money > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return formatMoney(money);
  });
}

/** Length in characters (an emoji counts as one), after trimming. */
const lengthOf = (text: string) => Array.from(text.trim()).length;

/** A headline or the description: trimmed; empty is left to the required rule of `cpiDraftIssues`. */
function cpiTextRule(limits: { min: number; max: number }, message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((text) => text === '' || (lengthOf(text) >= limits.min && lengthOf(text) <= limits.max), message)
    .refine((text) => isSafeText(text), MESSAGES.textInvalid);
}

const KNOWN_CODES = new Set(CPI_COUNTRIES.map((country) => country.code));

const HTTPS_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#]\S*)?$/i;

/** An https URL (the app's deep link); `""` means none. */
export const deeplinkRule = z
  .string({ error: CAMPAIGN_MESSAGES.cpiDeeplinkInvalid })
  .trim()
  .max(500, CAMPAIGN_MESSAGES.cpiDeeplinkInvalid)
  .refine((text) => text === '' || HTTPS_URL.test(text), CAMPAIGN_MESSAGES.cpiDeeplinkInvalid)
  .refine((text) => isSafeText(text), MESSAGES.textInvalid);

/** The CPI fields a `POST campaigns` body may carry (spread into its object). */
export const cpiDraftShape = {
  /** Daily budget, default 10 (`LIMITS.cpiDailyBudget`). */
  cpiBudget: cpiMoneyRule(CPI_BUDGET_RANGE, CAMPAIGN_MESSAGES.cpiBudgetInvalid).optional(),
  /** Target cost per install, default 0.15 (`LIMITS.cpiTarget`). */
  cpiTarget: cpiMoneyRule(CPI_TARGET_RANGE, CAMPAIGN_MESSAGES.cpiTargetInvalid).optional(),
  /** Duration in days 5-30, default 7; ignored with `unlimited_duration`. */
  cpiDays: z
    .number({ error: CAMPAIGN_MESSAGES.cpiDaysRange })
    .int(CAMPAIGN_MESSAGES.cpiDaysRange)
    .min(LIMITS.cpiDaysMin, CAMPAIGN_MESSAGES.cpiDaysRange)
    .max(LIMITS.cpiDaysMax, CAMPAIGN_MESSAGES.cpiDaysRange)
    .nullish(),
  /** The "unlimited" checkbox (`checkboxUnlimited`): runs until canceled. */
  unlimited_duration: z.boolean({ error: MESSAGES.dataNotValid }).optional(),
  /** Target countries, step 1: GEO groups (`worldwide` = every country) … */
  cpiGeo: z
    .array(z.enum(GEO_GROUPS, { error: MESSAGES.dataNotValid }))
    .max(GEO_GROUPS.length)
    .optional(),
  /** … and/or CPI levels (see `cpiTargetCountries`). */
  cpiLevels: z
    .array(z.enum(CPI_LEVELS, { error: MESSAGES.dataNotValid }))
    .max(CPI_LEVELS.length)
    .optional(),
  /** Promotion countries, step 2: codes among the target countries; absent = all of them. */
  cpiCountry: z
    .array(
      z
        .string({ error: MESSAGES.countryInvalid })
        .trim()
        .toUpperCase()
        .refine((code) => KNOWN_CODES.has(code), MESSAGES.countryInvalid),
    )
    .max(KNOWN_CODES.size)
    .optional(),
  /** Ad languages (checkbox group); absent = english. */
  cpiLanguages: z
    .array(z.enum(CPI_LANGUAGES, { error: MESSAGES.dataNotValid }))
    .max(CPI_LANGUAGES.length)
    .optional(),
  cpiHeadline1: cpiTextRule(LIMITS.cpiHeadline, CAMPAIGN_MESSAGES.cpiHeadlineLength).optional(),
  cpiHeadline2: cpiTextRule(LIMITS.cpiHeadline, CAMPAIGN_MESSAGES.cpiHeadlineLength).optional(),
  /** The ad's description. */
  cpiAdAssets: cpiTextRule(LIMITS.cpiDescription, CAMPAIGN_MESSAGES.cpiDescriptionLength).optional(),
  deeplink: deeplinkRule.optional(),
};

/** The CPI fields once the shape has read them. */
export type CpiDraft = z.output<z.ZodObject<typeof cpiDraftShape>>;

/** The wizard's own check of the CPI fields (field rules and `cpiDraftIssues`), for its steps. */
export const cpiDraftSchema = z.object(cpiDraftShape).superRefine((draft, ctx) => {
  for (const [field, messages] of Object.entries(cpiDraftIssues(draft)))
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
});

/**
 * Fills the install fields a CPI body has no use for (`days`, `installs`: the budget decides), so the
 * shared `POST campaigns` schema reads it; other bodies pass unchanged.
 */
export function withCpiDefaults(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.productType !== PRODUCT_TYPES.cpi) return body;
  return { ...record, days: LIMITS.daysMin, installs: LIMITS.installsMin };
}

/** `GET campaigns/cpi-ad-assets`: the app (one the caller tracks) and the store country to read. */
export const cpiAdAssetsQuerySchema = z.object({
  packageId: packageIdValueRule,
  appstore: appstoreQueryRule,
  country: z
    .string({ error: MESSAGES.countryInvalid })
    .trim()
    .toUpperCase()
    .refine((code) => KNOWN_CODES.has(code), MESSAGES.countryInvalid)
    .optional(),
});
export type CpiAdAssetsQuery = z.infer<typeof cpiAdAssetsQuerySchema>;

/**
 * Text for the ad from the app's store listing: `text` (the listing's description, as customer-area §7
 * reads `data.text`) and suggestions that already pass the length rules (headlines 3-30, descriptions
 * 3-90, all different).
 */
export const cpiAdAssetsResponseSchema = z.object({
  data: z.object({
    text: z.string(),
    headlines: z.array(z.string()),
    descriptions: z.array(z.string()),
  }),
});
export type CpiAdAssetsResponse = z.infer<typeof cpiAdAssetsResponseSchema>;

/** The CPI part of a campaign (details): the draft as ordered and where its money stands. */
export const cpiCampaignSchema = z.object({
  daily_budget: z.string(),
  target_cpi: z.string(),
  /** Null = unlimited duration. */
  days: z.number().int().nullable(),
  unlimited_duration: z.boolean(),
  geo: z.array(z.string()),
  levels: z.array(z.string()),
  /** Promotion countries (codes). */
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  headline1: z.string(),
  headline2: z.string(),
  description: z.string(),
  deeplink: z.string().nullable(),
  /** Spent so far (installs × target CPI). */
  spent: z.string(),
  /** What is left of the start charge (2 × daily budget). */
  prepaid_left: z.string(),
  /** Spend the balance could not cover (paid on resume). */
  unpaid: z.string(),
  /** Days whose spend is settled. */
  days_settled: z.number().int(),
  /** After a cancel: when the unused prepayment is refunded, and when it was. */
  refund_due_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type CpiCampaign = z.infer<typeof cpiCampaignSchema>;
