import { z } from 'zod';
import { APP_STORES } from '../constants/domain.js';
import { moneySchema } from './billing.js';
import { pageMetaSchema } from './common.js';

const appstoreIdSchema = z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)]);

/** A price per unit of a product type on a store (customer-area §3 Pricetag; `type` = product type). */
export const pricetagSchema = z.object({
  is_active: z.boolean(),
  appstore_id: appstoreIdSchema,
  type: z.number().int(),
  price: moneySchema,
});
export type Pricetag = z.infer<typeof pricetagSchema>;

export const planRefSchema = z.object({ id: z.number().int(), name: z.string(), threshold: moneySchema });
export type PlanRef = z.infer<typeof planRefSchema>;

/**
 * A price plan: reached when the user's credited payments total `threshold` (reseller plans are set by
 * staff), with its discount on the base prices and its price table.
 */
export const pricePlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  threshold: moneySchema,
  discount: moneySchema,
  is_reseller: z.boolean(),
  next: planRefSchema.nullable(),
  prices: z.array(pricetagSchema.omit({ is_active: true })),
});
export type PricePlan = z.infer<typeof pricePlanSchema>;

/** `GET priceplans`: `limit` 0 (the default) means all. */
export const pricePlanListQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(0),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const pricePlanListResponseSchema = z.object({ data: z.array(pricePlanSchema), meta: pageMetaSchema });
export type PricePlanList = z.infer<typeof pricePlanListResponseSchema>;

/** `GET priceplans/current`: the user's plan, the next one and how far the user is from it. */
export const currentPlanResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    threshold: moneySchema,
    discount: moneySchema,
    is_reseller: z.boolean(),
    next: planRefSchema.nullable(),
    /** Credited payments of the user in all. */
    total_payments: moneySchema,
    /** What is left to pay to reach the next plan, or null at the top (or on a reseller plan). */
    left_to_next: moneySchema.nullable(),
    /** 0-100 towards the next plan (100 at the top). */
    progress: z.number(),
    pricetags: z.array(pricetagSchema),
  }),
});
export type CurrentPlanResponse = z.infer<typeof currentPlanResponseSchema>;

/** Staff: put a user on a plan (reseller plans only this way). */
export const setUserPlanBodySchema = z.object({
  priceplan_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const pricetagListResponseSchema = z.object({ data: z.array(pricetagSchema), message: z.string() });
export type PricetagListResponse = z.infer<typeof pricetagListResponseSchema>;
