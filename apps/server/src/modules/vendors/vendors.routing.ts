import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowOf, rowsOf } from '../../db/sql-rows.js';
import { apps, vendorCountries, vendors } from '../../db/schema/index.js';

export type VendorRow = typeof vendors.$inferSelect;

/** The `seed_key` of the seeded sandbox vendor. */
export const SANDBOX_SEED_KEY = 'sandbox';

/** The campaign facts routing looks at. */
export interface RoutedCampaign {
  id: number;
  appstore: number;
  country_id: number;
  product_type: number;
  app_id: number | null;
}

/** Google Play's "Mature 17+" / "Adults only 18+" and the App Store's "17+" (and any 18+ rating). */
const MATURE_RATING = 'mature|adult|1[78]\\+';

/**
 * The vendors that may take the campaign: active there, for its store, country and product, by id. An app
 * rated mature goes only to mature vendors (an unknown rating does not route by maturity).
 */
export async function candidatesFor(db: Queryable, campaign: RoutedCampaign): Promise<VendorRow[]> {
  // A template, not a query builder: this runs in every order's transaction (db/sql-rows.ts).
  const rows = await rowsOf(
    db,
    sql`
    select v.* from ${vendors} v
    left join ${vendorCountries} vc on vc.vendor_id = v.id and vc.country_id = ${campaign.country_id}::int
    where v.is_active and coalesce(vc.is_active, true)
      and (v.store is null or v.store = ${campaign.appstore}::smallint)
      and (v.country_id is null or v.country_id = ${campaign.country_id}::int)
      and v.products @> ${JSON.stringify([campaign.product_type])}::jsonb
      and (v.mature or not coalesce((select ${apps.content_rating} ~* ${MATURE_RATING} from ${apps}
        where ${apps.id} = ${campaign.app_id}::int), false))
      and v.share > 0
    order by v.id`,
  );
  return rows.map((raw) => rowOf(vendors, raw));
}

/** A number in [0, 1) fixed by the campaign id, so the same campaign always routes the same way. */
function pointOf(campaignId: number): number {
  return createHash('sha256').update(`campaign:${campaignId}`).digest().readUIntBE(0, 6) / 2 ** 48;
}

/**
 * Weighted choice by `share` (a vendor with twice the share takes twice the campaigns): the campaign's
 * point falls into one vendor's slice of the summed shares, the vendors laid out by id.
 */
export function pickByShare<T extends { share: string }>(candidates: T[], campaignId: number): T | undefined {
  const weights = candidates.map((vendor) => Math.round(Number(vendor.share) * 100));
  const total = weights.reduce((a, b) => a + b, 0);
  if (!total) return undefined;
  let point = Math.floor(pointOf(campaignId) * total);
  for (const [index, weight] of weights.entries()) {
    if (point < weight) return candidates[index];
    point -= weight;
  }
  return undefined;
}

/** The seeded sandbox vendor, the fallback when no vendor matches (absent only if staff deleted it). */
export async function sandboxVendorRow(db: Queryable): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.seed_key, SANDBOX_SEED_KEY));
  return row;
}

/** The vendor a launching campaign goes to: a weighted pick among the matching ones, else the sandbox. */
export async function routeCampaign(db: Queryable, campaign: RoutedCampaign): Promise<VendorRow | undefined> {
  return pickByShare(await candidatesFor(db, campaign), campaign.id) ?? (await sandboxVendorRow(db));
}
