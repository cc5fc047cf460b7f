import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { campaigns, vendorPlacements, vendors } from '../../db/schema/index.js';
import { speaksPanel, type VendorRow } from './vendors.routing.js';
import { findVendor } from './vendors.repo.js';
import { withdrawOrders } from './vendor-orders.repo.js';

export type PlacementRow = typeof vendorPlacements.$inferSelect;
export type PlacementState = 'new' | 'running' | 'paused' | 'canceling' | 'closed';

/** States in which a placement is the campaign's delivery (not yet superseded or over). */
const CURRENT: PlacementState[] = ['new', 'running', 'paused'];

/** The campaign's current HTTP placement; none = the embedded sandbox delivers it. */
export async function currentPlacementOf(
  db: Queryable,
  campaignId: number,
): Promise<PlacementRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorPlacements)
    .where(and(eq(vendorPlacements.campaign_id, campaignId), inArray(vendorPlacements.state, CURRENT)))
    .orderBy(desc(vendorPlacements.id))
    .limit(1);
  return row;
}

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
  await tx
    .update(vendorPlacements)
    .set({ state: 'canceling', updated_at: new Date() })
    .where(and(eq(vendorPlacements.campaign_id, campaignId), inArray(vendorPlacements.state, CURRENT)));
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
    await tx.insert(vendorPlacements).values({ campaign_id: campaign.id, vendor_id: vendor.id });
  return { vendor_id: vendor?.id ?? null, vendor: vendor?.name ?? 'sandbox' };
}

export async function findPlacement(db: Queryable, id: number): Promise<PlacementRow | undefined> {
  const [row] = await db.select().from(vendorPlacements).where(eq(vendorPlacements.id, id));
  return row;
}

export async function updatePlacement(
  db: Queryable,
  id: number,
  values: Partial<typeof vendorPlacements.$inferInsert>,
) {
  await db
    .update(vendorPlacements)
    .set({ ...values, updated_at: new Date() })
    .where(eq(vendorPlacements.id, id));
}

/** A page (by id) of placements not closed yet, with their campaign's status and their vendor's API. */
export function openPlacements(db: Queryable, afterId: number, limit: number) {
  return db
    .select({
      id: vendorPlacements.id,
      campaign_id: vendorPlacements.campaign_id,
      state: vendorPlacements.state,
      ref: vendorPlacements.ref,
      campaign_status: campaigns.status,
      // A vendor switched to the panel protocol can no longer be told anything in JSON: as if it had no API.
      api_url: sql<string | null>`case when ${vendors.protocol} = 'json' then ${vendors.api_url} end`,
      api_key: vendors.api_key,
    })
    .from(vendorPlacements)
    .innerJoin(campaigns, eq(campaigns.id, vendorPlacements.campaign_id))
    .leftJoin(vendors, eq(vendors.id, vendorPlacements.vendor_id))
    .where(and(ne(vendorPlacements.state, 'closed'), gt(vendorPlacements.id, afterId)))
    .orderBy(asc(vendorPlacements.id))
    .limit(limit);
}
export type OpenPlacement = Awaited<ReturnType<typeof openPlacements>>[number];
