import {
  LIMITS,
  formatMoney,
  installsBought,
  parseMoney,
  smartBudgetError,
  splitByWeights,
} from '@storelift/shared';
import type { Queryable } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { priceOf, smartSplit } from '../campaigns.plan.js';
import * as repo from '../campaigns.repo.js';
import { reviewTexts } from '../campaigns.reviews.js';
import { throwIfAny, type PlannedOrder, type Prepared } from '../campaigns.rules.js';
import type { ParsedOrder } from './parse.js';
import type { PricedOrder } from './price.js';
import type { OrderTarget } from './target.js';

/**
 * Step 4 of an order: its vendor orders (one per keyword, or one; a smart campaign's from its budget) and
 * the campaign they make (`Prepared`), with the review texts (422 on `reviews` when their count is off).
 */
export async function planOrder(
  db: Queryable,
  parsed: ParsedOrder,
  target: OrderTarget,
  priced: PricedOrder,
): Promise<Prepared> {
  const { body, smart, keywords, settings } = parsed;
  const { appId, countryId } = target;
  const { unitPrice, discount } = priced;
  let { plan } = parsed;
  let orders: PlannedOrder[];
  let installs = body.installs;
  if (smart) {
    const split = await smartOrders(db, {
      appId,
      countryId,
      keywords,
      days: body.days,
      budget: body.budget!,
      unitPrice,
    });
    ({ orders, plan, installs } = split);
  } else {
    orders = keywords.length ? keywords.map((keyword) => ({ keyword, plan })) : [{ keyword: null, plan }];
  }
  const installsTotal = orders.reduce((sum, order) => sum + order.plan.reduce((a, b) => a + b, 0), 0);
  if (parsed.reviewErrors) throwIfAny({ reviews: parsed.reviewErrors });
  const extra = {
    ...(smart && { smart: true, budget: formatMoney(parseMoney(body.budget!)) }),
    ...(discount && { discount }),
  };
  return {
    appId,
    countryId,
    days: body.days,
    plan,
    orders,
    installs,
    installsTotal,
    unitPrice,
    price: priceOf(unitPrice, installsTotal),
    startAt: parsed.startAt,
    description: parsed.description,
    settings: { ...settings, ...extra },
    reviews: parsed.purpose === 'quote' ? [] : reviewTexts(body, installsTotal),
    cpi: null,
    discount,
  };
}

/**
 * A smart campaign's orders: the installs `budget` buys at `unitPrice` (docs/campaigns.md), at least 5
 * per keyword per day each (else 422 on `budget`, at most 5000: `smartBudgetError`), the rest split by
 * each keyword's searches and rank (`smartSplit`), each keyword's share spread evenly over the days.
 */
export async function smartOrders(
  db: Queryable,
  smart: {
    appId: number | null;
    countryId: number;
    keywords: string[];
    days: number;
    budget: string;
    unitPrice: string;
  },
): Promise<{ orders: PlannedOrder[]; plan: number[]; installs: number }> {
  const { keywords, days, unitPrice } = smart;
  const bought = installsBought(smart.budget, unitPrice);
  const slots = days * keywords.length;
  const message = smartBudgetError(bought, slots, unitPrice);
  if (message) throw ValidationError.field('budget', message);
  const stats = await repo.keywordStatsOf(db, smart.appId, smart.countryId, keywords);
  const missing = { searches: null, rank: null };
  const totals = smartSplit(
    bought,
    days,
    keywords.map((keyword) => stats.get(keyword) ?? missing),
    LIMITS.installsMin,
    LIMITS.installsMax,
  );
  const orders = keywords.map((keyword, index) => ({
    keyword,
    plan: splitByWeights(totals[index]!, Array<number>(days).fill(1)),
  }));
  const plan = Array.from({ length: days }, (_, day) =>
    orders.reduce((sum, order) => sum + order.plan[day]!, 0),
  );
  return { orders, plan, installs: Math.floor(bought / slots) };
}
