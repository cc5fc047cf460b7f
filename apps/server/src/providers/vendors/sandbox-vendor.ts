import { DAY_MS, DELIVERY_TYPES } from '@storelift/shared';
import type { VendorOrder, VendorReport } from './vendor-provider.js';

/**
 * The embedded sandbox vendor: delivery is a function of the campaign's simulated clock (`progressMs`,
 * which runs `VENDOR_SANDBOX_SPEED` times faster than real time while the campaign is active), so it needs
 * no I/O and no state of its own. Each day delivers by its plan (README.md); once the last day has passed
 * the order is completed. It never fails.
 */
export function sandboxReport(
  order: Pick<VendorOrder, 'days' | 'delivery_type' | 'orders'>,
  progressMs: number,
): VendorReport {
  return {
    state: progressMs >= order.days * DAY_MS ? 'completed' : 'running',
    orders: order.orders.map((each) => ({
      id: each.id,
      days: each.sequence.map((day) => ({
        day: day.day,
        installs_actual: deliveredOfDay(day.installs_total, day.day, progressMs, order.delivery_type),
      })),
    })),
  };
}

/**
 * Installs of day `day` (1-based, `planned` of them) this vendor has delivered after `progressMs`
 * of simulated time: a past day all, a future day none, the running day pro rata of its elapsed part:
 * spread over the whole day, or instant (within its first hour).
 */
export function deliveredOfDay(
  planned: number,
  day: number,
  progressMs: number,
  deliveryType: number,
): number {
  const into = progressMs - (day - 1) * DAY_MS;
  if (into <= 0) return 0;
  const speed = deliveryType === DELIVERY_TYPES.INSTANT ? 24 : 1;
  return Math.min(planned, Math.floor((planned * into * speed) / DAY_MS));
}
