import { z } from 'zod';
import { PANEL_ACTIONS, PANEL_API_MESSAGES, PANEL_ORDER_STATES } from '../constants/panel-api.js';
import { text } from '../rules/text.js';

/*
 * The panel API's requests and answers (`POST /api/v2`, docs/public-api.md "Panel API v2"): one POST endpoint,
 * form-encoded or JSON, the customer's API token as `key` and an `action`. Money is a decimal string; numbers
 * may come as strings. Its plain values are in constants/panel-api.ts.
 */

/** A count as panels send it: a number or a string of digits. */
const count = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: PANEL_API_MESSAGES.requestInvalid }).int().min(min).max(max),
  );
/** An id as panels send it: digits, as a string or a number. */
const idRule = z
  .union([z.string(), z.number()], { error: PANEL_API_MESSAGES.requestInvalid })
  .transform((value) => String(value).trim());
/** A list of ids: comma-separated text or an array. */
const idsRule = z
  .union([text({ max: 4000, min: 1 }), z.array(z.union([z.string(), z.number()])).max(1000)], {
    error: PANEL_API_MESSAGES.requestInvalid,
  })
  .transform((value) =>
    (Array.isArray(value) ? value.map(String) : value.split(',')).map((id) => id.trim()).filter(Boolean),
  );
/** Review texts: one per line, or an array. */
const commentsRule = z
  .union([text({ max: 300_000, multiline: true }), z.array(text({ max: 1000 })).max(5000)], {
    error: PANEL_API_MESSAGES.requestInvalid,
  })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(/\r?\n/)).map((line) => line.trim()).filter(Boolean),
  );

/** Every call: the key and the action (anything else is read by the action's own schema). */
export const panelCallSchema = z.looseObject({
  key: text({ max: 255, min: 1 }),
  // As panel software may write it: ` Add `, `STATUS`.
  action: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(PANEL_ACTIONS, { error: PANEL_API_MESSAGES.actionInvalid }),
  ),
});

/** `action=add`. `quantity` is per run (a day) and per keyword; `interval` is read and not used (runs are days). */
export const panelAddSchema = z.looseObject({
  service: idRule,
  link: text({ max: 2000, min: 1 }),
  quantity: count(1, 1_000_000),
  runs: count(1, 1000).optional(),
  interval: count(0, 1_000_000).optional(),
  comments: commentsRule.optional(),
  keywords: text({ max: 20_000, multiline: true }).optional(),
});
export type PanelAddInput = z.output<typeof panelAddSchema>;

/** `action=status`: one `order`, or up to 100 `orders`. */
export const panelStatusSchema = z.looseObject({ order: idRule.optional(), orders: idsRule.optional() });
/** `action=refill`. */
export const panelRefillSchema = z.looseObject({ order: idRule });
/** `action=refill_status`. */
export const panelRefillStatusSchema = z.looseObject({ refill: idRule });
/** `action=cancel`: `orders` (or one `order`). */
export const panelCancelSchema = z.looseObject({ orders: idsRule.optional(), order: idRule.optional() });

/** The whole body as the OpenAPI document shows it (the route reads it per action, answering `{error}`). */
export const panelRequestSchema = z.object({
  key: z.string().describe('Your live API token (sl_…) or test token (sl_test_…)'),
  action: z.enum(PANEL_ACTIONS),
  service: z.string().optional(),
  link: z.string().optional(),
  quantity: z.union([z.number().int(), z.string()]).optional(),
  runs: z.union([z.number().int(), z.string()]).optional(),
  interval: z.union([z.number().int(), z.string()]).optional(),
  comments: z.string().optional(),
  keywords: z.string().optional(),
  order: z.union([z.number().int(), z.string()]).optional(),
  orders: z.string().optional(),
  refill: z.union([z.number().int(), z.string()]).optional(),
});

const errorAnswer = z.object({ error: z.string() });
export const panelServiceSchema = z.object({
  service: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  /** Price per 1000 (ours at the caller's plan, or a vendor's in its currency), a decimal string. */
  rate: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  refill: z.boolean(),
  cancel: z.boolean(),
});
export type PanelServiceEntry = z.infer<typeof panelServiceSchema>;
export const panelOrderStatusSchema = z.object({
  charge: z.string(),
  start_count: z.number().int(),
  status: z.enum(PANEL_ORDER_STATES),
  remains: z.number().int(),
  currency: z.string(),
});
export type PanelOrderStatusEntry = z.infer<typeof panelOrderStatusSchema>;

/** Every answer of `POST /api/v2` (HTTP 200, or 429 over the rate limit with `{error}`). */
export const panelResponseSchema = z.union([
  errorAnswer,
  z.array(panelServiceSchema),
  z.object({ order: z.number().int() }),
  panelOrderStatusSchema,
  z.object({ balance: z.string(), currency: z.string() }),
  z.object({ refill: z.number().int() }),
  z.object({ status: z.string() }),
  z.array(
    z.object({
      order: z.union([z.number().int(), z.string()]),
      cancel: z.union([z.literal(1), errorAnswer]),
    }),
  ),
  z.record(z.string(), z.union([panelOrderStatusSchema, errorAnswer])),
]);
