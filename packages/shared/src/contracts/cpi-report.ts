import { z } from 'zod';
import { CPI_COUNTRIES } from '../constants/cpi.js';
import { CPI_TIERS } from '../constants/cpi-benchmarks.js';
import { TRANSACTION_TYPES } from '../constants/money.js';
import { MESSAGES } from '../rules/messages.js';
import { toMoney } from '../rules/money.js';
import { appstoreQueryRule } from './apps.js';

/*
 * What an advertiser sees of a CPI campaign (`GET campaigns/{id}/cpi-report`) and the wizard's estimate
 * (`GET campaigns/cpi-estimate`), docs/campaigns.md § CPI report and § CPI estimate. Money is a decimal
 * string; ratios are percent strings with 2 decimals, computed exactly on the server.
 */

/** The figures of a day, a country or the whole campaign as its ad network reported them. */
export const cpiFiguresSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Installs (the network's conversions, 2 decimals: "12.50"). */
  installs: z.string(),
  /** Cost, 4 decimals. */
  spend: z.string(),
  /** Clicks per impression, percent ("4.20"); null without impressions. */
  ctr: z.string().nullable(),
  /** Installs per click, percent; null without clicks. */
  conversion_rate: z.string().nullable(),
  /** Actual cost per install (spend / installs, 4 decimals); null without installs. */
  cpi: z.string().nullable(),
});
export type CpiFigures = z.infer<typeof cpiFiguresSchema>;

/** Why the ad network refused the campaign, for plain words to the customer (the API's text is staff's). */
export const CPI_PROBLEMS = ['auth', 'policy', 'budget', 'target', 'quota', 'not-found', 'other'] as const;
export type CpiProblem = (typeof CPI_PROBLEMS)[number];

export const cpiReportResponseSchema = z.object({
  data: z.object({
    target_cpi: z.string(),
    daily_budget: z.string(),
    /** The countries the ads run in (codes). */
    countries: z.array(z.string()),
    totals: cpiFiguresSchema,
    /** Oldest day first (the ad account's days). */
    days: z.array(cpiFiguresSchema.extend({ date: z.string() })),
    /** Most spend first; '' is a country the network did not name. */
    by_country: z.array(cpiFiguresSchema.extend({ country: z.string() })),
    /** Today in the ad account's time zone: spent of the daily budget. */
    pacing: z.object({
      date: z.string(),
      spent: z.string(),
      daily_budget: z.string(),
      /** Whole percent of the daily budget spent (may pass 100 by the network's overdelivery). */
      percent: z.number().int(),
    }),
    ad: z.object({
      headline1: z.string(),
      headline2: z.string(),
      description: z.string(),
      /** Google's policy review: APPROVED, APPROVED_LIMITED, DISAPPROVED, ...; null before it is read. */
      approval_status: z.string().nullable(),
      review_status: z.string().nullable(),
      policy_topics: z.array(z.string()),
      /** The last refusal of the network, as a kind the page words plainly; null when none. */
      problem: z.enum(CPI_PROBLEMS).nullable(),
      problem_at: z.string().nullable(),
    }),
    /** The campaign's ledger postings (start charge, daily charges, refunds), newest first. */
    charges: z.array(
      z.object({
        at: z.string(),
        type: z.enum(TRANSACTION_TYPES),
        amount: z.string(),
        description: z.string().nullable(),
        description_key: z.string().nullable(),
        description_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
      }),
    ),
    refund: z.object({
      prepaid_left: z.string(),
      due_at: z.string().nullable(),
      refunded_at: z.string().nullable(),
    }),
    /** When the network's figures were last read. */
    reported_at: z.string().nullable(),
  }),
});
export type CpiReport = z.infer<typeof cpiReportResponseSchema>['data'];

const KNOWN_CODES = new Set(CPI_COUNTRIES.map((country) => country.code));

/** `GET campaigns/cpi-estimate?appstore=&countries=DE,FR&target=0.15`. */
export const cpiEstimateQuerySchema = z.object({
  appstore: appstoreQueryRule,
  countries: z
    .string({ error: MESSAGES.countryInvalid })
    .max(2000, MESSAGES.countryInvalid)
    .transform((text) => [...new Set(text.split(',').map((code) => code.trim().toUpperCase()))])
    .refine(
      (codes) => codes.length > 0 && codes.every((code) => KNOWN_CODES.has(code)),
      MESSAGES.countryInvalid,
    ),
  target: z
    .string({ error: MESSAGES.dataNotValid })
    .refine(
      (text) => /^\d{1,6}(\.\d{1,4})?$/.test(text.trim()) && toMoney(text) !== null,
      MESSAGES.dataNotValid,
    )
    .optional(),
});
export type CpiEstimateQuery = z.infer<typeof cpiEstimateQuerySchema>;

/**
 * One line of the estimate: a tier's benchmark range for its countries, or one country's own figures
 * (min = max = the customer's actual cost per install there over the last 30 days).
 */
export const cpiEstimateRowSchema = z.object({
  source: z.enum(['benchmark', 'own']),
  tier: z.enum(CPI_TIERS),
  countries: z.array(z.string()),
  min: z.string(),
  max: z.string(),
  /** Own figures: the installs they rest on. */
  installs: z.string().nullable(),
  /** The target is below the range's low end: few installs are to be expected there. */
  below: z.boolean(),
});
export type CpiEstimateRow = z.infer<typeof cpiEstimateRowSchema>;

export const cpiEstimateResponseSchema = z.object({
  data: z.object({ rows: z.array(cpiEstimateRowSchema) }),
});
export type CpiEstimate = z.infer<typeof cpiEstimateResponseSchema>['data'];
