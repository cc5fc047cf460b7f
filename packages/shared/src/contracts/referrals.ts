import { z } from 'zod';
import { text } from '../rules/text.js';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from '../constants/money.js';
import { LIMITS } from '../constants/domain.js';
import { MESSAGES } from '../rules/messages.js';
import { MONEY_SCALE } from '../rules/money.js';
import { moneySchema, optionalBody, positiveAmount } from './billing.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

const CENT = MONEY_SCALE / 100n;

/** A referred user as the referrer sees them (e-mail masked). */
export const referralSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  created_at: z.string(),
  /** Their credited payments in all. */
  payments: moneySchema,
  /** What they spent from their balances (charges less refunds). */
  spendings_new: moneySchema,
  /** What the referrer earned from them. */
  earned: moneySchema,
});
export type Referral = z.infer<typeof referralSchema>;

export const REFERRAL_SORTS = ['spendings_new', 'payments', 'earned', 'created_at'] as const;
export const referralListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.referralsPageSize),
  sortBy: z.enum(REFERRAL_SORTS).default('spendings_new'),
  sortType: sortDirectionSchema.default('desc'),
});

export const referralSummarySchema = z.object({
  code: z.string(),
  /** `/signup?ref=CODE` on the public origin. */
  link: z.string(),
  percent: moneySchema,
  referrals: z.number().int(),
  /** Commissions earned in all. */
  earned: moneySchema,
  /** The referral balance now (what can be paid out). */
  balance: moneySchema,
  /** Requested and not yet paid out. */
  pending_payouts: moneySchema,
  payout_min: moneySchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
export const referralListResponseSchema = z.object({
  data: z.array(referralSchema),
  meta: pageMetaSchema,
  summary: referralSummarySchema,
});
export type ReferralListResponse = z.infer<typeof referralListResponseSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  method: z.enum(PAYOUT_METHODS),
  details: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  /** The cancellation text for a canceled request, else null. */
  message: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
/** `GET users/referral/payouts`: the list is called `payments` (customer-area §7). */
export const payoutListResponseSchema = z.object({ payments: z.array(payoutSchema), meta: pageMetaSchema });
export type PayoutListResponse = z.infer<typeof payoutListResponseSchema>;

/**
 * `POST users/referral/payout`: to the main balance at once, or paid out by staff to `details`. Money
 * that leaves Storelift is whole cents; a move to the own main balance takes all 4 places, so no part of
 * a referral balance is ever stuck (docs/money.md).
 */
export const payoutBodySchema = z
  .object({
    amount: positiveAmount(4),
    method: z.enum(PAYOUT_METHODS, { error: MESSAGES.dataNotValid }).default('balance'),
    details: text({ max: 500, multiline: true }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'balance' && body.amount % CENT !== 0n) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.amountInvalid });
    }
    if (body.method !== 'balance' && !body.details) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: MESSAGES.payoutDetailsRequired });
    }
  });
export type PayoutBody = z.input<typeof payoutBodySchema>;
export const payoutResponseSchema = z.object({ data: payoutSchema, message: z.string() });
export type PayoutResponse = z.infer<typeof payoutResponseSchema>;

export const adminPayoutSchema = payoutSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string(), nickname: z.string() }),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
/** Staff: payout requests by status, user, method, or the requester's e-mail or nickname (`search`). */
export const adminPayoutListQuerySchema = payoutListQuerySchema.extend({
  status: z.enum(PAYOUT_STATUSES).optional(),
  method: z.enum(PAYOUT_METHODS).optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  search: text({ max: 200 }).optional(),
});
export type AdminPayoutListQuery = z.input<typeof adminPayoutListQuerySchema>;
export const adminPayoutListResponseSchema = z.object({
  data: z.array(adminPayoutSchema),
  meta: pageMetaSchema,
});
export type AdminPayoutListResponse = z.infer<typeof adminPayoutListResponseSchema>;
export const adminPayoutResponseSchema = z.object({ data: adminPayoutSchema, message: z.string() });
export type AdminPayoutResponse = z.infer<typeof adminPayoutResponseSchema>;
export const adminPayoutNoteBodySchema = optionalBody(
  z.object({ note: text({ max: 500, multiline: true }).optional() }),
);
