import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { campaigns, vendorPlacements, vendors } from '../../db/schema/index.js';

/** The queries of placements at JSON vendors (`vendor_placements`: a campaign handed to a vendor's HTTP API). */

type PlacementRow = typeof vendorPlacements.$inferSelect;
type PlacementState = 'new' | 'running' | 'paused' | 'canceling' | 'closed';

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

/** Marks the campaign's current placement (if any) to be canceled at its vendor. */
export async function markCurrentCanceling(tx: Queryable, campaignId: number) {
  await tx
    .update(vendorPlacements)
    .set({ state: 'canceling', updated_at: new Date() })
    .where(and(eq(vendorPlacements.campaign_id, campaignId), inArray(vendorPlacements.state, CURRENT)));
}

/** A new placement of the campaign at the vendor, for the tick to place. */
export async function insertPlacement(tx: Queryable, campaignId: number, vendorId: number) {
  await tx.insert(vendorPlacements).values({ campaign_id: campaignId, vendor_id: vendorId });
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
