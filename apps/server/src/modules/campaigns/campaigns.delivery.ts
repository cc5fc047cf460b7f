import type { Deps } from '../../deps.js';
import type { Tx } from '../billing/ledger.js';
import { InsufficientFundsError } from '../billing/ledger.js';
import { DAY_MS, deliveredOfDay } from './campaigns.plan.js';
import * as repo from './campaigns.repo.js';
import { launch } from './campaigns.lifecycle.js';

/*
 * The sandbox vendor (ARCHITECTURE.md, providers): it delivers each day's installs of an active campaign
 * over simulated time, `VENDOR_SANDBOX_SPEED` times faster than real time. A campaign's clock
 * (`progress_ms` reached at `clock_at`) only runs while it is active, so a pause holds delivery.
 */

/** Campaigns one tick looks at, at most. */
const TICK_BATCH = 500;

/**
 * Brings a locked campaign's delivery up to `now`: the simulated time moves on, each order day gets what
 * the vendor has delivered by then, and a campaign whose last day has passed is completed.
 */
export async function settleDelivery(
  tx: Tx,
  row: repo.CampaignRow,
  now: Date,
  speed: number,
  actorId: number | null = null,
): Promise<repo.CampaignRow> {
  if (row.status !== 'active' || !row.clock_at) return row;
  const end = row.days * DAY_MS;
  const progress = Math.min(
    end,
    row.progress_ms + Math.max(0, now.getTime() - row.clock_at.getTime()) * speed,
  );
  const orders = await repo.ordersOf(tx, row.id);
  const changes = orders.flatMap((order) =>
    order.days
      .map((day) => ({
        orderId: order.id,
        day: day.day,
        installs: deliveredOfDay(day.installs_total, day.day, progress, row.settings.deliveryType),
        before: day.installs_actual,
      }))
      .filter((change) => change.installs > change.before),
  );
  const delivered = changes.length ? await repo.recordDelivery(tx, row.id, changes) : row.installs_actual;
  const updated = await repo.updateCampaign(tx, row.id, {
    progress_ms: Math.floor(progress),
    clock_at: now,
    installs_actual: delivered,
  });
  if (progress < end) return updated;
  const completed = await repo.updateCampaign(tx, row.id, {
    status: 'completed',
    finished_at: now,
    clock_at: null,
  });
  await repo.addHistory(tx, row.id, 'active', 'completed', actorId, 'Delivered');
  return completed;
}

/** Starts a delayed campaign whose time has come; when the balance is short it fails (nothing charged). */
export async function startDue(deps: Deps, campaignId: number, now = new Date()) {
  try {
    await deps.db.transaction(async (tx) => {
      const row = await repo.lockCampaign(tx, campaignId);
      if (!row || row.status !== 'delayed' || !row.start_at || row.start_at > now) return;
      await launch(tx, row, null, now);
    });
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    await deps.db.transaction(async (tx) => {
      const row = await repo.lockCampaign(tx, campaignId);
      if (!row || row.status !== 'delayed') return;
      await repo.updateCampaign(tx, row.id, { status: 'failed', finished_at: now });
      await repo.addHistory(tx, row.id, 'delayed', 'failed', null, error.message);
    });
  }
}

/** One tick of the sandbox vendor: delivers every active campaign up to now and starts due delayed ones. */
export async function deliveryTick(deps: Deps, now = new Date()) {
  const due = await repo.dueCampaigns(deps.db, now, TICK_BATCH);
  for (const { id, status } of due) {
    if (status === 'delayed') {
      await startDue(deps, id, now);
      continue;
    }
    await deps.db.transaction(async (tx) => {
      const row = await repo.lockCampaign(tx, id);
      if (row) await settleDelivery(tx, row, now, deps.config.vendorSandboxSpeed);
    });
  }
  return due.length;
}
