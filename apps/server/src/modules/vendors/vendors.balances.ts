import type { Deps } from '../../deps.js';
import { VendorRejectedError, VendorUnreachableError } from '../../providers/vendors/vendor-provider.js';
import { notifyStaff } from '../notices/notify-staff.js';
import { decimalOut, withPanel } from './vendors.panel.js';
import * as repo from './vendors.repo.js';
import { speaksPanel } from './vendors.routing.js';

/*
 * Panel vendors' balances (providers/vendors/README.md, Balances): read every 15 minutes (the `vendors.balances`
 * job) and after each placement; routing takes a panel vendor only while its last known balance covers an
 * order. A read below the vendor's threshold, when the one before was not, tells the staff who manage vendors.
 */

/** Reads one panel vendor's balance now and records it; a panel that fails keeps the last known one. */
export async function refreshBalance(deps: Deps, vendorId: number, now = new Date()) {
  const vendor = await repo.findVendor(deps.db, vendorId);
  if (!vendor || !speaksPanel(vendor)) return;
  let read: { balance: string; currency: string };
  try {
    read = await withPanel(deps, vendor, [], (panel) => panel.balance());
  } catch (error) {
    if (error instanceof VendorRejectedError || error instanceof VendorUnreachableError) return;
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const recorded = await repo.recordBalance(tx, vendorId, read.balance, read.currency, now);
    if (!recorded?.crossed) return;
    const { row } = recorded;
    const params = {
      vendor: row.name,
      balance: decimalOut(row.balance) ?? read.balance,
      currency: read.currency,
      threshold: decimalOut(row.balance_threshold) ?? '',
    };
    await notifyStaff(tx, 'vendors', { type: 'message', key: 'vendorBalanceLow', params });
  });
}

/** How long the panel call log keeps a call. */
const CALLS_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * The `vendors.balances` job: reads the balance of every active panel vendor, one after another, and forgets
 * panel calls older than 30 days.
 */
export async function readBalances(deps: Deps, now = new Date()) {
  for (const vendor of await repo.activePanelVendors(deps.db)) await refreshBalance(deps, vendor.id, now);
  await repo.pruneCalls(deps.db, new Date(now.getTime() - CALLS_KEPT_MS));
}
