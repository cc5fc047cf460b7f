import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { text } from '../rules/text.js';
import { pageMetaSchema, pageQuerySchema } from './common.js';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../constants/webhooks.js';
import { WEBHOOK_MESSAGES } from '../rules/webhook-messages.js';

const eventsRule = z
  .array(z.enum(WEBHOOK_EVENTS, { error: MESSAGES.dataNotValid }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const rankThresholdRule = z.coerce
  .number({ error: MESSAGES.dataNotValid })
  .int(MESSAGES.dataNotValid)
  .min(1, MESSAGES.dataNotValid)
  .max(WEBHOOK_LIMITS.rankThresholdMax, MESSAGES.dataNotValid);

/** Registers an endpoint; its address is checked to be public on the server. */
export const webhookEndpointBodySchema = z.object({
  url: text({ max: 500, min: 1 }).refine((url) => /^https?:\/\//i.test(url), WEBHOOK_MESSAGES.urlNotPublic),
  events: eventsRule,
  rank_threshold: rankThresholdRule.default(5),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

/** Changes an endpoint's events, threshold or whether it is on (its URL and secret stay). */
export const webhookEndpointUpdateSchema = z.object({
  events: eventsRule.optional(),
  rank_threshold: rankThresholdRule.optional(),
  is_active: z.boolean({ error: MESSAGES.dataNotValid }).optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  rank_threshold: z.number().int(),
  is_active: z.boolean(),
  /** The secret masked (`whsec_…abcd`): the full secret is shown only when the endpoint is created. */
  secret_hint: z.string(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;
/** The answer to registering: the endpoint and, this once, its secret. */
export const webhookEndpointCreatedSchema = z.object({
  data: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;
export const webhookEndpointResponseSchema = z.object({ data: webhookEndpointSchema });
export type WebhookEndpointResponse = z.infer<typeof webhookEndpointResponseSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The HTTP status answered; null when there was no answer. */
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
});
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  /** An event, or `ping` (the test an endpoint's owner sends). */
  type: z.enum([...WEBHOOK_EVENTS, 'ping']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListQuerySchema = pageQuerySchema;
export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
  meta: pageMetaSchema,
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const webhookDeliveryResponseSchema = z.object({ data: webhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;
export const webhookDeliveryParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
