import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowOf, rowsOf } from '../../db/sql-rows.js';
import {
  apps,
  campaignOrderDays,
  campaignOrders,
  vendorCountries,
  vendorMappings,
  vendors,
} from '../../db/schema/index.js';

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

/** Whether a vendor is spoken to over the panel protocol (it has an API and speaks `panel`). */
export function speaksPanel(vendor: Pick<VendorRow, 'protocol' | 'api_url'>): boolean {
  return vendor.protocol === 'panel' && vendor.api_url !== null;
}

/**
 * Whether the vendor `v` (the alias) can take the campaign as a panel vendor, or is no panel vendor (routing,
 * README): its active mapping for the product, store and country (the country's own before "any"), a service
 * (as last loaded) whose min/max take each day's quantity, and a last known balance that covers the campaign at
 * the service's rate.
 */
function panelTakes(campaign: RoutedCampaign) {
  return sql`(v.protocol <> 'panel' or v.api_url is null or exists (
    select 1
    from (select m.service from ${vendorMappings} m
      where m.vendor_id = v.id and m.is_active and m.product_type = ${campaign.product_type}::smallint
        and m.store = ${campaign.appstore}::smallint
        and (m.country_id = ${campaign.country_id}::int or m.country_id is null)
      order by m.country_id nulls last limit 1) m
    cross join (select min(d.installs_total) as low, max(d.installs_total) as high,
        sum(d.installs_total) as total
      from ${campaignOrderDays} d join ${campaignOrders} o on o.id = d.order_id
      where o.campaign_id = ${campaign.id}::int and d.installs_total > 0) q
    cross join lateral jsonb_array_elements(coalesce(v.services, '[]'::jsonb)) s
    where s->>'service' = m.service
      and (s->>'min')::int <= q.low and (s->>'max')::int >= q.high
      and v.balance >= (s->>'rate')::numeric * q.total / 1000))`;
}

/**
 * Whether a vendor staff chose can take the campaign: it can take orders (`canDeliver`) and, a panel vendor,
 * has a mapped service that fits the campaign and a balance that covers it (else each day would fail at once).
 */
export async function chosenCanTake(
  db: Queryable,
  vendor: VendorRow,
  campaign: RoutedCampaign,
  sandbox: boolean,
): Promise<boolean> {
  if (!canDeliver(vendor, sandbox)) return false;
  if (!speaksPanel(vendor)) return true;
  const [row] = await rowsOf<{ takes: boolean }>(
    db,
    sql`select ${panelTakes(campaign)} as takes from ${vendors} v where v.id = ${vendor.id}::int`,
  );
  return row?.takes ?? false;
}

/**
 * The vendors that may take the campaign: active there, for its store, country and product, able to
 * deliver (`canDeliver`), by id. An app rated mature goes only to mature vendors (an unknown rating does
 * not route by maturity). A panel vendor with an API also needs its active mapping for the campaign's
 * product, store and country (the country's own before "any"), whose service (as last loaded) takes each
 * day's quantity of each order (min ≤ quantity ≤ max), and a last known balance that covers the whole
 * campaign at the service's rate (rate per 1000 × installs; no balance known = not a candidate). Balance and
 * rate are compared as the panel gives them: a panel answers both in its one currency.
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
      and ${panelTakes(campaign)}
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

/**
 * Another panel vendor for a campaign day a panel vendor canceled (or could not take): a weighted pick among
 * the panel vendors that may take the campaign now, but for the ones in `exclude`.
 */
export async function rerouteVendor(
  db: Queryable,
  campaign: RoutedCampaign,
  sandbox: boolean,
  exclude: number[],
): Promise<VendorRow | undefined> {
  const candidates = await candidatesFor(db, campaign, sandbox);
  return pickByShare(
    candidates.filter((vendor) => speaksPanel(vendor) && !exclude.includes(vendor.id)),
    campaign.id,
  );
}
