import { DAY_MS } from '@storelift/shared';
import { deliveredOfDay } from '../../modules/campaigns/campaigns.plan.js';
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
