import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PANEL_STATUS_BATCH,
  type PanelService,
  type PanelStatus,
} from '../src/providers/vendors/panel-protocol.js';

/*
 * A stand-in vendor panel for tests and the bench: the resellers' panel protocol ("API v2",
 * providers/vendors/README.md, Panel protocol) over node:http on 127.0.0.1, with an in-memory order book.
 * It answers as a typical panel does (numbers of orders, counts and money as strings, `{error}` with HTTP 200)
 * and checks every request it gets: whatever a well-behaved client would never send is recorded in
 * `violations` (tests assert it stays empty), every request in `requests`.
 *
 *   const panel = await startStandInPanel();            // panel.url, panel.key; loopback: call it with
 *   new HttpPanelClient({ url: panel.url, key: panel.key, policy: loopbackAllowed() });
 *   panel.setOrder('1001', { status: 'Partial', remains: 40 });  // or advance(n): deliver n of each open order
 *   panel.sloppy('html', 2);                              // the next 2 answers are an HTML 502 page
 *   expect(panel.violations).toEqual([]);
 *   await panel.close();
 */

/** How the next answers misbehave: `strings` numbers and booleans as strings, statuses in odd case (the request
 * is served); `error` `{error}` with HTTP 200, `html` an HTML 502 page, `garbage` a 200 that is no JSON, `hang` no
 * answer at all (none of these four serves the request). */
export type SloppyKind = 'strings' | 'error' | 'html' | 'garbage' | 'hang';

export interface StandInOrder {
  order: string;
  service: string;
  link: string;
  quantity: number;
  runs: number | null;
  interval: number | null;
  comments: string[];
  keywords: string | null;
  status: PanelStatus;
  remains: number;
  start_count: number;
  /** Decimal string in the panel's currency. */
  charge: string;
}

export interface StandInRequest {
  method: string;
  action: string;
  /** The form's fields, without the key. */
  fields: Record<string, string>;
  /** HTTP status answered (0: no answer). */
  status: number;
}

export interface StandInPanelOptions {
  key?: string;
  services?: PanelService[];
  /** Decimal string; default "1000.00". */
  balance?: string;
  currency?: string;
}

export interface StandInPanel {
  /** The panel's API URL (the vendor's `api_url`). */
  url: string;
  key: string;
  /** What a client sent that a panel does not accept (wrong method, content type, key, action, field). */
  violations: string[];
  requests: StandInRequest[];
  orders: Map<string, StandInOrder>;
  services: PanelService[];
  /** Places an order as `add` would (no HTTP; for seeding a bench), or throws the panel's error text. */
  place(fields: {
    service: string;
    link: string;
    quantity: number;
    comments?: string[];
    keywords?: string;
  }): StandInOrder;
  /** Overrides an order's status, remains, charge or start count. */
  setOrder(
    order: string,
    patch: Partial<Pick<StandInOrder, 'status' | 'remains' | 'charge' | 'start_count'>>,
  ): void;
  /** The next `count` answers (default 1) misbehave as `kind` says. */
  sloppy(kind: SloppyKind, count?: number, errorText?: string): void;
  balance(): string;
  setBalance(balance: string): void;
  /**
   * Delivers up to `units` more of each open order (default all): Pending and Processing start, an order with
   * nothing left is Completed; pending refills complete.
   */
  advance(units?: number): void;
  close(): Promise<void>;
}

const DEFAULT_SERVICES: PanelService[] = [
  service('1', 'Google Play installs', 'Default', 'Google Play', '0.90', 10, 20000, false, true),
  service('2', 'Google Play keyword installs', 'Default', 'Google Play', '1.20', 10, 20000, false, true),
  service('3', 'Google Play reviews', 'Custom Comments', 'Google Play', '45.00', 1, 500, true, false),
  service('4', 'App Store installs', 'Default', 'App Store', '1.50', 10, 10000, false, true),
  service('5', 'App Store keyword installs', 'Default', 'App Store', '2.10', 10, 10000, false, true),
  service('6', 'App Store ratings', 'Default', 'App Store', '12.50', 1, 1000, true, false),
];

function service(
  id: string,
  name: string,
  type: string,
  category: string,
  rate: string,
  min: number,
  max: number,
  refill: boolean,
  cancel: boolean,
): PanelService {
  return { service: id, name, type, category, rate, min, max, refill, cancel };
}

const DIGITS = /^\d{1,18}$/;
const MICRO = 1_000_000;

/** A decimal string as integer millionths (the stand-in's money; rates and balances have ≤ 6 decimals). */
function micros(decimal: string): number {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return Number(whole) * MICRO + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** Integer millionths as a panel writes money: at least 2 decimals, up to 5. */
function decimalOf(value: number): string {
  const hundredThousandths = Math.round(value / 10);
  const fraction = String(hundredThousandths % 100_000)
    .padStart(5, '0')
    .replace(/0{1,3}$/, '');
  return `${Math.floor(hundredThousandths / 100_000)}.${fraction}`;
}

class PanelError extends Error {}

/** Starts a stand-in panel on 127.0.0.1 (a free port). */
export async function startStandInPanel(options: StandInPanelOptions = {}): Promise<StandInPanel> {
  const key = options.key ?? 'stand-in-panel-key';
  const currency = options.currency ?? 'USD';
  const services = options.services ?? DEFAULT_SERVICES;
  const violations: string[] = [];
  const requests: StandInRequest[] = [];
  const orders = new Map<string, StandInOrder>();
  const refills = new Map<string, { order: string; status: 'Pending' | 'Completed' }>();
  const pendingSloppy: { kind: SloppyKind; errorText: string }[] = [];
  let balance = micros(options.balance ?? '1000.00');
  let nextOrder = 1001;
  let nextRefill = 501;

  const violate = (text: string) => {
    violations.push(text);
    return new PanelError(text);
  };

  function place(fields: {
    service: string;
    link: string;
    quantity: number;
    runs?: number | null;
    interval?: number | null;
    comments?: string[];
    keywords?: string | null;
  }): StandInOrder {
    const offer = services.find((each) => each.service === fields.service);
    if (!offer) throw new PanelError('Incorrect service ID');
    if (fields.quantity < offer.min) throw new PanelError(`Quantity less than minimal ${offer.min}`);
    if (fields.quantity > offer.max) throw new PanelError(`Quantity more than maximum ${offer.max}`);
    const charge = Math.round((micros(offer.rate) * fields.quantity) / 1000);
    if (charge > balance) throw new PanelError('Not enough funds on balance');
    balance -= charge;
    const order: StandInOrder = {
      order: String(nextOrder++),
      service: fields.service,
      link: fields.link,
      quantity: fields.quantity,
      runs: fields.runs ?? null,
      interval: fields.interval ?? null,
      comments: fields.comments ?? [],
      keywords: fields.keywords ?? null,
      status: 'Pending',
      remains: fields.quantity,
      start_count: 0,
      charge: decimalOf(charge),
    };
    orders.set(order.order, order);
    return order;
  }

  /** The `orders` field: comma-separated order ids, at most `PANEL_STATUS_BATCH`. */
  function orderList(raw: string | undefined): string[] {
    if (raw === undefined) throw violate('orders is missing');
    const ids = raw.split(',');
    if (!ids.every((id) => DIGITS.test(id))) throw violate(`orders is malformed: ${raw.slice(0, 80)}`);
    if (ids.length > PANEL_STATUS_BATCH)
      throw violate(`orders holds ${ids.length} ids (at most ${PANEL_STATUS_BATCH})`);
    return ids;
  }

  function required(fields: Record<string, string>, name: string, pattern?: RegExp): string {
    const value = fields[name];
    if (value === undefined || value === '') throw violate(`${fields.action}: ${name} is missing`);
    if (pattern && !pattern.test(value))
      throw violate(`${fields.action}: ${name} is malformed: ${value.slice(0, 80)}`);
    return value;
  }

  function optionalNumber(fields: Record<string, string>, name: string): number | null {
    if (fields[name] === undefined) return null;
    return Number(required(fields, name, DIGITS));
  }

  const statusOf = (order: StandInOrder, strings: boolean) => ({
    charge: order.charge,
    start_count: String(order.start_count),
    status: strings ? ` ${order.status.toLowerCase()} ` : order.status,
    remains: String(order.remains),
    currency,
  });

  /** The action's answer (as a panel writes it), or a PanelError with its `{error}` text. */
  function serve(fields: Record<string, string>, strings: boolean): unknown {
    switch (fields.action) {
      case 'services':
        return services.map((each) => ({
          ...each,
          service: strings ? each.service : Number(each.service),
          min: String(each.min),
          max: String(each.max),
          refill: strings ? (each.refill ? '1' : '0') : each.refill,
          cancel: strings ? (each.cancel ? 1 : 0) : each.cancel,
        }));
      case 'add': {
        const runs = optionalNumber(fields, 'runs');
        const interval = optionalNumber(fields, 'interval');
        if ((runs === null) !== (interval === null)) throw violate('add: runs and interval go together');
        const comments = fields.comments?.split('\n');
        if (comments?.some((line) => !line.trim())) throw violate('add: comments holds an empty line');
        const link = required(fields, 'link', /^https?:\/\/\S+$/);
        const order = place({
          service: required(fields, 'service', DIGITS),
          link,
          quantity: Number(required(fields, 'quantity', DIGITS)),
          runs,
          interval,
          ...(comments && { comments }),
          keywords: fields.keywords ?? null,
        });
        return { order: strings ? order.order : Number(order.order) };
      }
      case 'status': {
        if (fields.order !== undefined && fields.orders !== undefined)
          throw violate('status: both order and orders');
        if (fields.orders === undefined) {
          const order = orders.get(required(fields, 'order', DIGITS));
          if (!order) throw new PanelError('Incorrect order ID');
          return statusOf(order, strings);
        }
        return Object.fromEntries(
          orderList(fields.orders).map((id) => {
            const order = orders.get(id);
            return [id, order ? statusOf(order, strings) : { error: 'Incorrect order ID' }];
          }),
        );
      }
      case 'balance':
        return { balance: decimalOf(balance), currency };
      case 'refill': {
        const order = orders.get(required(fields, 'order', DIGITS));
        if (!order) throw new PanelError('Incorrect order ID');
        if (!services.find((each) => each.service === order.service)?.refill)
          throw new PanelError('Refill is disabled for this service');
        if (order.status !== 'Completed' && order.status !== 'Partial')
          throw new PanelError('Order is not completed yet');
        const refill = String(nextRefill++);
        refills.set(refill, { order: order.order, status: 'Pending' });
        return { refill: strings ? refill : Number(refill) };
      }
      case 'refill_status': {
        const refill = refills.get(required(fields, 'refill', DIGITS));
        if (!refill) throw new PanelError('Incorrect refill ID');
        return { status: refill.status };
      }
      case 'cancel': {
        const answers = orderList(fields.orders).map((id) => {
          const order = orders.get(id);
          if (!order) return { order: Number(id), cancel: { error: 'Incorrect order ID' } };
          if (!services.find((each) => each.service === order.service)?.cancel)
            return { order: Number(id), cancel: { error: 'Cancel is disabled for this service' } };
          if (order.status === 'Completed' || order.status === 'Partial' || order.status === 'Canceled')
            return { order: Number(id), cancel: { error: 'Order is already finished' } };
          order.status = order.remains < order.quantity ? 'Partial' : 'Canceled';
          return { order: Number(id), cancel: 1 };
        });
        // Older panels answer a map by order id instead of the list.
        return strings
          ? Object.fromEntries(answers.map((each) => [String(each.order), { cancel: each.cancel }]))
          : answers;
      }
      default:
        throw violate(`unknown action: ${String(fields.action).slice(0, 40)}`);
    }
  }

  function answer(res: ServerResponse, log: StandInRequest, status: number, body: string, type: string) {
    log.status = status;
    res.writeHead(status, { 'content-type': type }).end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const fields: Record<string, string> = {};
    for (const [name, value] of params) {
      if (name in fields) violations.push(`field ${name} sent twice`);
      fields[name] = value;
    }
    const { key: sentKey, ...logged } = fields;
    const log: StandInRequest = {
      method: req.method ?? '',
      action: fields.action ?? '',
      fields: logged,
      status: 0,
    };
    requests.push(log);
    if (req.method !== 'POST') violations.push(`method ${req.method}`);
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      violations.push(`content type ${req.headers['content-type'] ?? 'none'}`);

    const misbehave = pendingSloppy.shift();
    if (misbehave?.kind === 'hang') return;
    if (misbehave?.kind === 'html')
      return answer(res, log, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    if (misbehave?.kind === 'garbage') return answer(res, log, 200, '{"order": 10', 'application/json');
    if (misbehave?.kind === 'error')
      return answer(res, log, 200, JSON.stringify({ error: misbehave.errorText }), 'application/json');

    if (sentKey !== key) {
      violations.push('wrong key');
      return answer(res, log, 200, JSON.stringify({ error: 'Invalid API key' }), 'application/json');
    }
    let body: unknown;
    try {
      body = serve(fields, misbehave?.kind === 'strings');
    } catch (error) {
      if (!(error instanceof PanelError)) throw error;
      body = { error: error.message };
    }
    answer(res, log, 200, JSON.stringify(body), 'application/json');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push(`stand-in failure: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    key,
    violations,
    requests,
    orders,
    services,
    place,
    setOrder(order, patch) {
      const found = orders.get(order);
      if (!found) throw new Error(`stand-in panel: no order ${order}`);
      Object.assign(found, patch);
    },
    sloppy(kind, count = 1, errorText = 'Service temporarily unavailable') {
      for (let i = 0; i < count; i++) pendingSloppy.push({ kind, errorText });
    },
    balance: () => decimalOf(balance),
    setBalance(value) {
      balance = micros(value);
    },
    advance(units = Number.POSITIVE_INFINITY) {
      for (const order of orders.values()) {
        if (order.status !== 'Pending' && order.status !== 'In progress' && order.status !== 'Processing')
          continue;
        order.remains = Math.max(0, order.remains - Math.min(units, order.remains));
        order.status = order.remains === 0 ? 'Completed' : 'In progress';
      }
      for (const refill of refills.values()) refill.status = 'Completed';
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
