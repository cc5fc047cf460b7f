import type { Deps } from '../../deps.js';
import { VendorRejectedError, VendorUnreachableError } from '../../providers/vendors/vendor-provider.js';
import * as orders from './vendor-orders.repo.js';
import { withPanel } from './vendors.panel.js';
import { commentOf, serviceById, serviceFor, storeUrlOf } from './vendors.orders.js';
import * as repo from './vendors.repo.js';
import { speaksPanel } from './vendors.routing.js';

/**
 * The review guarantee's refill hook (providers/vendors/README.md, Refill). The campaign's panel vendor is asked
 * to `refill` its delivered review orders when their service refills; else a new review order is placed for
 * `missing` reviews (at least the service's minimum; the campaign's texts, from the first), recorded among the
 * campaign's vendor orders already closed, with its cost as the panel tells it right after (it is not polled);
 * else 'unavailable': no panel vendor, no service mapped, or the panel refused or could not be reached (every
 * call is logged on the campaign).
 */
export async function refillGuarantee(
  deps: Deps,
  campaignId: number,
  missing: number,
): Promise<'refilled' | 'reordered' | 'unavailable'> {
  const campaign = await orders.refillFacts(deps.db, campaignId);
  const vendor = campaign?.vendor_id == null ? undefined : await repo.findVendor(deps.db, campaign.vendor_id);
  if (!campaign || !vendor || !speaksPanel(vendor) || missing <= 0) return 'unavailable';
  const refillable = (await orders.deliveredOrdersOf(deps.db, campaignId)).filter(
    (order) => order.vendor_id === vendor.id && serviceById(vendor, order.service)?.refill,
  );
  try {
    if (refillable.length) {
      await withPanel(deps, vendor, [campaignId], async (panel) => {
        for (const order of refillable) await panel.refill(order.panel_order!);
      });
      return 'refilled';
    }
    const service = await serviceFor(deps.db, vendor, campaign);
    if (!service || campaign.order_id === null) return 'unavailable';
    const quantity = Math.max(missing, service.min);
    const { placed, cost } = await withPanel(deps, vendor, [campaignId], async (panel) => {
      const order = await panel.add({
        service: service.service,
        link: storeUrlOf(campaign.package, campaign.country),
        quantity,
        comments: campaign.texts.slice(0, quantity).map(commentOf),
      });
      // Its cost, read once (the order is not polled): a panel that cannot tell yet leaves it unknown.
      const status = await panel.status(order.order).catch(() => null);
      return { placed: order, cost: { charge: status?.charge ?? null, currency: status?.currency ?? null } };
    });
    await orders.insertVendorOrders(deps.db, [
      {
        campaign_id: campaignId,
        vendor_id: vendor.id,
        order_id: campaign.order_id,
        day: campaign.days,
        service: service.service,
        quantity,
        panel_order: placed.order,
        ...cost,
        state: 'closed',
        outcome: 'delivered',
      },
    ]);
    return 'reordered';
  } catch (error) {
    if (error instanceof VendorRejectedError || error instanceof VendorUnreachableError) return 'unavailable';
    throw error;
  }
}
