import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { PAGES_MESSAGES } from '../rules/pages-messages.js';
import { text } from '../rules/text.js';
import { moneySchema, optionalBody } from './billing.js';
import { pageMetaSchema } from './common.js';
import {
  RESELLER_CHANNELS,
  RESELLER_MAX_MONTHLY_INSTALLS,
  RESELLER_NOTE_MAX,
  RESELLER_REQUEST_STATUSES,
  RESELLER_SERVICES,
} from '../constants/pages.js';

/** A set of choices: at least one, each once (the order is kept as sent). */
const choices = <T extends readonly [string, ...string[]]>(values: T, required: string) =>
  z
    .array(z.enum(values, { error: MESSAGES.dataNotValid }), { error: required })
    .min(1, required)
    .max(values.length, MESSAGES.dataNotValid)
    .refine((list) => new Set(list).size === list.length, MESSAGES.dataNotValid);

/** `POST resellers`: the reseller form of customer-area §5 (at least one service and one channel). */
export const resellerRequestBodySchema = z.object({
  customer_sources: text({ max: 2000, min: 1, multiline: true }),
  suppliers: text({ max: 2000, multiline: true }).optional(),
  monthly_installs: z
    .number({ error: MESSAGES.dataNotValid })
    .int(MESSAGES.dataNotValid)
    .min(0, MESSAGES.dataNotValid)
    .max(RESELLER_MAX_MONTHLY_INSTALLS, MESSAGES.dataNotValid),
  channels: choices(RESELLER_CHANNELS, PAGES_MESSAGES.resellerChannelRequired),
  services: choices(RESELLER_SERVICES, PAGES_MESSAGES.resellerServiceRequired),
});
export type ResellerRequestBody = z.input<typeof resellerRequestBodySchema>;

export const resellerRequestSchema = z.object({
  id: z.number().int(),
  customer_sources: z.string(),
  suppliers: z.string().nullable(),
  monthly_installs: z.number().int(),
  channels: z.array(z.enum(RESELLER_CHANNELS)),
  services: z.array(z.enum(RESELLER_SERVICES)),
  status: z.enum(RESELLER_REQUEST_STATUSES),
  /** The reseller plan given on approval. */
  priceplan: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ResellerRequest = z.infer<typeof resellerRequestSchema>;

/** `GET resellers`: the caller's latest request, their plan and where they stand on the criteria of §6. */
export const resellerProgramResponseSchema = z.object({
  data: resellerRequestSchema.nullable(),
  is_reseller: z.boolean(),
  priceplan: z.string(),
  criteria: z.object({ min_spent: moneySchema, spent: moneySchema, meets_spent: z.boolean() }),
});
export type ResellerProgramResponse = z.infer<typeof resellerProgramResponseSchema>;
export const resellerRequestResponseSchema = z.object({ data: resellerRequestSchema, message: z.string() });
export type ResellerRequestResponse = z.infer<typeof resellerRequestResponseSchema>;

export const adminResellerRequestSchema = resellerRequestSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string(), nickname: z.string() }),
});
export type AdminResellerRequest = z.infer<typeof adminResellerRequestSchema>;
export const adminResellerRequestListQuerySchema = z.object({
  status: z.enum(RESELLER_REQUEST_STATUSES).optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const adminResellerRequestListResponseSchema = z.object({
  data: z.array(adminResellerRequestSchema),
  meta: pageMetaSchema,
});
export type AdminResellerRequestListResponse = z.infer<typeof adminResellerRequestListResponseSchema>;
/** Approve: the reseller plan to put the user on (Reseller Base by default) and a note. */
export const approveResellerRequestBodySchema = optionalBody(
  z.object({
    priceplan_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    note: text({ max: RESELLER_NOTE_MAX, multiline: true }).optional(),
  }),
);
export const rejectResellerRequestBodySchema = optionalBody(
  z.object({ note: text({ max: RESELLER_NOTE_MAX, multiline: true }).optional() }),
);
export const adminResellerRequestResponseSchema = z.object({
  data: adminResellerRequestSchema,
  message: z.string(),
});
export type AdminResellerRequestResponse = z.infer<typeof adminResellerRequestResponseSchema>;
