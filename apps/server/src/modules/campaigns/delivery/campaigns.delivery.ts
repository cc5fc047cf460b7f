import { DAY_MS, PRODUCT_TYPES } from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import type { Tx } from '../../ledger/ledger.js';
import { InsufficientFundsError } from '../../ledger/ledger.js';
import { vendorProviderOf } from '../../../providers/vendors/create-vendor-provider.js';
import { sandboxReport } from '../../../providers/vendors/sandbox-vendor.js';
import {
  VENDOR_UNREACHABLE_LIMIT_MS,
  VendorRejectedError,
  VendorUnreachableError,
  type VendorControl,
  type VendorOrder,
  type VendorReport,
} from '../../../providers/vendors/vendor-provider.js';
import * as placements from '../../vendors/vendors.placements.js';
import { clockAt } from '../campaigns.plan.js';
import * as repo from '../campaigns.repo.js';
import { settleCpi } from '../cpi/campaigns.cpi-charging.js';
import { cpiNetworkOf, tellAdNetwork } from '../cpi/campaigns.cpi-network.js';
import { syncGoogleAds } from '../cpi/campaigns.google-ads-sync.js';
import { activate, finish, launch, move, type DeliveryConfig } from './campaigns.lifecycle.js';
import { applyReport } from './campaigns.delivered.js';
import { panelDeliveryPass } from './campaigns.panel-delivery.js';

/*
 * Delivery by the campaign's vendor (providers/vendors/README.md). The embedded sandbox delivers each day's
 * installs of an active campaign over simulated time, `VENDOR_SANDBOX_SPEED` times faster than real time:
 * a campaign's clock (`progress_ms` reached at `clock_at`) only runs while it is active, so a pause holds
 * delivery. A campaign placed with an HTTP vendor is delivered by what that vendor reports on each tick.
 */

/** Campaigns (and placements) one query of the tick takes; the tick goes on batch after batch. */
const TICK_BATCH = 500;
/**
 * HTTP vendor calls a tick makes at once: a slow vendor (up to its 10 s timeout) holds up one of them, not
 * the whole tick. Each placement is synced in a transaction of its own afterwards.
 */
const VENDOR_CALLS_AT_ONCE = 8;

type Orders = Awaited<ReturnType<typeof repo.ordersOf>>;

/**
 * Brings a locked campaign's delivery up to `now`: its clock moves on; with the sandbox each order day
 * gets what it has delivered by then and a campaign whose last day has passed is completed. A campaign
 * placed with an HTTP vendor keeps what that vendor last reported (the tick asks it); a CPI campaign is
 * billed by what its ad network reports. Where sandboxes are not allowed the sandbox delivers nothing.
 */
export async function settleDelivery(
  tx: Tx,
  row: repo.CampaignRow,
  now: Date,
  config: DeliveryConfig,
  actorId: number | null = null,
): Promise<repo.CampaignRow> {
  if (row.status !== 'active' || !row.clock_at) return row;
  if (row.product_type === PRODUCT_TYPES.cpi)
    return settleCpi(tx, row, now, cpiNetworkOf(tx, config), actorId);
  const progress = Math.min(row.days * DAY_MS, clockAt(row, now, config.vendorSandboxSpeed));
  const clock = { progress_ms: Math.floor(progress), clock_at: now };
  if (await placements.deliveredByApi(tx, row)) return repo.updateCampaign(tx, row.id, clock);
  if (!config.sandbox) return row;
  const orders = await repo.ordersOf(tx, row.id);
  const report = sandboxReport(
    { days: row.days, delivery_type: row.settings.deliveryType, orders: sequencesOf(orders) },
    progress,
  );
  return applyReport(tx, row, orders, report, now, actorId, clock);
}

function sequencesOf(orders: Orders): VendorOrder['orders'] {
  return orders.map((order) => ({
    id: order.id,
    type: order.type,
    keyword: order.keyword,
    sequence: order.days.map((day) => ({
      day: day.day,
      installs_total: day.installs_total,
      installs_actual: day.installs_actual,
    })),
  }));
}

/**
 * Pauses a locked active campaign (customer or staff): its delivery is brought up to now first (it may
 * complete meanwhile), then its clock stops; a CPI campaign's ad network is told.
 */
export async function pauseCampaign(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  config: DeliveryConfig,
  reason: string | null = null,
) {
  const settled = await settleDelivery(tx, row, now, config, actorId);
  if (settled.status !== 'active') return settled;
  if (settled.product_type === PRODUCT_TYPES.cpi)
    await tellAdNetwork(tx, cpiNetworkOf(tx, config), settled, 'pause');
  return move(tx, settled, 'pause', actorId, { clock_at: null }, reason);
}

/** Starts a delayed campaign whose time has come; when the balance is short it fails (nothing charged). */
export async function startDue(deps: Deps, campaignId: number, now = new Date()) {
  try {
    const launched = await deps.db.transaction(async (tx) => {
      const row = await repo.lockCampaign(tx, campaignId);
      if (!row || row.status !== 'delayed' || !row.start_at || row.start_at > now) return null;
      return launch(tx, row, null, now, deps.config);
    });
    if (launched?.status === 'pending') await followOnAdNetwork(deps, launched, now);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    await deps.db.transaction(async (tx) => {
      const row = await repo.lockCampaign(tx, campaignId);
      if (!row || row.status !== 'delayed') return;
      await move(tx, row, 'failed', null, { finished_at: now }, error.message);
    });
  }
}

/**
 * After a CPI campaign's transaction committed (an order, a customer's action): its ad network follows at
 * once, and a campaign it has just built starts; what fails here the next tick does again.
 */
export async function followOnAdNetwork(
  deps: Deps,
  row: { id: number; product_type: number },
  now = new Date(),
) {
  if (row.product_type !== PRODUCT_TYPES.cpi) return;
  await syncGoogleAds(deps, [row.id], now);
  await startWaiting(deps, row.id, now);
}

/** Hands a campaign waiting in pending (charged) to a vendor or ad network once one can take it. */
export async function startWaiting(deps: Deps, campaignId: number, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    if (row?.status === 'pending' && !row.is_legacy) await activate(tx, row, null, now, deps.config);
  });
}

/** What the vendor of a placement is to be told, given the campaign's status; null = nothing now. */
type Step = 'place' | 'progress' | VendorControl;
function stepOf(state: string, status: string): Step | null {
  if (state === 'canceling') return 'cancel';
  if (status === 'active') return state === 'new' ? 'place' : state === 'paused' ? 'resume' : 'progress';
  if (status === 'pause') return state === 'running' ? 'pause' : null;
  return 'cancel';
}

/** The order a vendor receives for a campaign (its plan and what is delivered already). */
async function vendorOrderOf(
  deps: Deps,
  placementId: number,
  found: repo.CampaignWithRefs,
): Promise<VendorOrder> {
  const row = found.campaign;
  return {
    id: `storelift-${placementId}`,
    campaign_id: row.id,
    store: row.appstore,
    package: row.package,
    country: found.country.code,
    product_type: row.product_type,
    started_at: (row.started_at ?? new Date()).toISOString(),
    days: row.days,
    delivery_type: row.settings.deliveryType,
    keywords: row.settings.keywords,
    orders: sequencesOf(await repo.ordersOf(deps.db, row.id)),
  };
}

type Outcome =
  | { kind: 'ok'; ref?: string; report?: VendorReport }
  | { kind: 'rejected'; message: string }
  | { kind: 'unreachable'; message: string };

/** Runs a step against the vendor's API (outside any transaction: it may take up to its timeout). */
async function callVendor(deps: Deps, open: placements.OpenPlacement, step: Step): Promise<Outcome> {
  const vendor = vendorProviderOf(open, deps.outbound)!;
  try {
    if (step === 'place') {
      const found = await repo.findAnyCampaign(deps.db, open.campaign_id);
      if (!found) return { kind: 'rejected', message: 'the campaign is gone' };
      return { kind: 'ok', ...(await vendor.place(await vendorOrderOf(deps, open.id, found))) };
    }
    if (step === 'progress') return { kind: 'ok', report: await vendor.progress(open.ref!) };
    await vendor.control(open.ref!, step);
    return { kind: 'ok' };
  } catch (error) {
    if (error instanceof VendorRejectedError) return { kind: 'rejected', message: error.message };
    if (error instanceof VendorUnreachableError) return { kind: 'unreachable', message: error.message };
    throw error;
  }
}

/**
 * Brings one HTTP placement in line with its campaign: place it, ask its progress, pause, resume or
 * cancel it; then, under the campaign's lock, records the answer unless the campaign or placement moved
 * meanwhile (the next tick decides again). A refusal fails the campaign with a refund of the undelivered
 * part, and so does a vendor unreachable for longer than `VENDOR_UNREACHABLE_LIMIT_MS`.
 */
async function syncPlacement(deps: Deps, open: placements.OpenPlacement, now: Date) {
  const step = stepOf(open.state, open.campaign_status);
  if (!step) return;
  // Nothing to tell (never placed), or no API to tell it to (the vendor was deleted or lost its API):
  // the placement closes, and an active campaign goes on with the sandbox.
  const silent = (step === 'cancel' && !open.ref) || !open.api_url;
  const answer = silent ? undefined : await callVendor(deps, open, step);
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, open.campaign_id);
    const current = await placements.findPlacement(tx, open.id);
    if (!row || !current) return;
    let outcome = answer;
    if (step === 'place' && outcome?.kind === 'ok') {
      // Placed: keep the reference even if the campaign moved on meanwhile, so it can be canceled there.
      const state = current.state === 'new' ? 'running' : 'canceling';
      return placements.updatePlacement(tx, open.id, { ref: outcome.ref, state, failing_since: null });
    }
    if (current.state !== open.state || row.status !== open.campaign_status) return;
    if (!outcome) return placements.updatePlacement(tx, open.id, { state: 'closed' });
    if (outcome.kind === 'unreachable') {
      const since = current.failing_since ?? now;
      if (now.getTime() - since.getTime() <= VENDOR_UNREACHABLE_LIMIT_MS)
        return placements.updatePlacement(tx, open.id, { failing_since: since, last_error: outcome.message });
      outcome = {
        kind: 'rejected',
        message: `unreachable for over ${VENDOR_UNREACHABLE_LIMIT_MS / 60_000} minutes (${outcome.message})`,
      };
    }
    if (outcome.kind === 'rejected') {
      await placements.updatePlacement(tx, open.id, { state: 'closed', last_error: outcome.message });
      if (step !== 'cancel') await finish(tx, row, 'failed', null, now, `Vendor failure: ${outcome.message}`);
      return;
    }
    const report = outcome.report;
    const over = step === 'cancel' || (report && report.state !== 'running' && report.state !== 'paused');
    await placements.updatePlacement(tx, open.id, {
      state: over ? 'closed' : step === 'pause' ? 'paused' : 'running',
      failing_since: null,
      last_error: null,
    });
    if (report) await applyReport(tx, row, await repo.ordersOf(tx, row.id), report, now, null);
  });
}

/**
 * One tick of delivery: starts due delayed campaigns, hands waiting ones to a vendor or ad network that
 * can take them now, brings every active campaign's sandbox delivery up to now, then syncs every open
 * HTTP placement with its vendor — batch after batch until none is left — and runs a pass of panel delivery
 * (campaigns.panel-delivery.ts).
 */
export async function deliveryTick(deps: Deps, now = new Date()) {
  // Google Ads follows what the lifecycle wants first, so a campaign built there starts in this tick.
  await syncGoogleAds(deps, undefined, now);
  const settled = await repo.forEachBatch(
    'campaigns.deliver',
    (after, limit) => repo.dueCampaigns(deps.db, now, limit, after),
    async ({ id, status }) => {
      if (status === 'delayed') return startDue(deps, id, now);
      if (status === 'pending') return startWaiting(deps, id, now);
      await deps.db.transaction(async (tx) => {
        const row = await repo.lockCampaign(tx, id);
        if (row) await settleDelivery(tx, row, now, deps.config);
      });
    },
    TICK_BATCH,
  );
  const synced = await repo.forEachBatch(
    'campaigns.sync-placement',
    (after, limit) => placements.openPlacements(deps.db, after, limit),
    (placement) => syncPlacement(deps, placement, now),
    TICK_BATCH,
    VENDOR_CALLS_AT_ONCE,
  );
  await panelDeliveryPass(deps, now);
  return { done: settled.done + synced.done, failed: settled.failed + synced.failed };
}
