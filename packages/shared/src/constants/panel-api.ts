import { APP_STORES, LIMITS, PRODUCT_TYPES, type CAMPAIGN_STATUSES } from './domain.js';
import { ORDERABLE_PRODUCT_TYPES } from './campaigns.js';
import type { PublicApiOperation } from './public-api.js';
import { installsMinOf } from '../rules/campaign-order-rules.js';

/*
 * Storelift as a panel (`POST /api/v2`, docs/public-api.md "Panel API v2"): the resellers' panel protocol that
 * reseller panel software speaks with no code of its own. The plain values API support reads (no zod); the
 * request schemas are in contracts/panel-api.ts.
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

/** The statuses of the protocol an order is in. */
export const PANEL_ORDER_STATES = [
  'Pending',
  'In progress',
  'Processing',
  'Completed',
  'Partial',
  'Canceled',
] as const;
export type PanelOrderState = (typeof PANEL_ORDER_STATES)[number];

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

/** Fewest and most per run (a day) and keyword a service takes: the product's daily installs range. */
export const panelLimitsOf = (appstore: number, productType: number) => ({
  min: installsMinOf(productType, appstore),
  max: LIMITS.installsMax,
});
