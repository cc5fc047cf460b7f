import type { Queryable } from '../../db/client.js';
import { speaksPanel, type VendorRow } from './vendors.routing.js';
import { findVendor } from './vendors.repo.js';
import { withdrawOrders } from './vendor-orders.repo.js';
import { currentPlacementOf, insertPlacement, markCurrentCanceling } from './vendor-placements.repo.js';

// The delivery tick (campaigns) reads and updates placements through this file, never through the repo.
export {
  findPlacement,
  openPlacements,
  updatePlacement,
  type OpenPlacement,
} from './vendor-placements.repo.js';

/**
 * Whether a campaign is delivered by its vendor's API (a JSON placement, or a panel vendor), not by the
 * embedded sandbox: then its delivered counts change only from what the vendor reports.
 */
export async function deliveredByApi(db: Queryable, campaign: { id: number; vendor_id: number | null }) {
  if (await currentPlacementOf(db, campaign.id)) return true;
  const vendor = campaign.vendor_id === null ? undefined : await findVendor(db, campaign.vendor_id);
  return vendor !== undefined && speaksPanel(vendor);
}

/**
 * Marks the campaign's current placement (if any) to be canceled at its vendor by the next tick, and its panel
 * orders to be withdrawn (placed ones canceled at their panel).
 */
export async function cancelPlacements(tx: Queryable, campaignId: number) {
  await withdrawOrders(tx, campaignId);
  await markCurrentCanceling(tx, campaignId);
}

/**
 * Hands a locked campaign to a vendor: its current placement (if any) is to be canceled at its vendor, and
 * when the campaign is delivering and the vendor has a JSON API a new placement waits for the tick to
 * place it (a panel vendor's orders are placed day by day by the tick: campaigns.panel-delivery.ts). Answers the campaign's vendor columns (no vendor row left = the embedded sandbox). A campaign
 * not started (a new one, or one forced back to draft, which cancels its placement) has none to cancel.
 */
export async function assignVendor(
  tx: Queryable,
  campaign: { id: number; started_at: Date | null },
  vendor: VendorRow | undefined,
  delivering: boolean,
) {
  if (campaign.started_at !== null) await cancelPlacements(tx, campaign.id);
  if (delivering && vendor?.api_url && vendor.protocol === 'json')
    await insertPlacement(tx, campaign.id, vendor.id);
  return { vendor_id: vendor?.id ?? null, vendor: vendor?.name ?? 'sandbox' };
}
