import { z } from 'zod';
import { text } from '../rules/text.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { PRODUCT_TYPES } from '../constants/domain.js';
import { appstoreRule } from '../rules/store-link-rules.js';
import { appstoreQueryRule, searchTextRule } from './apps.js';
import { pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';
import { vendorProtocolSchema } from './vendor-panel.js';

const countryRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** A vendor (staff-admin §3). `store` and `country` null = every store / every country. */
export const vendorSchema = z.object({
  id: z.number().int(),
  store: z.number().int().nullable(),
  vendor: z.string(),
  country: countryRef.nullable(),
  mature: z.boolean(),
  products: z.array(z.number().int()),
  share: z.string(),
  is_active: z.boolean(),
  /** The vendor's HTTP API; null = the embedded sandbox delivers its campaigns. */
  api_url: z.string().nullable(),
  /** Whether an API key is stored (the key itself is never answered). */
  has_api_key: z.boolean(),
  /** How its API is spoken to: `panel` (the resellers' panel protocol) or `json` (the older JSON protocol). */
  protocol: vendorProtocolSchema,
  /** A panel vendor's last known balance (decimal string in `balance_currency`), read at `balance_at`. */
  balance: z.string().nullable(),
  balance_currency: z.string().nullable(),
  balance_at: z.string().nullable(),
  /** Below this balance staff get a notice; null = none. */
  balance_threshold: z.string().nullable(),
  /** Per-country switches; a country without a row is active. */
  countries: z.array(z.object({ country: countryRef, is_active: z.boolean() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorResponseSchema = z.object({ data: vendorSchema, message: z.string().optional() });
export type VendorResponse = z.infer<typeof vendorResponseSchema>;
export const vendorListResponseSchema = z.object({ data: z.array(vendorSchema), meta: pageMetaSchema });
export type VendorListResponse = z.infer<typeof vendorListResponseSchema>;

/** `GET vendors/get-list`: every vendor, short (for pickers). */
export const vendorShortListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      vendor: z.string(),
      store: z.number().int().nullable(),
      is_active: z.boolean(),
    }),
  ),
});
export type VendorShortList = z.infer<typeof vendorShortListSchema>;

export const vendorListQuerySchema = pageQuerySchema.extend({
  search: searchTextRule.max(100).optional(),
  store: appstoreQueryRule.optional(),
  orderBy: z.enum(['id', 'vendor', 'share', 'created_at']).default('id'),
  sortBy: sortDirectionSchema.default('asc'),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

const productTypes = Object.values(PRODUCT_TYPES) as number[];

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** `POST vendors` (and `PUT vendors/{id}`). */
export const vendorBodySchema = z.object({
  store: appstoreRule.nullable().default(null),
  vendor: text({ min: 1, max: 100, minMessage: CAMPAIGN_MESSAGES.vendorNameRequired }),
  /** Country code; null = all countries. */
  country: text({ min: 2, max: 3, minMessage: MESSAGES.countryInvalid, maxMessage: MESSAGES.countryInvalid })
    .nullable()
    .default(null),
  mature: z.boolean({ error: MESSAGES.dataNotValid }).default(false),
  products: z
    .array(
      z
        .number({ error: MESSAGES.dataNotValid })
        .int()
        .refine((type) => productTypes.includes(type), MESSAGES.dataNotValid),
    )
    .max(20)
    .default([]),
  share: z.coerce
    .number({ error: CAMPAIGN_MESSAGES.vendorShareRange })
    .min(0, CAMPAIGN_MESSAGES.vendorShareRange)
    .max(100, CAMPAIGN_MESSAGES.vendorShareRange)
    .default(100),
  is_active: z.boolean({ error: MESSAGES.dataNotValid }).default(true),
  /** The vendor's HTTP API base URL: omitted = unchanged, null or "" = none (the sandbox delivers). */
  api_url: text({ max: 500 })
    .refine((url) => url === '' || isHttpUrl(url), MESSAGES.dataNotValid)
    .nullable()
    .optional(),
  /** The vendor API's key (panel `key`, JSON bearer token): omitted = unchanged, null or "" = none. */
  api_key: text({ max: 500 }).nullable().optional(),
  protocol: vendorProtocolSchema.default('panel'),
  /** A decimal string ≥ 0 (up to 5 decimals): omitted = unchanged, null or "" = no threshold. */
  balance_threshold: z
    .union([z.string(), z.number()], { error: MESSAGES.dataNotValid })
    .transform((value) => String(value).trim())
    .refine((value) => value === '' || /^\d{1,12}(\.\d{1,5})?$/.test(value), MESSAGES.dataNotValid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type VendorBody = z.input<typeof vendorBodySchema>;
/** A vendor body after parsing (defaults filled in). */
export type VendorValues = z.infer<typeof vendorBodySchema>;

/** `PUT vendors/change-admin-vendors-activity`. */
export const vendorActivityBodySchema = z.object({
  id: z.number({ error: MESSAGES.dataNotValid }).int().positive().max(2_147_483_647),
  is_active: z.boolean({ error: MESSAGES.dataNotValid }),
});

/** `PUT vendors/change-admin-country-vendors-activity`. */
export const vendorCountryActivityBodySchema = vendorActivityBodySchema.extend({
  country: text({ min: 2, max: 3, minMessage: MESSAGES.countryInvalid, maxMessage: MESSAGES.countryInvalid }),
});
