import { z } from 'zod';
import { balancesSchema } from './billing.js';
import { campaignQuoteSchema, campaignSchema } from './campaigns.js';
import { text } from '../rules/text.js';

/** The `Idempotency-Key` header of an order: any printable text up to 255 characters. */
export const idempotencyKeyRule = text({ max: 255, min: 1 });

/** `GET /api/v1/usage`: the days to list (UTC dates, at most 366 days; default the last 30). */
export const usageQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const usageResponseSchema = z.object({
  data: z.array(
    z.object({
      day: z.string(),
      operation: z.string(),
      calls: z.number().int(),
      test_calls: z.number().int(),
      credits: z.number().int(),
    }),
  ),
  credits: z.object({ free: z.number().int(), paid: z.number().int() }),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** `GET /api/v1/apps/{id}/status`: alive or banned in each country the app is tracked in. */
export const appStatusResponseSchema = z.object({
  data: z.array(
    z.object({
      country: z.string(),
      alive: z.boolean().nullable(),
      is_pending: z.boolean(),
      status_message: z.string().nullable(),
    }),
  ),
});

/** `GET /api/v1/balance`. */
export const publicBalanceResponseSchema = z.object({ data: balancesSchema });

/**
 * `POST /api/v1/campaigns` and the campaign actions: the campaign ordered or changed; with a test token a
 * dry run (`dry_run` true) that was validated (and an order quoted) but changed nothing.
 */
export const publicOrderResponseSchema = z.object({
  data: campaignSchema.nullable(),
  quote: campaignQuoteSchema.shape.data.nullable(),
  dry_run: z.boolean(),
  message: z.string(),
});
export type PublicOrderResponse = z.infer<typeof publicOrderResponseSchema>;
export const publicActionResponseSchema = z.object({
  data: campaignSchema,
  dry_run: z.boolean(),
  message: z.string(),
});

/** Texts of the public API's own answers (read by integrations, in English). */
export const PUBLIC_API_MESSAGES = {
  tokenMissing: 'Send your API token as "Authorization: Bearer <token>" or "X-Api-Key: <token>"',
  tokenInvalid: 'This API token is not valid: create one on My profile, API',
  outOfCredits:
    'Out of API credits: this call costs {{cost}} and {{remaining}} are left. Buy a pack or switch auto-refresh on in My profile, API',
  tooManyRequests:
    'Rate limit of {{max}} requests per {{window}} seconds reached: retry after {{after}} seconds',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request',
  dryRun: 'Test token: the request was checked and nothing was changed',
  usageFromAfterTo: '"from" must not be after "to"',
  usagePeriodTooLong: 'The period is at most 92 days',
} as const;
