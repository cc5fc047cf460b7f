import {
  PRODUCT_TYPES,
  formatMoney,
  minMoney,
  parseMoney,
  type CampaignStatus,
  type Money,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { InsufficientFundsError, charge, refund, type Tx } from '../billing/ledger.js';
import { finish, move, type CampaignChange } from './campaigns.lifecycle.js';
import { DAY_MS, clockAt, valueOf } from './campaigns.plan.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import * as repo from './campaigns.repo.js';

/*
 * CPI money (docs/campaigns.md § CPI). The start charge (2 × daily budget) is a prepayment the campaign
 * holds. The sandbox ad network spends each campaign day 80-100 % of the daily budget in whole installs at
 * the target CPI; when a day ends its spend is paid from the prepayment first and the rest is charged from
 * the balance. A day the balance cannot cover pauses the campaign and stays owed until the customer
 * resumes it. Days run on the campaign's clock (`progress_ms` reached at `clock_at`, only while active,
 * `VENDOR_SANDBOX_SPEED` times faster than real time), so each day is settled exactly once.
 */

/** A customer's cancel refunds the unused prepayment this much later (customer-area §4, §9). */
export const CPI_REFUND_DELAY_MS = 24 * 60 * 60 * 1000;

/** Whole installs the daily budget buys at the target CPI (the plan of each day). */
export function plannedInstalls(dailyBudget: string, targetCpi: string): number {
  return Number(parseMoney(dailyBudget) / parseMoney(targetCpi));
}

/** What the sandbox network delivers of a day's plan: 80-100 %, fixed per campaign and day. */
export function deliveredInstalls(planned: number, campaignId: number, day: number): number {
  const percent = 80 + ((campaignId * 31 + day * 17) % 21);
  return Math.floor((planned * percent) / 100);
}

/**
 * What a CPI campaign holds (positive: the unused prepayment) or owes (negative: spend the balance did
 * not cover): `charged` less the spend, target CPI × installs delivered.
 */
export function heldOf(row: repo.CampaignRow): Money {
  return parseMoney(row.charged) - valueOf(row.unit_price, row.installs_actual);
}

/** Sets a day's delivered installs (adding the day to an unlimited campaign's sequence first). */
async function recordDay(tx: Tx, row: repo.CampaignRow, day: number, installs: number, planned: number) {
  const [order] = await repo.ordersOf(tx, row.id);
  if (!order) return row.installs_actual;
  if (!order.days.some((d) => d.day === day)) await cpiRepo.addOrderDay(tx, row.id, order.id, day, planned);
  const before = order.days.find((d) => d.day === day)?.installs_actual ?? 0;
  if (installs <= before) return row.installs_actual;
  return repo.recordDelivery(tx, row.id, [{ orderId: order.id, day, installs }]);
}

/**
 * Records `installs` more of day `day` and pays their spend: from the prepayment first, the rest charged
 * from the balance as one `cpi_daily_charge`. Answers the updated campaign and what stays unpaid.
 */
async function spend(
  tx: Tx,
  row: repo.CampaignRow,
  day: number,
  installs: number,
  planned: number,
): Promise<{ row: repo.CampaignRow; unpaid: Money }> {
  const delivered = await recordDay(tx, row, day, installs, planned);
  const cost = valueOf(row.unit_price, delivered - row.installs_actual);
  const held = heldOf(row);
  const rest = cost - (held > 0n ? minMoney(held, cost) : 0n);
  let charged = parseMoney(row.charged);
  let unpaid = 0n;
  if (rest > 0n) {
    try {
      await charge(tx, row.user_id, rest, {
        type: 'cpi_daily_charge',
        reference: { type: 'campaign', id: row.id },
        appstore: row.appstore,
        package: row.package,
        description: `Campaign #${row.id} day ${day}: ${delivered - row.installs_actual} installs`,
      });
      charged += rest;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      unpaid = rest;
    }
  }
  // What the balance paid today also counts as the app's promotion.
  const paid = charged - parseMoney(row.charged);
  const updated = await repo.updateCampaign(
    tx,
    row.id,
    { installs_actual: delivered, charged: formatMoney(charged) },
    [],
    paid > 0n ? formatMoney(paid) : undefined,
  );
  return { row: updated, unpaid };
}

/**
 * Brings a locked active CPI campaign up to `now`: every campaign day that has ended is spent and paid
 * once; a day the balance cannot cover pauses it (system, the amount in the reason); a finite campaign
 * whose last day has ended completes, refunding the unused prepayment.
 */
export async function settleCpi(
  tx: Tx,
  row: repo.CampaignRow,
  now: Date,
  speed: number,
  actorId: number | null = null,
): Promise<repo.CampaignRow> {
  if (row.status !== 'active' || !row.clock_at) return row;
  const cpi = await cpiRepo.findCpi(tx, row.id);
  if (!cpi) return row;
  const end = cpi.unlimited ? Number.POSITIVE_INFINITY : row.days * DAY_MS;
  let progress = Math.min(end, clockAt(row, now, speed));
  const planned = plannedInstalls(cpi.daily_budget, row.unit_price);
  let current = row;
  let short: { day: number; unpaid: Money } | null = null;
  for (let day = Math.floor(row.progress_ms / DAY_MS) + 1; day * DAY_MS <= progress; day += 1) {
    const result = await spend(tx, current, day, deliveredInstalls(planned, row.id, day), planned);
    current = result.row;
    if (result.unpaid > 0n) {
      short = { day, unpaid: result.unpaid };
      progress = day * DAY_MS;
      break;
    }
  }
  current = await repo.updateCampaign(tx, row.id, { progress_ms: Math.floor(progress), clock_at: now });
  if (short) {
    const reason = `The balance cannot cover the spend of day ${short.day}: ${formatMoney(short.unpaid)} unpaid`;
    return move(tx, current, 'pause', null, { clock_at: null }, reason);
  }
  if (progress >= end) return finish(tx, current, 'completed', actorId, now, `All ${row.days} days run`);
  return current;
}

/**
 * Stops a locked CPI campaign's spending at `now`: the days that ended are settled and the running day's
 * part so far is spent too (its cost owed if the balance cannot cover it).
 */
async function stopSpending(tx: Tx, row: repo.CampaignRow, now: Date, speed: number, actorId: number | null) {
  const settled = await settleCpi(tx, row, now, speed, actorId);
  const cpi = await cpiRepo.findCpi(tx, row.id);
  if (settled.status !== 'active' || !cpi) return settled;
  const planned = plannedInstalls(cpi.daily_budget, row.unit_price);
  const day = Math.floor(settled.progress_ms / DAY_MS) + 1;
  const part = settled.progress_ms - (day - 1) * DAY_MS;
  const installs = Math.floor((deliveredInstalls(planned, row.id, day) * part) / DAY_MS);
  return installs > 0 ? (await spend(tx, settled, day, installs, planned)).row : settled;
}

/**
 * The customer cancels a locked CPI campaign: spending stops now, and what is left of the prepayment is
 * refunded 24 hours later (`refund_due_at`; the job is queued after commit by `scheduleCpiRefund`).
 */
export async function cancelCpi(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  speed: number,
): Promise<repo.CampaignRow> {
  const stopped = await stopSpending(tx, row, now, speed, actorId);
  if (stopped.status === 'completed') return stopped;
  const held = heldOf(stopped);
  let reason: string | null = null;
  if (held > 0n && stopped.charge_entry_id) {
    const due = new Date(now.getTime() + CPI_REFUND_DELAY_MS);
    await cpiRepo.updateCpi(tx, row.id, { refund_due_at: due, refunded_at: null });
    reason = `${formatMoney(held)} of the prepayment is refunded at ${due.toISOString()}`;
  }
  return move(tx, stopped, 'canceled', actorId, { finished_at: now, clock_at: null }, reason);
}

/**
 * Resumes a locked paused campaign (customer or staff). A CPI campaign first pays the spend the balance
 * did not cover (`InsufficientFundsError` while it still cannot, and nothing changes); then the clock
 * runs again. The history row carries `reason` and what was paid.
 */
export async function resumeCampaign(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  reason: string | null = null,
) {
  const owed = row.product_type === PRODUCT_TYPES.cpi ? -heldOf(row) : 0n;
  const values: CampaignChange = { clock_at: now };
  const notes = reason ? [reason] : [];
  if (owed > 0n) {
    await charge(tx, row.user_id, owed, {
      type: 'cpi_daily_charge',
      reference: { type: 'campaign', id: row.id },
      appstore: row.appstore,
      package: row.package,
      description: `Campaign #${row.id}: unpaid spend`,
    });
    values.charged = formatMoney(parseMoney(row.charged) + owed);
    values.promotion = formatMoney(owed);
    notes.push(`Paid ${formatMoney(owed)} of unpaid spend`);
  }
  return move(tx, row, 'active', actorId, values, notes.join('; ') || null);
}

/** Queues the refund of a cancel for its due time (after the transaction has committed). */
export async function scheduleCpiRefund(deps: Deps, campaignId: number) {
  const cpi = await cpiRepo.findCpi(deps.db, campaignId);
  if (cpi?.refund_due_at && !cpi.refunded_at)
    await deps.jobs.send('campaigns.cpi-refund', { campaignId }, { startAfter: cpi.refund_due_at });
}

/**
 * Makes a canceled CPI campaign's refund once it is due: what it still holds of the prepayment goes back
 * through `ledger.refund()` against the start charge; a history row (status kept) records it. Runs once
 * however often it is called (job, sweep, retries).
 */
export async function refundDue(deps: Deps, campaignId: number, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    const cpi = row && (await cpiRepo.findCpi(tx, campaignId));
    if (!row || !cpi?.refund_due_at || cpi.refunded_at || cpi.refund_due_at > now) return;
    const held = heldOf(row);
    if (held > 0n && row.charge_entry_id) {
      await refund(tx, row.user_id, row.charge_entry_id, held, {
        reference: { type: 'campaign', id: row.id },
        appstore: row.appstore,
        package: row.package,
        description: `Campaign #${row.id} canceled: unused prepayment`,
      });
      const charged = formatMoney(parseMoney(row.charged) - held);
      await repo.updateCampaign(tx, row.id, { charged }, [], formatMoney(-held));
    }
    await cpiRepo.updateCpi(tx, campaignId, { refunded_at: now });
    const status = row.status as CampaignStatus;
    const reason = held > 0n ? `Refunded ${formatMoney(held)} of the prepayment` : 'Nothing left to refund';
    await repo.addHistory(tx, row.id, status, status, null, reason);
  });
}

/**
 * The CPI sweep (hourly, and what a test runs with its own `now`): makes every refund that is due (a lost
 * or late job included) and settles the spend of every active CPI campaign.
 */
export async function cpiSweep(deps: Deps, now = new Date()) {
  const refunds = await repo.forEachBatch(
    (after, limit) => cpiRepo.dueRefunds(deps.db, now, after, limit),
    ({ id }) => refundDue(deps, id, now),
  );
  const settled = await repo.forEachBatch(
    (after, limit) => cpiRepo.activeCpi(deps.db, after, limit),
    ({ id }) =>
      deps.db.transaction(async (tx) => {
        const row = await repo.lockCampaign(tx, id);
        if (row) await settleCpi(tx, row, now, deps.config.vendorSandboxSpeed);
      }),
  );
  return refunds + settled;
}
