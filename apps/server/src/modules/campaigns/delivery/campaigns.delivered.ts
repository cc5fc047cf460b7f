import type { Tx } from '../../ledger/ledger.js';
import type { VendorReport } from '../../../providers/vendors/vendor-provider.js';
import * as repo from '../campaigns.repo.js';
import { emitDaysDelivered } from '../campaigns.events.js';
import { finish } from './campaigns.lifecycle.js';

/*
 * What a vendor reports delivered, applied to a campaign (the sandbox's and a JSON vendor's reports, a panel
 * vendor's statuses): order days only grow, up to their plan.
 */

export type Orders = Awaited<ReturnType<typeof repo.ordersOf>>;

/**
 * Applies a vendor's report to a locked active campaign: each order day's delivered count grows to what
 * the vendor reports (never beyond its plan, never back), then a `completed` report completes the campaign
 * and a `failed` one fails it, each refunding what is undelivered.
 */
export async function applyReport(
  tx: Tx,
  row: repo.CampaignRow,
  orders: Orders,
  report: VendorReport,
  now: Date,
  actorId: number | null,
  values: Partial<repo.NewCampaign> = {},
): Promise<repo.CampaignRow> {
  const reported = new Map(
    report.orders.flatMap((order) =>
      order.days.map((day) => [`${order.id}:${day.day}`, day.installs_actual]),
    ),
  );
  const changes = orders.flatMap((order) =>
    order.days
      .map((day) => ({
        orderId: order.id,
        day: day.day,
        installs: Math.min(day.installs_total, reported.get(`${order.id}:${day.day}`) ?? 0),
        before: day.installs_actual,
      }))
      .filter((change) => change.installs > change.before),
  );
  const delivered = changes.length ? await repo.recordDelivery(tx, row.id, changes) : row.installs_actual;
  const updated = await repo.updateCampaign(tx, row.id, { ...values, installs_actual: delivered });
  await emitDaysDelivered(tx, updated, daysDelivered(orders, changes));
  if (report.state === 'failed')
    return finish(tx, updated, 'failed', null, now, `Vendor failure: ${report.reason ?? 'no reason given'}`);
  if (report.state !== 'completed') return updated;
  const short = updated.installs_total - updated.installs_actual;
  const reason = short > 0 ? `The vendor completed with ${short} installs undelivered` : 'Delivered';
  return finish(tx, updated, 'completed', actorId, now, reason);
}

/**
 * Records what a panel vendor delivered on some order days of a locked campaign (each day's whole count; never
 * back, capped at its plan), as a running vendor's report.
 */
export async function applyDelivered(
  tx: Tx,
  row: repo.CampaignRow,
  days: { order_id: number; day: number; installs: number }[],
  now: Date,
): Promise<repo.CampaignRow> {
  const byOrder = new Map<number, { day: number; installs_actual: number }[]>();
  for (const day of days)
    byOrder.set(day.order_id, [
      ...(byOrder.get(day.order_id) ?? []),
      { day: day.day, installs_actual: day.installs },
    ]);
  const report: VendorReport = {
    state: 'running',
    orders: [...byOrder].map(([id, reported]) => ({ id, days: reported })),
  };
  return applyReport(tx, row, await repo.ordersOf(tx, row.id), report, now, null);
}

/** The campaign days that `changes` complete: each order's plan of the day is met now and was not before. */
function daysDelivered(orders: Orders, changes: { orderId: number; day: number; installs: number }[]) {
  const changed = new Map(changes.map((change) => [`${change.orderId}:${change.day}`, change.installs]));
  const days = new Map<
    number,
    { day: number; installs_total: number; installs_actual: number; done: boolean }
  >();
  for (const order of orders)
    for (const day of order.days) {
      const now = changed.get(`${order.id}:${day.day}`) ?? day.installs_actual;
      const sum = days.get(day.day) ?? { day: day.day, installs_total: 0, installs_actual: 0, done: true };
      sum.installs_total += day.installs_total;
      sum.installs_actual += now;
      sum.done &&= now >= day.installs_total;
      days.set(day.day, sum);
    }
  const touched = new Set(changes.map((change) => change.day));
  return [...days.values()]
    .filter((sum) => sum.done && touched.has(sum.day))
    .map(({ day, installs_total, installs_actual }) => ({ day, installs_total, installs_actual }));
}
