import { PRODUCT_TYPES, formatMoney, parseMoney, type LedgerKey } from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import type { Tx } from '../../ledger/ledger.js';
import { eachOnItsOwn } from '../../../lib/batches.js';
import {
  PANEL_STATUS_BATCH,
  type PanelAddRequest,
  type PanelOrderStatus,
  type PanelStatusMap,
} from '../../../providers/vendors/panel-protocol.js';
import {
  VENDOR_UNREACHABLE_LIMIT_MS,
  VendorRejectedError,
  VendorUnreachableError,
} from '../../../providers/vendors/vendor-provider.js';
import * as vendorOrders from '../../vendors/vendors.orders.js';
import { withPanel, type PanelVendor } from '../../vendors/vendors.panel.js';
import { refreshBalance } from '../../vendors/vendors.balances.js';
import { rerouteVendor, speaksPanel } from '../../vendors/vendors.routing.js';
import { findVendor } from '../../vendors/vendors.service.js';
import { valueOf } from '../campaigns.plan.js';
import * as repo from '../campaigns.repo.js';
import { applyDelivered } from './campaigns.delivered.js';
import { finish, refundCharged } from './campaigns.lifecycle.js';

/*
 * Delivery by a panel vendor (providers/vendors/README.md, Delivery by a panel vendor): each campaign day's
 * quantity is one panel order per keyword order, placed when the day starts (by the campaign's clock); every
 * open order's status is polled in batches of PANEL_STATUS_BATCH; Completed/In progress/Processing move the
 * day's delivered count, Partial ends the day and refunds the rest, Canceled re-routes the day once, then
 * fails it with a refund. A campaign that stops delivering (pause, cancel, end, another vendor) has its open
 * orders canceled where the service allows it.
 */

/** Rows one query of the pass takes; the pass goes on batch after batch. */
const PASS_BATCH = 1000;
/** Panel calls made at once (each batch of statuses, cancels or one placement). */
const PANEL_CALLS_AT_ONCE = 8;
/** Campaigns recorded at once after a batch of statuses (each in its own transaction). */
const RECORDS_AT_ONCE = 4;

type Listed = vendorOrders.ListedVendorOrder;
type Status = PanelStatusMap[string];

/** What a failed day gives back: the ledger text of its refund, by why it ended. */
const REFUND_KEYS = { partial: 'campaignCompleted', failed: 'campaignFailed' } as const satisfies Record<
  string,
  LedgerKey
>;

/**
 * Refunds a locked campaign's `rest` installs of a day that ended short, at its unit price, within what is
 * still charged beyond what is delivered; answers the campaign row after.
 */
async function refundRest(tx: Tx, row: repo.CampaignRow, rest: number, why: keyof typeof REFUND_KEYS) {
  const charged = parseMoney(row.charged);
  const open = charged - valueOf(row.unit_price, row.installs_actual);
  const wanted = valueOf(row.unit_price, rest);
  const amount = wanted < open ? wanted : open;
  if (!row.charge_entry_id || amount <= 0n) return row;
  await refundCharged(tx, row, amount, { key: REFUND_KEYS[why], params: { id: row.id, count: rest } });
  return repo.updateCampaign(
    tx,
    row.id,
    { charged: formatMoney(charged - amount) },
    [],
    formatMoney(-amount),
  );
}

/** A day to deliver: a keyword order's day, its quantity left and what it had delivered before. */
interface DayLeft {
  order_id: number;
  day: number;
  quantity: number;
  delivered_before: number;
}

/**
 * A day whose vendor could not take it (a Canceled order, a refused `add`, no service mapped any more): once,
 * another panel vendor that may take the campaign gets it (a new order, placed by the next pass); else the day
 * fails and its rest is refunded. Answers the campaign row after.
 */
async function rerouteOrFail(
  tx: Tx,
  deps: Deps,
  row: repo.CampaignRow,
  day: DayLeft,
  exclude: number[],
  rerouted: boolean,
): Promise<{ row: repo.CampaignRow; outcome: 'rerouted' | 'failed' }> {
  if (!rerouted && row.status === 'active') {
    const other = await rerouteVendor(tx, row, deps.config.sandbox, exclude);
    const service = other && (await vendorOrders.serviceFor(tx, other, row));
    if (other && service) {
      await vendorOrders.insertVendorOrders(tx, [
        { campaign_id: row.id, vendor_id: other.id, service: service.service, rerouted: true, ...day },
      ]);
      return { row, outcome: 'rerouted' };
    }
  }
  return { row: await refundRest(tx, row, day.quantity, 'failed'), outcome: 'failed' };
}

/** Ends a locked active campaign whose panel delivery is over: completed (the finish refunds any rest). */
async function completeIfOver(tx: Tx, row: repo.CampaignRow, now: Date) {
  if (row.status !== 'active' || !(await vendorOrders.deliveryOver(tx, row.id))) return row;
  const short = row.installs_total - row.installs_actual;
  const reason = short > 0 ? `The vendor completed with ${short} installs undelivered` : 'Delivered';
  return finish(tx, row, 'completed', null, now, reason);
}

/**
 * Writes the orders of a campaign's days that have started and have none yet (with its vendor's mapped
 * service); a day its vendor has no service for any more goes to another vendor or fails.
 */
async function openDays(deps: Deps, campaignId: number, now: Date) {
  await deps.db.transaction(async (tx) => {
    let row = await repo.lockCampaign(tx, campaignId);
    if (row?.status !== 'active' || row.vendor_id === null) return;
    const vendor = await findVendor(tx, row.vendor_id);
    if (!vendor || !speaksPanel(vendor)) return;
    const service = await vendorOrders.serviceFor(tx, vendor, row);
    for (const day of await vendorOrders.daysToPlace(tx, row.id)) {
      const left: DayLeft = {
        order_id: day.order_id,
        day: day.day,
        quantity: day.installs_total - day.installs_actual,
        delivered_before: day.installs_actual,
      };
      if (service)
        await vendorOrders.insertVendorOrders(tx, [
          { campaign_id: row.id, vendor_id: vendor.id, service: service.service, ...left },
        ]);
      else row = (await rerouteOrFail(tx, deps, row, left, [vendor.id], false)).row;
    }
    await completeIfOver(tx, row, now);
  });
}

/** The `add` of an order: the app's store link, the keyword, and a reviews order's texts for its part. */
async function addRequestOf(deps: Deps, order: Listed): Promise<PanelAddRequest | undefined> {
  const found = await repo.findAnyCampaign(deps.db, order.campaign_id);
  const keywordOrders = await repo.ordersOf(deps.db, order.campaign_id);
  const keywordOrder = keywordOrders.find((each) => each.id === order.order_id);
  if (!found || !keywordOrder) return undefined;
  const { campaign } = found;
  const request: PanelAddRequest = {
    service: order.service,
    link: vendorOrders.storeUrlOf(campaign.package, found.country.code),
    quantity: order.quantity,
    ...(keywordOrder.keyword && { keywords: keywordOrder.keyword }),
  };
  if (campaign.product_type === PRODUCT_TYPES.hqReview || campaign.product_type === PRODUCT_TYPES.review) {
    // The texts of this day's part: after the days before it and what the day already delivered.
    const before = keywordOrder.days
      .filter((each) => each.day < order.day)
      .reduce((sum, each) => sum + each.installs_total, 0);
    const start = before + order.delivered_before;
    const reviews = await repo.reviewsOf(deps.db, order.campaign_id);
    request.comments = reviews
      .slice(start, start + order.quantity)
      .map((review) => vendorOrders.commentOf(review.body));
  }
  return request;
}

type Answer = { kind: 'ok'; order: string } | { kind: 'rejected' | 'unreachable'; message: string };

/** The panel's answer to a call, as an outcome (any other error is a bug and is thrown). */
async function answerOf<T>(
  call: () => Promise<T>,
): Promise<{ kind: 'ok'; value: T } | Exclude<Answer, { kind: 'ok' }>> {
  try {
    return { kind: 'ok', value: await call() };
  } catch (error) {
    if (error instanceof VendorRejectedError) return { kind: 'rejected', message: error.message };
    if (error instanceof VendorUnreachableError) return { kind: 'unreachable', message: error.message };
    throw error;
  }
}

const panelVendorOf = (order: Listed): PanelVendor => ({
  id: order.vendor_id!,
  api_url: order.api_url,
  api_key: order.api_key,
  seed_key: order.seed_key,
});

/**
 * Places one new order at its panel (outside any transaction), then records the answer under the campaign's
 * lock: placed (open), or refused (re-routed once, else the day fails with a refund); a panel unreachable for
 * longer than VENDOR_UNREACHABLE_LIMIT_MS counts as a refusal. An order whose campaign no longer delivers, or
 * whose vendor is gone or lost its API, is withdrawn unplaced. Answers the vendor placed with, if any.
 */
async function placeOrder(deps: Deps, order: Listed, now: Date): Promise<number | undefined> {
  const live = order.campaign_status === 'active' && order.vendor_id !== null && order.api_url !== null;
  const request = live ? await addRequestOf(deps, order) : undefined;
  const answer: Answer | undefined = request
    ? await answerOf(() =>
        withPanel(deps, panelVendorOf(order), [order.campaign_id], (panel) => panel.add(request)),
      ).then((result) => (result.kind === 'ok' ? { kind: 'ok', order: result.value.order } : result))
    : undefined;
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, order.campaign_id);
    const current = await vendorOrders.findVendorOrder(tx, order.id);
    if (!row || current?.state !== 'new') return undefined;
    if (answer?.kind === 'ok') {
      // Placed: kept even if the campaign stopped meanwhile, so the next pass cancels it there.
      await vendorOrders.updateVendorOrder(tx, order.id, {
        state: 'open',
        panel_order: answer.order,
        failing_since: null,
        last_error: null,
      });
      return order.vendor_id ?? undefined;
    }
    if (!answer || row.status !== 'active') {
      await vendorOrders.updateVendorOrder(tx, order.id, { state: 'closed', outcome: 'withdrawn' });
      return undefined;
    }
    const since = current.failing_since ?? now;
    if (answer.kind === 'unreachable' && now.getTime() - since.getTime() <= VENDOR_UNREACHABLE_LIMIT_MS) {
      await vendorOrders.updateVendorOrder(tx, order.id, {
        failing_since: since,
        last_error: answer.message,
      });
      return undefined;
    }
    await endAndReroute(tx, deps, row, current, answer.message, now);
    return undefined;
  });
}

/** Closes a live order its vendor canceled or refused, and re-routes its day once (else fails it). */
async function endAndReroute(
  tx: Tx,
  deps: Deps,
  row: repo.CampaignRow,
  order: vendorOrders.VendorOrderRow,
  error: string | null,
  now: Date,
  delivered = 0,
) {
  // Closed first: the day's next order may be live only once this one is not.
  await vendorOrders.updateVendorOrder(tx, order.id, {
    state: 'closed',
    outcome: 'failed',
    last_error: error,
  });
  const left: DayLeft = {
    order_id: order.order_id,
    day: order.day,
    quantity: order.quantity - delivered,
    delivered_before: order.delivered_before + delivered,
  };
  const exclude = order.vendor_id === null ? [] : [order.vendor_id];
  const result = await rerouteOrFail(tx, deps, row, left, exclude, order.rerouted);
  if (result.outcome === 'rerouted')
    await vendorOrders.updateVendorOrder(tx, order.id, { outcome: 'rerouted' });
  return completeIfOver(tx, result.row, now);
}

/** Whether a vendor's service can be canceled (as last loaded; an unknown service is tried). */
const cancelable = (order: Listed) =>
  (order.services ?? []).find((service) => service.service === order.service)?.cancel ?? true;

/** Splits a list into chunks of `size`. */
function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Groups orders by vendor, in chunks of one panel call each (PANEL_STATUS_BATCH). */
function callsByVendor(orders: Listed[]): Listed[][] {
  const byVendor = new Map<number, Listed[]>();
  for (const order of orders) {
    const list = byVendor.get(order.vendor_id!) ?? [];
    list.push(order);
    byVendor.set(order.vendor_id!, list);
  }
  return [...byVendor.values()].flatMap((list) => chunks(list, PANEL_STATUS_BATCH));
}

/** The campaigns a chunk of orders belongs to: its call shows on each one's vendor calls. */
const campaignsOfChunk = (chunk: Listed[]) => chunk.map((order) => order.campaign_id);

/**
 * Cancels at their panel the orders of campaigns that no longer deliver (and those withdrawn: moved or back to
 * draft), in batches; a service that cannot cancel is left to run out. Either way they are polled to their end.
 */
async function cancelOrders(deps: Deps, orders: Listed[]) {
  const withApi = orders.filter((order) => order.vendor_id !== null && order.api_url !== null);
  const gone = orders
    .filter((order) => order.vendor_id === null || order.api_url === null)
    .map((order) => order.id);
  // A vendor deleted or without an API can no longer be asked: the order is closed, as withdrawn.
  await vendorOrders.closeWithdrawn(deps.db, gone);
  const toCancel = withApi.filter(cancelable);
  await vendorOrders.markWithdrawing(
    deps.db,
    withApi.filter((order) => !cancelable(order)).map((order) => order.id),
  );
  await eachOnItsOwn(
    callsByVendor(toCancel),
    async (chunk) => {
      const answer = await answerOf(() =>
        withPanel(deps, panelVendorOf(chunk[0]!), campaignsOfChunk(chunk), (panel) =>
          panel.cancel(chunk.map((order) => order.panel_order!)),
        ),
      );
      // Unreachable: asked again next pass. Otherwise (canceled, or the panel's error for an order that has
      // ended already) the orders are polled to their end.
      if (answer.kind !== 'unreachable')
        await vendorOrders.markWithdrawing(
          deps.db,
          chunk.map((order) => order.id),
        );
    },
    {
      what: 'campaigns.panel-cancel',
      contextOf: (chunk) => ({ vendor: chunk[0]!.vendor_id }),
      concurrency: PANEL_CALLS_AT_ONCE,
    },
  );
}

/** Whether a panel status ends the order. */
const FINAL = new Set(['Completed', 'Partial', 'Canceled']);

/**
 * Records the statuses of one campaign's orders under its lock: the panel's status, remains and charge; each
 * day's delivered count (quantity − remains, on top of what the day had before the order; never back, capped)
 * while the campaign is active or paused; then what ends: Completed (delivered), Partial (the rest refunded),
 * Canceled (re-routed once, else failed with a refund), a withdrawn order once it ends. An order the panel
 * answers an error for is retried, and counts as Canceled after VENDOR_UNREACHABLE_LIMIT_MS.
 */
async function recordStatuses(
  deps: Deps,
  campaignId: number,
  items: { order: Listed; status: Status }[],
  now: Date,
) {
  await deps.db.transaction(async (tx) => {
    let row = await repo.lockCampaign(tx, campaignId);
    if (!row) return;
    const delivering = row.status === 'active' || row.status === 'pause';
    const ends: {
      order: vendorOrders.VendorOrderRow;
      status: PanelOrderStatus | null;
      error: string | null;
      delivered: number;
    }[] = [];
    const days: { order_id: number; day: number; installs: number }[] = [];
    const statuses: Parameters<typeof vendorOrders.recordPanelStatuses>[1] = [];
    const closed: number[] = [];
    const currents = new Map(
      (
        await vendorOrders.findVendorOrders(
          tx,
          items.map(({ order }) => order.id),
        )
      ).map((current) => [current.id, current]),
    );
    for (const { order, status } of items) {
      const current = currents.get(order.id);
      if (!current || current.state === 'closed' || current.state === 'new') continue;
      if ('error' in status) {
        const since = current.failing_since ?? now;
        if (now.getTime() - since.getTime() <= VENDOR_UNREACHABLE_LIMIT_MS || current.state !== 'open') {
          await vendorOrders.updateVendorOrder(tx, order.id, {
            failing_since: since,
            last_error: status.error,
          });
          continue;
        }
        ends.push({ order: current, status: null, error: status.error, delivered: 0 });
        continue;
      }
      const delivered = Math.max(0, Math.min(current.quantity, current.quantity - status.remains));
      const unchanged =
        current.status === status.status &&
        current.remains === status.remains &&
        current.failing_since === null;
      if (!unchanged)
        statuses.push({
          id: order.id,
          status: status.status,
          remains: status.remains,
          charge: status.charge,
          currency: status.currency,
        });
      if (delivering && !unchanged)
        days.push({
          order_id: current.order_id,
          day: current.day,
          installs: current.delivered_before + delivered,
        });
      if (!FINAL.has(status.status)) continue;
      if (current.state !== 'open') closed.push(order.id);
      else ends.push({ order: current, status, error: null, delivered });
    }
    await vendorOrders.recordPanelStatuses(tx, statuses);
    await vendorOrders.closeWithdrawn(tx, closed);
    if (days.length) row = await applyDelivered(tx, row, days, now);
    for (const end of ends) {
      const { order, status, delivered } = end;
      if (status?.status === 'Completed' && status.remains <= 0) {
        await vendorOrders.updateVendorOrder(tx, order.id, { state: 'closed', outcome: 'delivered' });
      } else if (status?.status === 'Partial' || status?.status === 'Completed') {
        await vendorOrders.updateVendorOrder(tx, order.id, { state: 'closed', outcome: 'partial' });
        if (row.status === 'active' || row.status === 'pause')
          row = await refundRest(tx, row, order.quantity - delivered, 'partial');
      } else if (row.status === 'active') {
        row = await endAndReroute(
          tx,
          deps,
          row,
          order,
          end.error ?? 'Canceled by the vendor',
          now,
          delivered,
        );
      } else {
        await vendorOrders.updateVendorOrder(tx, order.id, { state: 'closed', outcome: 'withdrawn' });
      }
    }
    if (ends.length) await completeIfOver(tx, row, now);
  });
}

/** Polls a chunk of one vendor's orders in one `status` call, then records each campaign's answers. */
async function pollChunk(deps: Deps, chunk: Listed[], now: Date) {
  const answer = await answerOf(() =>
    withPanel(deps, panelVendorOf(chunk[0]!), campaignsOfChunk(chunk), (panel) =>
      panel.statuses(chunk.map((order) => order.panel_order!)),
    ),
  );
  // Unreachable or refused as a whole: asked again next pass (a single order's error is handled per order).
  if (answer.kind !== 'ok') return;
  const byCampaign = new Map<number, { order: Listed; status: Status }[]>();
  for (const order of chunk) {
    const status = answer.value[order.panel_order!];
    if (!status) continue;
    const list = byCampaign.get(order.campaign_id) ?? [];
    list.push({ order, status });
    byCampaign.set(order.campaign_id, list);
  }
  await eachOnItsOwn(
    [...byCampaign.entries()],
    ([campaignId, items]) => recordStatuses(deps, campaignId, items, now),
    {
      what: 'campaigns.panel-status',
      contextOf: ([campaignId]) => ({ id: campaignId }),
      concurrency: RECORDS_AT_ONCE,
    },
  );
}

/** Runs `each` on every page of `list` (by campaign and id), until a page comes back short. */
async function forEachPage(
  list: (after: vendorOrders.OrderKey, limit: number) => Promise<Listed[]>,
  each: (page: Listed[]) => Promise<void>,
) {
  for (let after: vendorOrders.OrderKey = { campaign_id: 0, id: 0 }; ;) {
    const page = await list(after, PASS_BATCH);
    await each(page);
    if (page.length < PASS_BATCH) return;
    const last = page.at(-1)!;
    after = { campaign_id: last.campaign_id, id: last.id };
  }
}

/**
 * One pass of panel delivery (the delivery tick, after the campaigns' clocks moved): writes the orders of the
 * days that started, places them, cancels the orders of campaigns that stopped, polls every open order; then
 * reads the balance of each vendor that took an order.
 */
export async function panelDeliveryPass(deps: Deps, now = new Date()) {
  await repo.forEachBatch(
    'campaigns.panel-days',
    (after, limit) => vendorOrders.campaignsToPlace(deps.db, after, limit),
    ({ id }) => openDays(deps, id, now),
    PASS_BATCH,
  );
  const placedWith = new Set<number>();
  await forEachPage(
    (after, limit) => vendorOrders.ordersIn(deps.db, ['new'], after, limit),
    async (page) => {
      await eachOnItsOwn(
        page,
        async (order) => {
          const vendorId = await placeOrder(deps, order, now);
          if (vendorId !== undefined) placedWith.add(vendorId);
        },
        {
          what: 'campaigns.panel-place',
          contextOf: (order) => ({ id: order.campaign_id }),
          concurrency: PANEL_CALLS_AT_ONCE,
        },
      );
    },
  );
  await forEachPage(
    (after, limit) => vendorOrders.ordersIn(deps.db, ['open', 'canceling', 'withdrawing'], after, limit),
    async (page) => {
      // An order whose vendor is gone or lost its API can no longer be asked: it closes as withdrawn.
      const stopping = page.filter(
        (order) =>
          order.state === 'canceling' ||
          (order.state === 'open' && order.campaign_status !== 'active') ||
          order.vendor_id === null ||
          order.api_url === null,
      );
      await cancelOrders(deps, stopping);
      const stopped = new Set(stopping);
      const polled = page.filter((order) => !stopped.has(order));
      await eachOnItsOwn(callsByVendor(polled), (chunk) => pollChunk(deps, chunk, now), {
        what: 'campaigns.panel-poll',
        contextOf: (chunk) => ({ vendor: chunk[0]!.vendor_id }),
        concurrency: PANEL_CALLS_AT_ONCE,
      });
    },
  );
  for (const vendorId of placedWith) await refreshBalance(deps, vendorId, now);
}
