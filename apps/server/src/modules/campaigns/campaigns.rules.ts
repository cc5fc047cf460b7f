import {
  CAMPAIGN_MESSAGES,
  LIMITS,
  MESSAGES,
  PRODUCT_TYPES,
  type CpiPlan,
  type CreateCampaignBody,
  type Review,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import type { CampaignDiscountTerms, CampaignSettings } from '../../db/schema/campaigns.js';
import { priceOf } from './campaigns.plan.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { ensureBillingProfile } from '../billing/profiles.repo.js';
import * as repo from './campaigns.repo.js';

/*
 * What ordering every product type shares: the rules of customer-area §5 for notes, the delayed start,
 * the app and the product's pricetag, and the campaign a checked body describes (`Prepared`), which
 * `prepare` (install types) and `prepareCpi` both answer, so creating, editing and quoting are one path.
 */

/** What a body is checked for: an order (every rule), a draft (no terms yet) or a live quote (no texts). */
export type Purpose = 'order' | 'draft' | 'quote';

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

/** Notes are printable ASCII (English only). */
const ENGLISH_TEXT = /^[\x20-\x7E\t\r\n]*$/;

/** A collector of field errors: `fail` adds one, `errors` holds them by field. */
export function fieldErrors(errors: Record<string, string[]> = {}) {
  const fail: Fail = (field, message) => (errors[field] ??= []).push(message);
  return { errors, fail };
}

/** Throws the collected field errors as one 422 (the first message as the answer's). */
export function throwIfAny(errors: Record<string, string[]>) {
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);
}

/** The notes, trimmed: English only, at most 1000 symbols (the customer's and the staff's rule). */
export function notesOf(text: string, fail: Fail): string {
  const description = text.trim();
  if (description.length > LIMITS.notesMax) fail('description', CAMPAIGN_MESSAGES.campaignNotesMax);
  else if (!ENGLISH_TEXT.test(description)) fail('description', CAMPAIGN_MESSAGES.campaignNotesEnglish);
  return description;
}

/**
 * The notes (`notesOf`) and the delayed start of a body: absent or
 * null = start now; `""` = "Date or time is empty"; else more than 5 minutes ahead. Guaranteed reviews
 * have no delayed start.
 */
export function notesAndStart(
  body: Pick<CreateCampaignBody, 'productType' | 'description' | 'start_at'>,
  now: Date,
  fail: Fail,
): { description: string; startAt: Date | null } {
  const description = notesOf(body.description, fail);
  let startAt: Date | null = null;
  if (typeof body.start_at === 'string') {
    if (body.productType === PRODUCT_TYPES.hqReview)
      fail('start_at', CAMPAIGN_MESSAGES.campaignReviewsNoDelay);
    else startAt = startTimeOf(body.start_at, now, fail);
  }
  return { description, startAt };
}

/** A delayed start given as text: a time more than 5 minutes ahead, else a failure on `start_at`. */
export function startTimeOf(value: string, now: Date, fail: Fail): Date | null {
  const text = value.trim();
  const time = Date.parse(text);
  if (!text) fail('start_at', CAMPAIGN_MESSAGES.campaignDateEmpty);
  else if (Number.isNaN(time)) fail('start_at', MESSAGES.dataNotValid);
  else if (time <= now.getTime() + LIMITS.delayedStartMinMinutes * 60_000)
    fail('start_at', CAMPAIGN_MESSAGES.campaignStartTooSoon);
  else return new Date(time);
  return null;
}

/**
 * The app (one the caller tracks on that store, else 404), the country (422) and the user's active
 * pricetag of the product (422 "This product is temporarily disabled" without one), read in one query;
 * a user without a billing profile yet gets one (with the plan's pricetags) first.
 */
export async function orderTarget(db: Db, userId: number, body: CreateCampaignBody) {
  const target = {
    appstore: body.appstore,
    package: body.packageId,
    country: body.country.toUpperCase(),
    type: body.productType,
  };
  const found = await repo.orderTargetOf(db, userId, target);
  if (!found) throw new NotFoundError();
  if (found.countryId === null) throw ValidationError.field('country', MESSAGES.countryInvalid);
  let unitPrice: string | null | undefined = found.unitPrice;
  if (!unitPrice) {
    await ensureBillingProfile(db, userId);
    unitPrice = await repo.pricetagOf(db, userId, body.appstore, body.productType);
  }
  if (!unitPrice) throw ValidationError.field('productType', CAMPAIGN_MESSAGES.productDisabled);
  return { appId: found.appId, countryId: found.countryId, unitPrice };
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
