import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { STAFF_MONEY_MESSAGES } from '../rules/staff-money-messages.js';
import { text } from '../rules/text.js';
import { emailRule } from '../rules/auth.js';
import { searchTextRule } from './apps.js';
import { moneyInputRule, moneySchema } from './billing.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/** The largest bonus a reflink may give (USD). */
export const REFLINK_BONUS_MAX = 1000n * 10_000n;

/**
 * A reflink (staff-admin §3): `code` goes into the sign-up link as `ref`; `bonus` (USD, may be 0) is credited
 * to the bonus balance of each user who signs up with it, with their first credited payment.
 */
export const reflinkBodySchema = z.object({
  name: text({ max: 100, min: 1 }),
  code: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(2, STAFF_MONEY_MESSAGES.reflinkCodeInvalid)
    .max(40, STAFF_MONEY_MESSAGES.reflinkCodeInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, STAFF_MONEY_MESSAGES.reflinkCodeInvalid),
  category: text({ max: 50 }).default(''),
  bonus: moneyInputRule(2).refine(
    (value) => value >= 0n && value <= REFLINK_BONUS_MAX,
    MESSAGES.dataNotValid,
  ),
  email: z.union([emailRule, z.literal('').transform(() => null), z.null()]).optional(),
});
export type ReflinkBody = z.input<typeof reflinkBodySchema>;

export const REFLINK_ORDER_COLUMNS = ['created_at', 'name', 'code', 'registrations', 'revenue'] as const;
export const reflinkListQuerySchema = z.object({
  search: searchTextRule.max(100).optional(),
  orderBy: z.enum(REFLINK_ORDER_COLUMNS).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type ReflinkListQuery = z.input<typeof reflinkListQuerySchema>;

export const reflinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  category: z.string(),
  bonus: moneySchema,
  email: z.string().nullable(),
  created_at: z.string(),
  /** Users who signed up with it. */
  registrations: z.number().int(),
  /** Of those, the ones with a credited payment. */
  paying_users: z.number().int(),
  /** What they paid in all (credited regular payments less refunds). */
  revenue: moneySchema,
});
export type Reflink = z.infer<typeof reflinkSchema>;
export const reflinkListResponseSchema = z.object({ data: z.array(reflinkSchema), meta: pageMetaSchema });
export type ReflinkListResponse = z.infer<typeof reflinkListResponseSchema>;
export const reflinkResponseSchema = z.object({ data: reflinkSchema, message: z.string() });
export type ReflinkResponse = z.infer<typeof reflinkResponseSchema>;
