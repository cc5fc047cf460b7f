import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { candidatesFor, panelVendorTakes, type RoutedCampaign, type VendorRow } from './vendors.repo.js';

// Other modules route through this file, never through the repo.
export { candidatesFor, type RoutedCampaign, type VendorRow };

/** The `seed_key` of the seeded sandbox vendor. */
export const SANDBOX_SEED_KEY = 'sandbox';

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
  return panelVendorTakes(db, vendor.id, campaign);
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
