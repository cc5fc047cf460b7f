import { z } from 'zod';
import { APP_STORES, LIMITS, PRODUCT_TYPES, type CAMPAIGN_STATUSES } from '../constants/domain.js';
import { ORDERABLE_PRODUCT_TYPES } from '../constants/campaigns.js';
import type { PublicApiOperation } from '../constants/public-api.js';
import { text } from '../rules/text.js';
import { installsMinOf } from '../rules/campaign-order-rules.js';

/*
 * Storelift as a panel (`POST /api/v2`, docs/public-api.md "Panel API v2"): the resellers' panel protocol that
 * reseller panel software speaks with no code of its own. One POST endpoint, form-encoded or JSON, the
 * customer's API token as `key` and an `action`. Money is a decimal string; numbers may come as strings.
 */

/** The panel API's path. */
export const PANEL_API_BASE = '/api/v2';

export const PANEL_ACTIONS = [
  'services',
  'add',
  'status',
  'balance',
  'refill',
  'refill_status',
  'cancel',
] as const;
export type PanelAction = (typeof PANEL_ACTIONS)[number];

/**
 * The public API operation each action is, for its price (`PUBLIC_API_CREDITS`) and its row in the usage:
 * `status` with `orders` is `listCampaigns`, with `order` `getCampaign`.
 */
export const PANEL_ACTION_OPERATIONS = {
  services: 'quoteCampaign',
  add: 'orderCampaign',
  status: 'getCampaign',
  balance: 'getBalance',
  refill: 'getCampaign',
  refill_status: 'getCampaign',
  cancel: 'cancelCampaign',
} as const satisfies Record<PanelAction, PublicApiOperation>;
/** The operation of a multi-order `status`. */
export const PANEL_MULTI_STATUS_OPERATION: PublicApiOperation = 'listCampaigns';

/** At most this many order ids in one `status` or `cancel` call. */
export const PANEL_ORDERS_MAX = 100;
/** The currency of every price, charge and balance. */
export const PANEL_CURRENCY = 'USD';

/** The products a panel orders: the orderable ones but CPI (a budget, not a quantity). */
export const PANEL_PRODUCT_TYPES = ORDERABLE_PRODUCT_TYPES;

const PRODUCT_NAMES: Record<(typeof PANEL_PRODUCT_TYPES)[number], string> = {
  [PRODUCT_TYPES.package]: 'Direct installs',
  [PRODUCT_TYPES.keyword]: 'Keyword installs',
  [PRODUCT_TYPES.hqReview]: 'Reviews with a 3-week guarantee',
  [PRODUCT_TYPES.rate]: 'Ratings',
  [PRODUCT_TYPES.review]: 'Reviews',
  [PRODUCT_TYPES.impressions]: 'Keyword impressions',
};
export const PANEL_STORE_NAMES: Record<number, string> = {
  [APP_STORES.GOOGLE_PLAY]: 'Google Play',
  [APP_STORES.APP_STORE]: 'App Store',
};

/**
 * A service id: the store times 100 plus the product type (101 Google Play direct installs, 205 App Store
 * guaranteed reviews). Stable: it names what is sold, never a row.
 */
export const panelServiceId = (appstore: number, productType: number) => String(appstore * 100 + productType);

/** The store and product of a service id, or null for an id that is none. */
export function panelServiceOf(id: string): { appstore: number; productType: number } | null {
  if (!/^\d{3}$/.test(id)) return null;
  const appstore = Math.floor(Number(id) / 100);
  const productType = Number(id) % 100;
  const known =
    PANEL_STORE_NAMES[appstore] !== undefined &&
    (PANEL_PRODUCT_TYPES as readonly number[]).includes(productType);
  return known ? { appstore, productType } : null;
}

/** What a service is called, listed under and how it is ordered (`type` as panels name it). */
export function panelServiceText(appstore: number, productType: number) {
  const store = PANEL_STORE_NAMES[appstore] ?? '';
  const name = PRODUCT_NAMES[productType as keyof typeof PRODUCT_NAMES] ?? '';
  const comments = productType === PRODUCT_TYPES.hqReview || productType === PRODUCT_TYPES.review;
  return { name: `${store} ${name}`, category: store, type: comments ? 'Custom Comments' : 'Default' };
}

/** The one status the protocol knows for each campaign status (docs/public-api.md, the status table). */
export type PanelOrderState = 'Pending' | 'In progress' | 'Processing' | 'Completed' | 'Partial' | 'Canceled';

/**
 * A campaign's panel status: waiting to start is Pending, in moderation Processing, running or paused In
 * progress; once it ended, Completed when all was delivered, Partial when some was, else Canceled.
 */
export function panelStateOf(
  status: (typeof CAMPAIGN_STATUSES)[number],
  delivered: number,
  ordered: number,
): PanelOrderState {
  switch (status) {
    case 'draft':
    case 'delayed':
    case 'pending':
      return 'Pending';
    case 'moderation':
      return 'Processing';
    case 'active':
    case 'pause':
      return 'In progress';
    default:
      if (delivered >= ordered && delivered > 0) return 'Completed';
      return delivered > 0 ? 'Partial' : 'Canceled';
  }
}

/** Texts of the panel API's `{error}` answers (read by panel software, in English as the protocol's are). */
export const PANEL_API_MESSAGES = {
  keyInvalid: 'Invalid API key',
  actionInvalid:
    'Incorrect request: action must be one of services, add, status, balance, refill, refill_status, cancel',
  requestInvalid: 'Incorrect request',
  serviceInvalid: 'Incorrect service ID',
  linkInvalid: 'Incorrect link: send a Google Play or App Store link (or app id) of the service’s store',
  quantityRange: 'Quantity must be from {{min}} to {{max}}',
  orderInvalid: 'Incorrect order ID',
  ordersTooMany: 'At most 100 orders in one call',
  refillInvalid: 'Incorrect refill ID',
  refillUnavailable: 'Refill is available for guaranteed reviews during their guarantee only',
  cancelUnavailable: 'This order cannot be canceled in its status',
  notEnoughFunds: 'Not enough funds on balance',
  outOfCredits: 'Out of API credits: this call costs {{cost}} and {{remaining}} are left',
  tooManyRequests:
    'Rate limit of {{max}} requests per {{window}} seconds reached: retry after {{after}} seconds',
  maintenance: 'Maintenance is in progress, retry later',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request',
  failed: 'The request could not be processed, retry later',
} as const;

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
  action: z.enum(PANEL_ACTIONS, { error: PANEL_API_MESSAGES.actionInvalid }),
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
  /** Price per 1000 at the caller's plan, a decimal string. */
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
  status: z.enum(['Pending', 'In progress', 'Processing', 'Completed', 'Partial', 'Canceled']),
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

/** Fewest and most per run (a day) and keyword a service takes: the product's daily installs range. */
export const panelLimitsOf = (appstore: number, productType: number) => ({
  min: installsMinOf(productType, appstore),
  max: LIMITS.installsMax,
});
