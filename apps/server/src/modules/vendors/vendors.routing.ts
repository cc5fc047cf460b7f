import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
 * Whether a vendor can take orders now: it is active, and it has an HTTP API unless sandboxes are allowed
 * (a vendor without one is delivered by the embedded sandbox, which production without `SANDBOX=1` lacks).
 */
export function canDeliver(vendor: Pick<VendorRow, 'is_active' | 'api_url'>, sandbox: boolean): boolean {
  return vendor.is_active && (sandbox || vendor.api_url !== null);
}

/**
 * The vendors that may take the campaign: active there, for its store, country and product, able to
 * deliver (`canDeliver`), by id. An app rated mature goes only to mature vendors (an unknown rating does
 * not route by maturity).
 */
export async function candidatesFor(
  db: Queryable,
  campaign: RoutedCampaign,
  sandbox: boolean,
): Promise<VendorRow[]> {
  // A template, not a query builder: this runs in every order's transaction (db/sql-rows.ts).
  const rows = await rowsOf(
    db,
    sql`
    select v.* from ${vendors} v
    left join ${vendorCountries} vc on vc.vendor_id = v.id and vc.country_id = ${campaign.country_id}::int
    where v.is_active and coalesce(vc.is_active, true) and (${sandbox}::boolean or v.api_url is not null)
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

/**
 * The vendor a launching campaign goes to: a weighted pick among the ones that can take it; none (it
 * waits) when no vendor can. `sandbox`: vendors without an HTTP API count (`config.sandbox`).
 */
export async function routeCampaign(
  db: Queryable,
  campaign: RoutedCampaign,
  sandbox: boolean,
): Promise<VendorRow | undefined> {
  return pickByShare(await candidatesFor(db, campaign, sandbox), campaign.id);
}
