import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DAY_MS, text } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { PANEL_STATUS_BATCH, type PanelStatus } from '../../providers/vendors/panel-protocol.js';
import { SANDBOX_PANEL_SERVICES } from './sandbox-panel.catalog.js';
import {
  endOrder,
  findAccount,
  findOrders,
  findRefill,
  insertOrder,
  insertRefill,
  type SandboxPanelOrderRow,
} from './sandbox-panel.repo.js';

/*
 * The server's own sandbox panel (providers/vendors/README.md, Panel protocol): the resellers' panel protocol over
 * a service list and an order book of its own, so the embedded default runs through the very client a real
 * vendor's panel is spoken to with. Delivery is a function of simulated time (`VENDOR_SANDBOX_SPEED`), a few
 * orders end Partial or Canceled (decided by a hash of the order id), and the balance runs down by each charge.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** An order reads Pending this long (simulated) before it reports delivery (or is Canceled). */
export const SANDBOX_PANEL_START_MS = 10 * MINUTE_MS;
/** Shares of orders the sandbox panel ends Canceled (nothing delivered) and Partial (40–90 % delivered). */
const CANCELED_SHARE = 0.02;
const PARTIAL_SHARE = 0.05;

/** An `{error}` answer: what panel software expects instead of an HTTP error. */
class PanelAnswerError extends Error {}

/** Where an order is headed, read from its id (the same order always ends the same way). */
export function sandboxPanelFate(id: number): {
  outcome: 'Completed' | 'Partial' | 'Canceled';
  /** The share a Partial order delivers before it stops. */
  stop: number;
  start_count: number;
} {
  const hash = createHash('sha256').update(`sandbox-panel-order:${id}`).digest();
  const draw = hash.readUInt32BE(0) / 2 ** 32;
  const outcome =
    draw < CANCELED_SHARE ? 'Canceled' : draw < CANCELED_SHARE + PARTIAL_SHARE ? 'Partial' : 'Completed';
  return { outcome, stop: 0.4 + (hash.readUInt32BE(4) / 2 ** 32) * 0.5, start_count: hash.readUInt16BE(8) };
}

/** How long an order delivers for: its drip-feed (`runs` × `interval` minutes, at least an hour), else a day. */
const durationOf = (order: Pick<SandboxPanelOrderRow, 'runs' | 'interval'>) =>
  order.runs && order.interval ? Math.max(order.runs * order.interval * MINUTE_MS, HOUR_MS) : DAY_MS;

/**
 * An order's status after `elapsedMs` of simulated time since it was placed: delivered evenly over its duration
 * from its placement (Pending at first, so a day's order ends with its day); `ended` once it reached a final
 * status it has not recorded yet.
 */
export function sandboxPanelProgress(
  order: Pick<
    SandboxPanelOrderRow,
    'id' | 'quantity' | 'runs' | 'interval' | 'final_status' | 'final_remains'
  >,
  elapsedMs: number,
): { status: PanelStatus; remains: number; ended: boolean } {
  if (order.final_status)
    return { status: order.final_status as PanelStatus, remains: order.final_remains ?? 0, ended: false };
  if (elapsedMs < SANDBOX_PANEL_START_MS) return { status: 'Pending', remains: order.quantity, ended: false };
  const fate = sandboxPanelFate(order.id);
  if (fate.outcome === 'Canceled') return { status: 'Canceled', remains: order.quantity, ended: true };
  const duration = durationOf(order);
  const into = Math.min(elapsedMs, duration);
  const planned = Math.floor((order.quantity * into) / duration);
  const cap = fate.outcome === 'Partial' ? Math.floor(order.quantity * fate.stop) : order.quantity;
  const delivered = Math.min(planned, cap);
  if (delivered >= order.quantity) return { status: 'Completed', remains: 0, ended: true };
  if (into >= duration)
    return {
      status: delivered > 0 ? 'Partial' : 'Canceled',
      remains: order.quantity - delivered,
      ended: true,
    };
  return { status: 'In progress', remains: order.quantity - delivered, ended: false };
}

/** Money as panels write it: the database's numeric without trailing zeros past the cents. */
const moneyText = (value: string) => value.replace(/(\.\d\d\d*?)0+$/, '$1');

/** A panel id: digits, sent as text or a number. */
const idRule = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,9}$/));
/** A count: digits, sent as text or a number. */
const countRule = (max: number) =>
  z
    .union([z.string().regex(/^\d{1,12}$/), z.number()])
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

const callSchema = z.looseObject({
  key: z.string().max(500),
  action: z.enum(['services', 'add', 'status', 'balance', 'refill', 'refill_status', 'cancel']),
});
const addSchema = z.object({
  service: idRule,
  link: text({ max: 2000, min: 1 }).pipe(z.string().regex(/^https?:\/\/\S+$/)),
  quantity: countRule(10_000_000).pipe(z.number().min(1)),
  runs: countRule(1000).optional(),
  interval: countRule(100_000).optional(),
  comments: text({ max: 200_000, multiline: true }).optional(),
  keywords: text({ max: 1000 }).optional(),
});
const idsRule = text({ max: 2000, min: 1 })
  .transform((value) => value.split(',').map((id) => id.trim()))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/)).max(PANEL_STATUS_BATCH));
/** `orders` (a batch) wins over `order` (one). */
const statusSchema = z.object({ order: idRule.optional(), orders: idsRule.optional() });
const refillSchema = z.object({ order: idRule });
const refillStatusSchema = z.object({ refill: idRule });
const cancelSchema = z.object({ orders: idsRule });

/** The fields an action's schema reads, or the panel's "Incorrect request" naming the first bad one. */
function parse<T extends z.ZodType>(schema: T, body: object): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path.length ? String(issue.path[0]) : 'request';
  throw new PanelAnswerError(`Incorrect request: ${field}`);
}

const sha = (value: string) => createHash('sha256').update(value).digest();

/** Whether the key is the sandbox panel's (compared in constant time). */
const keyMatches = (deps: Deps, key: string) =>
  timingSafeEqual(sha(key), sha(deps.config.vendorSandboxPanelKey));

/** Simulated time since `since`, at the sandbox's speed. */
const elapsed = (deps: Deps, since: Date, now: Date) =>
  (now.getTime() - since.getTime()) * deps.config.vendorSandboxSpeed;

/** Each order's progress now, recording (and refunding) those that have just ended. */
async function ordersNow(deps: Deps, ids: number[], now: Date) {
  const rows = await findOrders(deps.db, ids);
  return Promise.all(
    rows.map(async (row) => {
      const progress = sandboxPanelProgress(row, elapsed(deps, row.created_at, now));
      if (!progress.ended) return { row, progress };
      const ended = (await endOrder(deps.db, row.id, progress.status, progress.remains, now)) ?? row;
      return { row: ended, progress: sandboxPanelProgress(ended, 0) };
    }),
  );
}

type OrderNow = Awaited<ReturnType<typeof ordersNow>>[number];

const statusAnswer = ({ row, progress }: OrderNow, currency: string) => ({
  charge: moneyText(row.charge),
  start_count: String(sandboxPanelFate(row.id).start_count),
  status: progress.status,
  remains: String(progress.remains),
  currency,
});

const serviceOf = (id: string) => SANDBOX_PANEL_SERVICES.find((each) => each.service === id);

async function add(deps: Deps, body: object) {
  const fields = parse(addSchema, body);
  const offer = serviceOf(fields.service);
  if (!offer) throw new PanelAnswerError('Incorrect service ID');
  if (fields.quantity < offer.min || fields.quantity > offer.max)
    throw new PanelAnswerError(`Quantity must be from ${offer.min} to ${offer.max}`);
  if ((fields.runs === undefined) !== (fields.interval === undefined))
    throw new PanelAnswerError('Incorrect request: runs and interval go together');
  const comments = fields.comments?.split(/\r?\n/).filter((line) => line.trim());
  if (offer.type === 'Custom Comments' && comments?.length !== fields.quantity)
    throw new PanelAnswerError('Send one comment per line, as many as the quantity');
  const id = await insertOrder(
    deps.db,
    {
      service: offer.service,
      link: fields.link,
      quantity: fields.quantity,
      runs: fields.runs ?? null,
      interval: fields.interval ?? null,
      comments: comments?.join('\n') ?? null,
      keywords: fields.keywords ?? null,
    },
    offer.rate,
  );
  if (id === null) throw new PanelAnswerError('Not enough funds on balance');
  return { order: id };
}

async function status(deps: Deps, body: object, now: Date) {
  const fields = parse(statusSchema, body);
  const { currency } = await findAccount(deps.db);
  if (!fields.orders) {
    if (!fields.order) throw new PanelAnswerError('Incorrect request: order');
    const [found] = await ordersNow(deps, [Number(fields.order)], now);
    if (!found) throw new PanelAnswerError('Incorrect order ID');
    return statusAnswer(found, currency);
  }
  const found = new Map(
    (await ordersNow(deps, fields.orders.map(Number), now)).map((each) => [each.row.id, each]),
  );
  return Object.fromEntries(
    fields.orders.map((id) => {
      const order = found.get(Number(id));
      return [id, order ? statusAnswer(order, currency) : { error: 'Incorrect order ID' }];
    }),
  );
}

async function refill(deps: Deps, body: object, now: Date) {
  const { order: id } = parse(refillSchema, body);
  const [found] = await ordersNow(deps, [Number(id)], now);
  if (!found) throw new PanelAnswerError('Incorrect order ID');
  if (!serviceOf(found.row.service)?.refill)
    throw new PanelAnswerError('Refill is not available for this service');
  if (found.progress.status !== 'Completed' && found.progress.status !== 'Partial')
    throw new PanelAnswerError('Order is not completed yet');
  return { refill: await insertRefill(deps.db, found.row.id) };
}

async function refillStatus(deps: Deps, body: object, now: Date) {
  const { refill: id } = parse(refillStatusSchema, body);
  const found = await findRefill(deps.db, Number(id));
  if (!found) throw new PanelAnswerError('Incorrect refill ID');
  return { status: elapsed(deps, found.created_at, now) >= HOUR_MS ? 'Completed' : 'Pending' };
}

async function cancel(deps: Deps, body: object, now: Date) {
  const { orders } = parse(cancelSchema, body);
  const found = new Map((await ordersNow(deps, orders.map(Number), now)).map((each) => [each.row.id, each]));
  const answers = [];
  for (const id of orders) {
    const order = found.get(Number(id));
    const refusal = !order
      ? 'Incorrect order ID'
      : !serviceOf(order.row.service)?.cancel
        ? 'Cancel is not available for this service'
        : order.row.final_status && 'Order is already finished';
    if (!order || refusal) {
      answers.push({ order: Number(id), cancel: { error: refusal || 'Incorrect order ID' } });
      continue;
    }
    const { quantity } = order.row;
    const { remains } = order.progress;
    await endOrder(deps.db, order.row.id, remains < quantity ? 'Partial' : 'Canceled', remains, now);
    answers.push({ order: Number(id), cancel: 1 });
  }
  return answers;
}

/**
 * One call to the sandbox panel (`POST /sandbox/panel/api/v2`, form-encoded or JSON): the action's answer, or
 * `{error}` as panels answer a wrong key, an unknown action, a bad field or a refusal (always HTTP 200).
 */
export async function sandboxPanelCall(deps: Deps, body: unknown, now = new Date()): Promise<unknown> {
  try {
    const fields = typeof body === 'object' && body !== null ? body : {};
    const key = 'key' in fields && typeof fields.key === 'string' ? fields.key : '';
    if (!keyMatches(deps, key)) throw new PanelAnswerError('Invalid API key');
    const call = callSchema.safeParse(fields);
    if (!call.success) throw new PanelAnswerError('Incorrect request: action');
    switch (call.data.action) {
      case 'services':
        return SANDBOX_PANEL_SERVICES.map(({ appstore: _store, product_types: _products, ...service }) => ({
          ...service,
          service: Number(service.service),
          min: String(service.min),
          max: String(service.max),
        }));
      case 'add':
        return await add(deps, fields);
      case 'status':
        return await status(deps, fields, now);
      case 'balance': {
        const account = await findAccount(deps.db);
        return { balance: moneyText(account.balance), currency: account.currency };
      }
      case 'refill':
        return await refill(deps, fields, now);
      case 'refill_status':
        return await refillStatus(deps, fields, now);
      case 'cancel':
        return await cancel(deps, fields, now);
    }
  } catch (error) {
    if (error instanceof PanelAnswerError) return { error: error.message };
    throw error;
  }
}
