import {
  DAY_MS,
  PRODUCT_TYPES,
  formatMoney,
  minMoney,
  parseMoney,
  type CampaignStatus,
  type Money,
} from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import type { AdDayReport, AdNetwork } from '../../../providers/ad-network/ad-network.js';
import { InsufficientFundsError, charge, type Tx } from '../../ledger/ledger.js';
import {
  finish,
  move,
  refundCharged,
  type CampaignChange,
  type DeliveryConfig,
} from '../delivery/campaigns.lifecycle.js';
import { adCampaignOf, cpiNetworkOf, tellAdNetwork } from './campaigns.cpi-network.js';
import { clockAt } from '../campaigns.plan.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import * as repo from '../campaigns.repo.js';
import { notify } from '../../notices/notify.js';

/*
 * CPI money (docs/campaigns.md § CPI). The start charge (2 × daily budget) is a prepayment the campaign
 * holds. Its ad network (providers/ad-network) reports each campaign day's installs and spend; when a day
 * ends, what the network reported spent is paid from the prepayment first and the rest is charged from the
 * balance. A day the balance cannot cover pauses the campaign and stays owed until it is resumed. Days
 * run on the campaign's clock (`progress_ms` reached at `clock_at`, only while active, at the network's
 * speed), so each day is settled exactly once.
 */

/** A customer's cancel refunds the unused prepayment this much later (customer-area §4, §9). */
export const CPI_REFUND_DELAY_MS = 24 * 60 * 60 * 1000;

/** Whole installs the daily budget buys at the target CPI (the plan of each day). */
export function plannedInstalls(dailyBudget: string, targetCpi: string): number {
  return Number(parseMoney(dailyBudget) / parseMoney(targetCpi));
}

/**
 * What a CPI campaign holds (positive: the unused prepayment) or owes (negative: spend the balance did
 * not cover): `charged` less the spend its ad network reported.
 */
export function heldOf(row: repo.CampaignRow, cpi: Pick<cpiRepo.CpiRow, 'spent'>): Money {
  return parseMoney(row.charged) - parseMoney(cpi.spent);
}

/**
 * Records a day's report: its delivered installs and its spend added to the day (adding the day to an
 * unlimited campaign's sequence first). Answers the campaign's delivered installs.
 */
async function recordDay(tx: Tx, row: repo.CampaignRow, day: number, report: AdDayReport, planned: number) {
  const [order] = await repo.ordersOf(tx, row.id);
  if (!order) return row.installs_actual;
  if (!order.days.some((d) => d.day === day)) await cpiRepo.addOrderDay(tx, row.id, order.id, day, planned);
  await cpiRepo.addDaySpend(tx, order.id, day, report.spend);
  const before = order.days.find((d) => d.day === day)?.installs_actual ?? 0;
  if (report.installs <= before) return row.installs_actual;
  return repo.recordDelivery(tx, row.id, [{ orderId: order.id, day, installs: report.installs }]);
}

interface Spending {
  row: repo.CampaignRow;
  cpi: cpiRepo.CpiRow;
}

/**
 * Records what the network reported of day `day` and pays the spend: from the prepayment first, the rest
 * charged from the balance as one `cpi_daily_charge`. Answers the updated campaign and what stays unpaid.
 */
async function spend(
  tx: Tx,
  { row, cpi }: Spending,
  day: number,
  report: AdDayReport,
  planned: number,
): Promise<Spending & { unpaid: Money }> {
  const cost = parseMoney(report.spend);
  if (cost < 0n) throw new Error(`Campaign #${row.id} day ${day}: the ad network reported a negative spend`);
  const delivered = await recordDay(tx, row, day, report, planned);
  const held = heldOf(row, cpi);
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
        text: { key: 'cpiDay', params: { id: row.id, day, count: delivered - row.installs_actual } },
      });
      charged += rest;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      unpaid = rest;
    }
  }
  const spent = formatMoney(parseMoney(cpi.spent) + cost);
  if (cost > 0n) await cpiRepo.updateCpi(tx, row.id, { spent });
  // What the balance paid today also counts as the app's promotion.
  const paid = charged - parseMoney(row.charged);
  const updated = await repo.updateCampaign(
    tx,
    row.id,
    { installs_actual: delivered, charged: formatMoney(charged) },
    [],
    paid > 0n ? formatMoney(paid) : undefined,
  );
  return { row: updated, cpi: { ...cpi, spent }, unpaid };
}

/**
 * Brings a locked active CPI campaign up to `now`: every campaign day that has ended is billed once, by
 * what `network` reports of it; a day the balance cannot cover pauses it (system, the amount in the
 * reason); a finite campaign whose last day has ended completes, refunding the unused prepayment. Without
 * a network (sandboxes turned off since it started) nothing moves.
 */
export async function settleCpi(
  tx: Tx,
  row: repo.CampaignRow,
  now: Date,
  network: AdNetwork | null,
  actorId: number | null = null,
): Promise<repo.CampaignRow> {
  if (row.status !== 'active' || !row.clock_at || !network) return row;
  const cpi = await cpiRepo.findCpi(tx, row.id);
  if (!cpi) return row;
  const ad = adCampaignOf(row, cpi);
  const end = cpi.unlimited ? Number.POSITIVE_INFINITY : row.days * DAY_MS;
  const clock = clockAt(row, now, network.speed);
  let progress = Math.min(end, clock);
  const planned = plannedInstalls(cpi.daily_budget, row.unit_price);
  let state: Spending = { row, cpi };
  let short: { day: number; unpaid: Money } | null = null;
  let waiting = false;
  for (let day = Math.floor(row.progress_ms / DAY_MS) + 1; day * DAY_MS <= progress; day += 1) {
    const report = await network.report(ad, day, DAY_MS);
    if (!report) {
      // Not final at the network yet: the day waits (settled up to its start), the clock runs on.
      waiting = true;
      progress = (day - 1) * DAY_MS;
      break;
    }
    const result = await spend(tx, state, day, report, planned);
    state = result;
    if (result.unpaid > 0n) {
      short = { day, unpaid: result.unpaid };
      progress = day * DAY_MS;
      break;
    }
  }
  // A waiting day keeps the clock where it stands: `clock_at` moves back by the time not settled yet.
  const clockMark = waiting ? new Date(now.getTime() - (clock - progress) / network.speed) : now;
  const current = await repo.updateCampaign(tx, row.id, {
    progress_ms: Math.floor(progress),
    clock_at: clockMark,
  });
  if (waiting) return current;
  if (short) {
    const reason = `The balance cannot cover the spend of day ${short.day}: ${formatMoney(short.unpaid)} unpaid`;
    await network.control(ad, 'pause');
    await notify(tx, {
      userId: current.user_id,
      type: 'campaign',
      key: 'campaignPaused',
      params: { id: current.id },
      campaignId: current.id,
    });
    return move(tx, current, 'pause', null, { clock_at: null }, reason);
  }
  if (progress < end) return current;
  await network.control(ad, 'stop');
  return finish(tx, current, 'completed', actorId, now, `All ${row.days} days run`);
}

/**
 * Stops a locked CPI campaign's spending at `now`: the days that ended are settled and the running day's
 * part so far, as the network reports it, is spent too (its cost owed if the balance cannot cover it).
 */
async function stopSpending(
  tx: Tx,
  row: repo.CampaignRow,
  now: Date,
  network: AdNetwork | null,
  actorId: number | null,
) {
  const settled = await settleCpi(tx, row, now, network, actorId);
  const cpi = await cpiRepo.findCpi(tx, row.id);
  if (settled.status !== 'active' || !network || !cpi) return settled;
  const day = Math.floor(settled.progress_ms / DAY_MS) + 1;
  // A day still waiting for its final figures is asked as a part too: the network answers what it has.
  const part = Math.min(clockAt(settled, now, network.speed) - (day - 1) * DAY_MS, DAY_MS - 1);
  if (part <= 0) return settled;
  const report = await network.report(adCampaignOf(settled, cpi), day, part);
  if (!report) return settled;
  const planned = plannedInstalls(cpi.daily_budget, row.unit_price);
  return (await spend(tx, { row: settled, cpi }, day, report, planned)).row;
}

/**
 * The customer cancels a locked CPI campaign: spending stops now, and what is left of the prepayment is
 * refunded 24 hours later (`refund_due_at`; the job is queued after commit by `scheduleCpiRefund`). One
 * that never ran (it waited for an ad network) spent nothing: it is refunded at once.
 */
export async function cancelCpi(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  config: DeliveryConfig,
): Promise<repo.CampaignRow> {
  const network = cpiNetworkOf(tx, config);
  if (!row.started_at) {
    // It never ran; what its start built at the network is removed.
    await tellAdNetwork(tx, network, row, 'stop');
    return finish(tx, row, 'canceled', actorId, now);
  }
  const stopped = await stopSpending(tx, row, now, network, actorId);
  if (stopped.status === 'completed') return stopped;
  await tellAdNetwork(tx, network, stopped, 'stop');
  const cpi = await cpiRepo.findCpi(tx, row.id);
  const held = cpi ? heldOf(stopped, cpi) : 0n;
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
 * did not cover (`InsufficientFundsError` while it still cannot, and nothing changes), then its ad network
 * resumes it; then the clock runs again. The history row carries `reason` and what was paid.
 */
export async function resumeCampaign(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  config: DeliveryConfig,
  reason: string | null = null,
) {
  const cpi = row.product_type === PRODUCT_TYPES.cpi ? await cpiRepo.findCpi(tx, row.id) : undefined;
  const owed = cpi ? -heldOf(row, cpi) : 0n;
  const values: CampaignChange = { clock_at: now };
  const notes = reason ? [reason] : [];
  if (owed > 0n) {
    await charge(tx, row.user_id, owed, {
      type: 'cpi_daily_charge',
      reference: { type: 'campaign', id: row.id },
      appstore: row.appstore,
      package: row.package,
      text: { key: 'cpiUnpaid', params: { id: row.id } },
    });
    values.charged = formatMoney(parseMoney(row.charged) + owed);
    values.promotion = formatMoney(owed);
    notes.push(`Paid ${formatMoney(owed)} of unpaid spend`);
  }
  if (cpi) await tellAdNetwork(tx, cpiNetworkOf(tx, config), row, 'resume');
  return move(tx, row, 'active', actorId, values, notes.join('; ') || null);
}

/** Queues the refund of a cancel for its due time (after the transaction has committed). */
export async function scheduleCpiRefund(deps: Deps, campaignId: number) {
  const cpi = await cpiRepo.findCpi(deps.db, campaignId);
  if (cpi?.refund_due_at && !cpi.refunded_at) {
    const data = { campaignId, dueAt: cpi.refund_due_at.toISOString() };
    await deps.jobs.send('campaigns.cpi-refund', data, { startAfter: cpi.refund_due_at });
  }
}

/** Statuses a refund due after a cancel is made in (a canceled campaign may be archived meanwhile). */
const REFUNDABLE: readonly string[] = ['canceled', 'archived'];

/**
 * Makes a canceled CPI campaign's refund once it is due: what it still holds of the prepayment goes back
 * through `ledger.refund()` against its charges; a history row (status kept) records it. Runs once however
 * often it is called (job, sweep, retries), and only for the cancel it was set for: a job of an earlier
 * cancel (`dueAt` another time, or the campaign drafted or started again since) refunds nothing.
 */
export async function refundDue(deps: Deps, campaignId: number, now = new Date(), dueAt?: string) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    const cpi = row && (await cpiRepo.findCpi(tx, campaignId));
    if (!row || !cpi?.refund_due_at || cpi.refunded_at || cpi.refund_due_at > now) return;
    if (!REFUNDABLE.includes(row.status)) return;
    if (dueAt !== undefined && Date.parse(dueAt) !== cpi.refund_due_at.getTime()) return;
    const held = heldOf(row, cpi);
    if (held > 0n && row.charge_entry_id) {
      await refundCharged(tx, row, held, { key: 'cpiUnusedPrepayment', params: { id: row.id } });
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
    'campaigns.cpi-refund',
    (after, limit) => cpiRepo.dueRefunds(deps.db, now, after, limit),
    ({ id }) => refundDue(deps, id, now),
  );
  const settled = await repo.forEachBatch(
    'campaigns.cpi-settle',
    (after, limit) => cpiRepo.activeCpi(deps.db, after, limit),
    ({ id }) =>
      deps.db.transaction(async (tx) => {
        const row = await repo.lockCampaign(tx, id);
        if (row) await settleCpi(tx, row, now, cpiNetworkOf(tx, deps.config));
      }),
  );
  return { done: refunds.done + settled.done, failed: refunds.failed + settled.failed };
}
