import {
  notesMessage,
  startAtMessage,
  type CpiPlan,
  type CreateCampaignBody,
  type OrderPurpose,
  type Review,
} from '@storelift/shared';
import type { CampaignDiscountTerms, CampaignSettings } from '../../db/schema/campaigns.js';
import { priceOf } from './campaigns.plan.js';
import { ValidationError, type ErrorMessage } from '../../lib/errors.js';

/*
 * What ordering every product type shares: the campaign a checked body describes (`Prepared`), which
 * `prepare` (install types, order/) and `prepareCpi` both answer, so creating, editing and quoting are one
 * path. The body's rules are the shared `orderFieldErrors`.
 */

/** What a body is checked for: an order (every rule), a draft (no terms yet) or a live quote (no texts). */
export type Purpose = OrderPurpose;

/** One vendor order a body makes: per keyword (keyword installs, impressions) or one, with its per-day plan. */
export interface PlannedOrder {
  keyword: string | null;
  plan: number[];
}

/** The campaign a valid body describes: app, country, orders, settings, price and type-specific parts. */
export interface Prepared {
  appId: number;
  countryId: number;
  days: number;
  /** The per-day plan the quote shows (one order's; smart and CPI: the whole campaign's). */
  plan: number[];
  orders: PlannedOrder[];
  /** Installs per day (per keyword) the campaign row records. */
  installs: number;
  installsTotal: number;
  unitPrice: string;
  price: string;
  startAt: Date | null;
  description: string;
  settings: CampaignSettings;
  /** Custom review texts (types 5 and 7). */
  reviews: Review[];
  /** The CPI part (type 4), null for every other type. */
  cpi: CpiPlan | null;
  /** The marketing discount in `unitPrice`, if any (never on CPI). */
  discount?: CampaignDiscountTerms | null;
}

/** Records one field error (collected, then thrown as one 422 by `throwIfAny`). */
export type Fail = (field: string, message: string) => void;

/** A collector of field errors: `fail` adds one, `errors` holds them by field. */
export function fieldErrors(errors: Record<string, string[]> = {}) {
  const fail: Fail = (field, message) => (errors[field] ??= []).push(message);
  return { errors, fail };
}

/** Throws the collected field errors as one 422 (the first message as the answer's). */
export function throwIfAny(errors: Record<string, readonly ErrorMessage[]>) {
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);
}

/** The notes, trimmed, by the shared notes rule (`notesMessage`; the customer's and the staff's rule). */
export function notesOf(text: string, fail: Fail): string {
  const description = text.trim();
  const message = notesMessage(description);
  if (message) fail('description', message);
  return description;
}

/** A delayed start given as text, by the shared rule (`startAtMessage`), else a failure on `start_at`. */
export function startTimeOf(value: string, now: Date, fail: Fail): Date | null {
  const message = startAtMessage(value, now);
  if (message) fail('start_at', message);
  return message ? null : new Date(Date.parse(value.trim()));
}

/**
 * The notes (trimmed) and the delayed start (absent or null = start now) of a body `orderFieldErrors`
 * has passed.
 */
export function notesAndStartOf(body: Pick<CreateCampaignBody, 'description' | 'start_at'>): {
  description: string;
  startAt: Date | null;
} {
  const startAt = typeof body.start_at === 'string' ? new Date(Date.parse(body.start_at.trim())) : null;
  return { description: body.description.trim(), startAt };
}

/** The campaign row values a prepared body sets (create and edit). */
export function rowValues(body: CreateCampaignBody, prepared: Prepared) {
  return {
    app_id: prepared.appId,
    appstore: body.appstore,
    package: body.packageId,
    country_id: prepared.countryId,
    product_type: body.productType,
    days: prepared.days,
    installs: prepared.installs,
    installs_total: prepared.installsTotal,
    unit_price: prepared.unitPrice,
    price: prepared.price,
    description: prepared.description,
    start_at: prepared.startAt,
    settings: prepared.settings,
  };
}

/** `POST campaigns/quote`'s answer for a prepared body. */
export function quoteOf(prepared: Prepared) {
  return {
    data: {
      unit_price: prepared.unitPrice,
      installs_total: prepared.installsTotal,
      price: prepared.price,
      // Present only while a discount applies (docs/marketing.md, Discounts).
      ...(prepared.discount && {
        discount: {
          action_id: prepared.discount.action_id,
          name: prepared.discount.name,
          text: prepared.discount.text,
          percent: prepared.discount.percent,
          list_price: priceOf(prepared.discount.list_unit_price, prepared.installsTotal),
        },
      }),
      sequence: prepared.plan,
      orders: prepared.orders.map((order) => ({
        keyword: order.keyword,
        installs_total: order.plan.reduce((a, b) => a + b, 0),
        sequence: order.plan,
      })),
    },
  };
}
