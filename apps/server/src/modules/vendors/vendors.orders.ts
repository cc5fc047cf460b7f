import { formatMoney, isIosId, parseMoney } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import * as repo from './vendors.repo.js';
import * as orders from './vendor-orders.repo.js';
import type { RoutedCampaign, VendorRow } from './vendors.routing.js';

/*
 * Orders at panel vendors, as the campaigns' delivery uses them (providers/vendors/README.md, Delivery by a panel
 * vendor): which days need an order, the orders to place, cancel and poll, and how each one is recorded.
 */

export type {
  ListedVendorOrder,
  OrderKey,
  NewVendorOrder,
  VendorOrderOutcome,
  VendorOrderRow,
} from './vendor-orders.repo.js';
export {
  campaignsToPlace,
  closeWithdrawn,
  daysToPlace,
  deliveredOrdersOf,
  deliveryOver,
  findVendorOrder,
  findVendorOrders,
  insertVendorOrders,
  ordersIn,
  recordPanelStatuses,
  updateVendorOrder,
} from './vendor-orders.repo.js';

/** A vendor's service for a campaign: its active mapping's service as last loaded. */
export interface MappedService {
  service: string;
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
}

/**
 * The service a panel vendor delivers a campaign's product with (its store and country: the country's own
 * mapping before "any"), as last loaded; undefined when none is mapped or it is no longer listed.
 */
export async function serviceFor(
  db: Queryable,
  vendor: Pick<VendorRow, 'id' | 'services'>,
  campaign: Pick<RoutedCampaign, 'product_type' | 'appstore' | 'country_id'>,
): Promise<MappedService | undefined> {
  const id = await repo.mappedService(
    db,
    vendor.id,
    campaign.product_type,
    campaign.appstore,
    campaign.country_id,
  );
  return id === undefined ? undefined : serviceById(vendor, id);
}

/** A service of a vendor's list as last loaded, by id. */
export function serviceById(vendor: Pick<VendorRow, 'services'>, id: string): MappedService | undefined {
  return (vendor.services ?? []).find((service) => service.service === id);
}

/** Marks orders withdrawn at their panel (a cancel sent, or a service that cannot cancel): polled to their end. */
export function markWithdrawing(db: Queryable, ids: number[]) {
  return orders.setState(db, ids, 'withdrawing');
}

/**
 * Admins' view of what campaigns cost at their panel vendors: `vendor_cost` (the sum of their orders' charges,
 * USD) and `margin` (what stays charged less that cost); both null when no cost is known.
 */
export async function vendorCostsOf(db: Queryable, campaigns: { id: number; charged: string }[]) {
  const costs = await orders.costsOf(
    db,
    campaigns.map((campaign) => campaign.id),
  );
  return new Map(
    campaigns.map((campaign) => {
      const cost = costs.get(campaign.id) ?? null;
      const margin = cost === null ? null : formatMoney(parseMoney(campaign.charged) - parseMoney(cost));
      return [campaign.id, { vendor_cost: cost === null ? null : formatMoney(parseMoney(cost)), margin }];
    }),
  );
}

/** The app's store page for a country: what a panel order's `link` is. */
export function storeUrlOf(packageId: string, country: string): string {
  return isIosId(packageId)
    ? `https://apps.apple.com/${country.toLowerCase()}/app/id${packageId}`
    : `https://play.google.com/store/apps/details?id=${encodeURIComponent(packageId)}&gl=${country}`;
}

/** A review text as one line of a panel's `comments` (one comment per line). */
export const commentOf = (text: string) => text.replace(/\s+/g, ' ').trim();
