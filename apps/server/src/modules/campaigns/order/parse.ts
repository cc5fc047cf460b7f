import {
  dayPlan,
  givenPlan,
  isSmartOrder,
  orderFieldMessages,
  orderKeywords,
  orderRulesOf,
  type CreateCampaignBody,
  type OrderMessage,
} from '@storelift/shared';
import type { CampaignSettings } from '../../../db/schema/campaigns.js';
import type { Deps } from '../../../deps.js';
import { requireOrderable } from '../../reference/orderable-products.js';
import { notesAndStartOf, throwIfAny, type Purpose } from '../campaigns.rules.js';
import { reviewSettings } from '../campaigns.reviews.js';

/** An order body the rules passed, read: what the later steps (target, price, plan) need of it. */
export interface ParsedOrder {
  body: CreateCampaignBody;
  purpose: Purpose;
  smart: boolean;
  keywords: string[];
  /** One order's per-day plan (a smart campaign's comes from its budget, in the plan step). */
  plan: number[];
  description: string;
  startAt: Date | null;
  settings: CampaignSettings;
  /** The review count's errors, answered once the app is found (as they always were). */
  reviewErrors: OrderMessage[] | undefined;
}

/**
 * Step 1 of an order: a product this deployment can deliver (`requireOrderable`, 422) and a body that
 * passes the shared `orderFieldMessages` (one 422 with every field error), read into the campaign's
 * keywords, plan, notes, start and settings.
 */
export function parseOrder(
  deps: Pick<Deps, 'config' | 'store'>,
  body: CreateCampaignBody,
  now: Date,
  purpose: Purpose,
): ParsedOrder {
  requireOrderable(deps, body.productType);
  const { reviews: reviewErrors, ...errors } = orderFieldMessages(body, { purpose, now });
  throwIfAny(errors);
  const smart = isSmartOrder(body);
  const keywords = orderRulesOf(body.productType).keywords ? orderKeywords(body).keywords : [];
  const given = smart ? null : givenPlan(body);
  const plan = given ?? (smart ? [] : dayPlan(body.installs, body.days, body.distribution));
  const settings: CampaignSettings = {
    deliveryType: body.deliveryType,
    promotionRule: body.promotionRule,
    distribution: body.distribution,
    keywords,
    installsPlan: given,
    ...reviewSettings(body),
  };
  return { body, purpose, smart, keywords, plan, ...notesAndStartOf(body), settings, reviewErrors };
}
