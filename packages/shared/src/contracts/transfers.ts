import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { emailRule, loginPasswordRule, optional } from '../rules/auth.js';
import { text } from '../rules/text.js';
import { TRANSFER_MESSAGES } from '../rules/transfer-messages.js';
import { moneySchema, optionalBody, positiveAmount } from './billing.js';
import { pageMetaSchema, pageQuerySchema } from './common.js';

// Transfers between accounts (payment system 34, customer-area §3): a customer sends money from their main
// balance to another Storelift account by e-mail; staff see and reverse them (docs/money.md, Transfers).

export const TRANSFER_STATUSES = ['completed', 'reversed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** `POST transfers/receiver`: who an e-mail belongs to, before confirming (in the body: an e-mail is kept out of URLs). */
export const transferReceiverBodySchema = z.object({ email: emailRule });
export const transferReceiverResponseSchema = z.object({
  /** The receiver's name masked ("J*** S***"): enough to recognize, not enough to learn it. */
  data: z.object({ name: z.string() }),
});
export type TransferReceiverResponse = z.infer<typeof transferReceiverResponseSchema>;

/** `POST transfers`: confirmed with the sender's password and, with two-factor sign-in on, its code. */
export const createTransferBodySchema = z.object({
  email: emailRule,
  amount: positiveAmount(2),
  password: loginPasswordRule,
  code: optional(text({ max: 32, maxMessage: MESSAGES.twoFactorInvalid })),
  description: optional(text({ max: 200 })),
});
export type CreateTransferBody = z.input<typeof createTransferBodySchema>;

/** A transfer as its sender or receiver sees it; the other side by masked name (and e-mail). */
export const transferSchema = z.object({
  id: z.number().int(),
  paysystem_id: z.number().int(),
  direction: z.enum(['sent', 'received']),
  amount: moneySchema,
  status: z.enum(TRANSFER_STATUSES),
  description: z.string().nullable(),
  counterparty: z.object({ name: z.string(), email: z.string() }),
  created_at: z.string(),
  reversed_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** The limits and what is left of today's (UTC) limit. */
export const transferLimitsSchema = z.object({
  max_amount: moneySchema,
  daily_limit: moneySchema,
  left_today: moneySchema,
});
export type TransferLimits = z.infer<typeof transferLimitsSchema>;

export const transferListQuerySchema = pageQuerySchema;
export const transferListResponseSchema = z.object({
  data: z.array(transferSchema),
  meta: pageMetaSchema,
  limits: transferLimitsSchema,
  /** Whether transfers can be sent now: staff switch payment system 34 off and on (core settings). */
  enabled: z.boolean(),
});
export type TransferListResponse = z.infer<typeof transferListResponseSchema>;

export const createTransferResponseSchema = z.object({
  data: transferSchema,
  balances: z.object({ main: moneySchema, bonus: moneySchema, referral: moneySchema }),
  message: z.string(),
});

// ---------------------------------------------------------------- staff

const partySchema = z.object({ id: z.number().int(), email: z.string(), nickname: z.string() });

export const adminTransferSchema = z.object({
  id: z.number().int(),
  paysystem_id: z.number().int(),
  amount: moneySchema,
  status: z.enum(TRANSFER_STATUSES),
  description: z.string().nullable(),
  sender: partySchema,
  receiver: partySchema,
  created_at: z.string(),
  reversed_at: z.string().nullable(),
  reversed_by: partySchema.nullable(),
  reverse_reason: z.string().nullable(),
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;

/** Staff `GET transfers`: every transfer, or one user's sent and received (`user_id`). */
export const adminTransferListQuerySchema = pageQuerySchema.extend({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(TRANSFER_STATUSES).optional(),
});
export const adminTransferListResponseSchema = z.object({
  data: z.array(adminTransferSchema),
  meta: pageMetaSchema,
});
export type AdminTransferListResponse = z.infer<typeof adminTransferListResponseSchema>;

/** Staff `POST transfers/{id}/reverse`. */
export const reverseTransferBodySchema = optionalBody(z.object({ reason: optional(text({ max: 500 })) }));
export const adminTransferResponseSchema = z.object({ data: adminTransferSchema, message: z.string() });

/** The limits on the core settings page (`GET`/`PUT transfer-settings`). */
export const transferSettingsSchema = z.object({ max_amount: moneySchema, daily_limit: moneySchema });
export type TransferSettings = z.infer<typeof transferSettingsSchema>;
export const transferSettingsBodySchema = z
  .object({ max_amount: positiveAmount(2), daily_limit: positiveAmount(2) })
  .refine((body) => body.daily_limit >= body.max_amount, {
    path: ['daily_limit'],
    message: TRANSFER_MESSAGES.dailyBelowMax,
  });
export type TransferSettingsBody = z.input<typeof transferSettingsBodySchema>;
export const transferSettingsResponseSchema = z.object({
  data: transferSettingsSchema,
  message: z.string().optional(),
});

/** The limits until an admin sets them (USD). */
export const TRANSFER_DEFAULTS = { max_amount: '5000.0000', daily_limit: '10000.0000' } as const;
