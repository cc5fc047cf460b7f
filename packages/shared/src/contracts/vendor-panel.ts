import { z } from 'zod';
import { text } from '../rules/text.js';
import { MESSAGES } from '../rules/messages.js';
import { PRODUCT_TYPES } from '../constants/domain.js';
import { appstoreRule } from '../rules/store-link-rules.js';
import { pageMetaSchema } from './common.js';
import { panelServiceSchema } from './panel-api.js';

/**
 * Vendors over the resellers' panel protocol (staff-admin §2 vendors): how a vendor is spoken to, the services
 * its panel lists, the mapping of our products to them, every call made to it, and its balance. Money is a
 * decimal string.
 */

/** `panel`: the resellers' panel protocol (the default for new vendors); `json`: the older JSON protocol. */
export const VENDOR_PROTOCOLS = ['panel', 'json'] as const;
export const vendorProtocolSchema = z.enum(VENDOR_PROTOCOLS, { error: MESSAGES.dataNotValid });
export type VendorProtocol = z.infer<typeof vendorProtocolSchema>;

/** One service of a vendor's panel, as last loaded (`POST vendors/{id}/services/load`): the protocol's entry. */
export const vendorServiceSchema = panelServiceSchema;
export type VendorService = z.infer<typeof vendorServiceSchema>;

/** `POST vendors/{id}/services/load` and `GET vendors/{id}/services`: the list as last loaded. */
export const vendorServicesResponseSchema = z.object({
  data: z.array(vendorServiceSchema),
  currency: z.string().nullable(),
  loaded_at: z.string().nullable(),
});
export type VendorServicesResponse = z.infer<typeof vendorServicesResponseSchema>;

/**
 * One mapping: (product type, store, country or any) → the vendor's service. Beside it the service's rate, min and
 * max as last loaded (null when the service is no longer listed) and our price per 1000 for the product (the base
 * plan's), so the margin is visible.
 */
export const vendorMappingSchema = z.object({
  id: z.number().int(),
  product_type: z.number().int(),
  store: z.number().int(),
  /** Country code; null = any country. */
  country: z.string().nullable(),
  service: z.string(),
  is_active: z.boolean(),
  service_name: z.string().nullable(),
  rate: z.string().nullable(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  /** Our price per 1000 of the product at the base plan, in USD. */
  our_price: z.string().nullable(),
});
export type VendorMapping = z.infer<typeof vendorMappingSchema>;

/** `GET vendors/{id}/mappings` (and the answer of `PUT`). */
export const vendorMappingsResponseSchema = z.object({ data: z.array(vendorMappingSchema) });
export type VendorMappingsResponse = z.infer<typeof vendorMappingsResponseSchema>;

const productTypes = Object.values(PRODUCT_TYPES) as number[];

/** `PUT vendors/{id}/mappings`: the vendor's whole mapping list (replaces it). */
export const vendorMappingsBodySchema = z.object({
  items: z
    .array(
      z.object({
        product_type: z
          .number({ error: MESSAGES.dataNotValid })
          .int()
          .refine((type) => productTypes.includes(type), MESSAGES.dataNotValid),
        store: appstoreRule,
        country: text({
          min: 2,
          max: 3,
          minMessage: MESSAGES.countryInvalid,
          maxMessage: MESSAGES.countryInvalid,
        })
          .nullable()
          .default(null),
        service: text({ min: 1, max: 50 }),
        is_active: z.boolean({ error: MESSAGES.dataNotValid }).default(true),
      }),
    )
    .max(200),
});
export type VendorMappingsBody = z.input<typeof vendorMappingsBodySchema>;

/** One call made to a vendor (`GET campaigns/{id}/vendor-calls`, admin): never the key, never the raw body. */
export const vendorCallSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int().nullable(),
  vendor: z.string().nullable(),
  action: z.string(),
  latency_ms: z.number().int(),
  outcome: z.enum(['ok', 'refused', 'unreachable']),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type VendorCall = z.infer<typeof vendorCallSchema>;
export const vendorCallListResponseSchema = z.object({
  data: z.array(vendorCallSchema),
  meta: pageMetaSchema,
});
export type VendorCallListResponse = z.infer<typeof vendorCallListResponseSchema>;

/** `GET operations/vendors`: each vendor's last known balance, open orders and recent failures. */
export const vendorHealthSchema = z.object({
  vendor_id: z.number().int(),
  vendor: z.string(),
  protocol: vendorProtocolSchema,
  is_active: z.boolean(),
  balance: z.string().nullable(),
  currency: z.string().nullable(),
  balance_at: z.string().nullable(),
  /** Below this balance staff get a notice; null = no threshold. */
  balance_threshold: z.string().nullable(),
  open_orders: z.number().int(),
  /** Calls refused or unreachable in the last 24 hours. */
  failures_24h: z.number().int(),
});
export type VendorHealth = z.infer<typeof vendorHealthSchema>;
export const vendorHealthResponseSchema = z.object({ data: z.array(vendorHealthSchema) });
export type VendorHealthResponse = z.infer<typeof vendorHealthResponseSchema>;
