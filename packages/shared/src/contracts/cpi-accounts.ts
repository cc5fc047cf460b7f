import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { text } from '../rules/text.js';
import { moneyInputRule, moneySchema } from './billing.js';
import { queryFlagRule, searchTextRule } from './apps.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/**
 * A CPI account (staff-admin §3): `id_key` its id at the network (unique, any case; a duplicate answers 422
 * with `code` 1062 and "ID key is duplicated. Please provide an unique ID."), its name, network, currency and
 * the daily limit (money) its running campaigns' daily budgets share.
 */
export const cpiAccountBodySchema = z.object({
  id_key: text({ max: 100, min: 1 }),
  name: text({ max: 100, min: 1 }),
  network: text({ max: 50, min: 1 }),
  currency: z
    .string({ error: MESSAGES.required })
    .trim()
    .regex(/^[A-Za-z]{3}$/, MESSAGES.dataNotValid)
    .transform((value) => value.toUpperCase()),
  daily_limit: moneyInputRule(2).refine((value) => value > 0n, MESSAGES.dataNotValid),
  is_active: z.boolean().default(true),
});
export type CpiAccountBody = z.input<typeof cpiAccountBodySchema>;

export const CPI_ACCOUNT_ORDER_COLUMNS = ['created_at', 'name', 'id_key', 'daily_limit'] as const;
export const cpiAccountListQuerySchema = z.object({
  search: searchTextRule.max(100).optional(),
  active: queryFlagRule.optional(),
  orderBy: z.enum(CPI_ACCOUNT_ORDER_COLUMNS).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type CpiAccountListQuery = z.input<typeof cpiAccountListQuerySchema>;

export const cpiAccountSchema = z.object({
  id: z.number().int(),
  id_key: z.string(),
  name: z.string(),
  network: z.string(),
  currency: z.string(),
  daily_limit: moneySchema,
  is_active: z.boolean(),
  /** The daily budgets of the running CPI campaigns on it (active, paused or waiting). */
  daily_used: moneySchema,
  /** Campaigns ever assigned to it (a used account is deactivated, not deleted). */
  campaigns: z.number().int(),
  created_at: z.string(),
});
export type CpiAccount = z.infer<typeof cpiAccountSchema>;
export const cpiAccountListResponseSchema = z.object({
  data: z.array(cpiAccountSchema),
  meta: pageMetaSchema,
});
export type CpiAccountListResponse = z.infer<typeof cpiAccountListResponseSchema>;
export const cpiAccountResponseSchema = z.object({ data: cpiAccountSchema, message: z.string() });
export type CpiAccountResponse = z.infer<typeof cpiAccountResponseSchema>;
