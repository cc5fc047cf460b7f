import { PRODUCT_TYPES } from '../constants/domain.js';
import type { CampaignOrder } from '../contracts/campaigns.js';

/** One day of an order's plan: installs planned and delivered. */
export type OrderDay = CampaignOrder['sequence'][number];

/** Planned and delivered installs per campaign day, summed over the orders, by day. */
export function sumByDay(orders: readonly { sequence: readonly OrderDay[] }[]): OrderDay[] {
  const byDay = new Map<number, OrderDay>();
  for (const order of orders)
    for (const { day, installs_total, installs_actual } of order.sequence) {
      const sum = byDay.get(day) ?? { day, installs_total: 0, installs_actual: 0 };
      sum.installs_total += installs_total;
      sum.installs_actual += installs_actual;
      byDay.set(day, sum);
    }
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}

/**
 * The orders as a campaign's details show them (customer-area §3): impressions orders (type 8, one per
 * keyword) merged into one entry, first, that keeps the first one's id and sums installs per day; the other
 * orders as they are.
 */
export function mergeImpressions(orders: readonly CampaignOrder[]): CampaignOrder[] {
  const impressions = orders.filter((order) => order.type === PRODUCT_TYPES.impressions);
  const first = impressions[0];
  if (!first || impressions.length === 1) return [...orders];
  const merged: CampaignOrder = {
    id: first.id,
    type: PRODUCT_TYPES.impressions,
    keyword: null,
    installs_total: impressions.reduce((sum, order) => sum + order.installs_total, 0),
    installs_actual: impressions.reduce((sum, order) => sum + order.installs_actual, 0),
    sequence: sumByDay(impressions),
  };
  return [merged, ...orders.filter((order) => order.type !== PRODUCT_TYPES.impressions)];
}
