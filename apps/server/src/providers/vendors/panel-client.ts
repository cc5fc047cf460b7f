import {
  PUBLIC_ONLY,
  UnsafeUrlError,
  publicRequest,
  type OutboundAnswer,
  type OutboundPolicy,
} from '../../lib/public-url.js';
import { VENDOR_TIMEOUT_MS } from './http-vendor.js';
import {
  PANEL_STATUSES,
  PANEL_STATUS_BATCH,
  type PanelAddRequest,
  type PanelCall,
  type PanelClient,
  type PanelOrderStatus,
  type PanelService,
  type PanelStatus,
  type PanelStatusMap,
} from './panel-protocol.js';
import { VendorRejectedError, VendorUnreachableError } from './vendor-provider.js';

export interface HttpPanelClientOptions {
  /** The panel's API URL (the vendor's `api_url`), posted to as it is. */
  url: string;
  key: string;
  timeoutMs?: number | undefined;
  /** Which addresses may be called (OUTBOUND_ALLOW, tests; default public only). */
  policy?: OutboundPolicy | undefined;
  /** Called once per call, whatever its outcome, so the caller can log it. */
  onCall?: ((call: PanelCall) => void) | undefined;
}

/** The longest panel text kept in an error. */
const MAX_TEXT = 500;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const WHOLE = /^-?\d{1,15}$/;
const ID = /^[\x21-\x7e]{1,100}$/;
const DECIMAL = /^(-?)(\d{0,15})(?:\.(\d{1,12}))?$/;

/** An answer that is not the protocol's shape: the panel is treated as unreachable. */
class Unreadable extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A panel's text as we keep it: control characters stripped, cut to 500 characters. */
function cleanText(value: unknown): string {
  const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
    .replace(CONTROL, '')
    .trim();
  return text.slice(0, MAX_TEXT);
}

/** An id or count as panels write it: a number or a string of digits. */
function wholeOf(value: unknown, what: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!WHOLE.test(text)) throw new Unreadable(`${what} is not a whole number`);
  return Number(text);
}

/** An order, service or refill id: a whole number, or up to 100 printable characters (it is stored as it is). */
function idOf(value: unknown, what: string): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text === 'string' && ID.test(text.trim())) return text.trim();
  throw new Unreadable(`${what} is not an id`);
}

/**
 * Money as a decimal string, read by its text (never through a float): `"0.50"` stays `"0.50"`, `".5"` becomes
 * `"0.5"`, `"007.10"` `"7.10"`. A JSON number is taken by its shortest spelling.
 */
function decimalOf(value: unknown, what: string, negative = false): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = DECIMAL.exec(text);
  if (!match || (match[1] && !negative) || (!match[2] && !match[3]))
    throw new Unreadable(`${what} is not a decimal`);
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const sign = match[1] && /[1-9]/.test(text) ? '-' : '';
  return `${sign}${whole}${match[3] ? `.${match[3]}` : ''}`;
}

/** A flag as panels write it: true/false, 1/0, "1"/"0", "true"/"false"; absent is false. */
function flagOf(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const text = String(value).trim().toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false' || text === '') return false;
  throw new Unreadable('a flag is not 1/0 or true/false');
}

/** A status matched to the protocol's, whatever its case and surrounding spaces. */
function statusOf(value: unknown): PanelStatus {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const status = PANEL_STATUSES.find((each) => each.toLowerCase() === text);
  if (!status) throw new Unreadable(`unknown status ${cleanText(value).slice(0, 40)}`);
  return status;
}

/** Present and not blank. */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function orderStatusOf(value: unknown): PanelOrderStatus {
  if (!isObject(value)) throw new Unreadable('a status is not an object');
  return {
    charge: given(value.charge) ? decimalOf(value.charge, 'charge') : null,
    start_count: given(value.start_count) ? Math.max(0, wholeOf(value.start_count, 'start_count')) : null,
    status: statusOf(value.status),
    // Panels report a negative remainder when they delivered more than ordered.
    remains: Math.max(0, wholeOf(value.remains ?? 0, 'remains')),
    currency: given(value.currency) ? cleanText(value.currency).slice(0, 10) : null,
  };
}

function serviceOf(value: unknown): PanelService {
  if (!isObject(value)) throw new Unreadable('a service is not an object');
  return {
    service: idOf(value.service, 'service'),
    name: cleanText(value.name ?? ''),
    type: cleanText(value.type ?? 'Default'),
    category: cleanText(value.category ?? ''),
    rate: decimalOf(value.rate, 'rate'),
    min: wholeOf(value.min, 'min'),
    max: wholeOf(value.max, 'max'),
    refill: flagOf(value.refill),
    cancel: flagOf(value.cancel),
  };
}

/** One order's answer to `cancel`: a number or flag (canceled), `{error}`, or either wrapped in `{cancel}`. */
function cancelOf(value: unknown): { ok: true } | { error: string } {
  const answer = isObject(value) && 'cancel' in value ? value.cancel : value;
  if (isObject(answer) && given(answer.error)) return { error: cleanText(answer.error) };
  if (answer === true || (typeof answer === 'number' && answer > 0)) return { ok: true };
  if (typeof answer === 'string' && /^\s*[1-9]\d*\s*$/.test(answer)) return { ok: true };
  if (answer === false || answer === 0 || answer === '0')
    return { error: 'The panel did not cancel the order' };
  throw new Unreadable('a cancel answer is unreadable');
}

/** The answer's entries for the orders asked about, read by `read` (orders it leaves out are left out; others ignored). */
function answeredFor<T>(orders: string[], byOrder: Json, read: (entry: unknown) => T): Record<string, T> {
  return Object.fromEntries(
    orders.filter((order) => Object.hasOwn(byOrder, order)).map((order) => [order, read(byOrder[order])]),
  );
}

/** At most `PANEL_STATUS_BATCH` order ids, none with a comma. */
function orderListOf(orders: string[]): string {
  if (orders.length > PANEL_STATUS_BATCH)
    throw new RangeError(`At most ${PANEL_STATUS_BATCH} orders per call (${orders.length} given)`);
  if (orders.some((order) => !order || order.includes(',')))
    throw new RangeError('An order id is empty or holds a comma');
  return orders.join(',');
}

/**
 * A vendor's panel over the resellers' panel protocol (README.md, Panel protocol): each call a form POST of
 * `key`, `action` and the action's fields to the panel's URL, a public address only (checked on each call,
 * redirects not followed), within `VENDOR_TIMEOUT_MS`. Answers are read as panels write them (numbers as
 * strings, flags as 1/0, statuses in any case); `{error}` from a 2xx or 4xx answer rejects with the panel's
 * text; anything else unreadable, a 5xx, a network error or the timeout is unreachable. The key is never in an
 * error or a call log entry.
 */
export class HttpPanelClient implements PanelClient {
  constructor(private readonly options: HttpPanelClientOptions) {}

  async services(): Promise<PanelService[]> {
    return this.call('services', {}, (body) => {
      if (!Array.isArray(body)) throw new Unreadable('the services answer is not a list');
      // One odd entry (a panel's half-configured service) must not hide the others: it is left out.
      return body.flatMap((entry) => {
        try {
          return [serviceOf(entry)];
        } catch (error) {
          if (error instanceof Unreadable) return [];
          throw error;
        }
      });
    });
  }

  async add(request: PanelAddRequest): Promise<{ order: string }> {
    const fields: Record<string, string> = {
      service: request.service,
      link: request.link,
      quantity: String(request.quantity),
    };
    if (request.runs !== undefined) fields.runs = String(request.runs);
    if (request.interval !== undefined) fields.interval = String(request.interval);
    if (request.comments?.length) fields.comments = request.comments.join('\n');
    if (request.keywords !== undefined) fields.keywords = request.keywords;
    return this.call('add', fields, (body) => ({ order: idOf(isObject(body) && body.order, 'order') }));
  }

  async status(order: string): Promise<PanelOrderStatus> {
    return this.call('status', { order }, orderStatusOf);
  }

  async statuses(orders: string[]): Promise<PanelStatusMap> {
    const list = orderListOf(orders);
    if (!orders.length) return {};
    return this.call('status', { orders: list }, (body) => {
      if (!isObject(body)) throw new Unreadable('the statuses answer is not a map');
      // An entry that cannot be read makes the whole batch unreadable: no order moves on a guess.
      return answeredFor(orders, body, (entry) =>
        isObject(entry) && given(entry.error) ? { error: cleanText(entry.error) } : orderStatusOf(entry),
      );
    });
  }

  async balance(): Promise<{ balance: string; currency: string }> {
    return this.call('balance', {}, (body) => {
      if (!isObject(body)) throw new Unreadable('the balance answer is not an object');
      return {
        balance: decimalOf(body.balance, 'balance', true),
        currency: given(body.currency) ? cleanText(body.currency).slice(0, 10) : '',
      };
    });
  }

  async refill(order: string): Promise<{ refill: string }> {
    return this.call('refill', { order }, (body) => ({
      refill: idOf(isObject(body) && body.refill, 'refill'),
    }));
  }

  async refillStatus(refill: string): Promise<{ status: string }> {
    return this.call('refill_status', { refill }, (body) => {
      if (!isObject(body) || !given(body.status)) throw new Unreadable('the refill status is missing');
      return { status: cleanText(body.status) };
    });
  }

  async cancel(orders: string[]): Promise<Record<string, { ok: true } | { error: string }>> {
    const list = orderListOf(orders);
    if (!orders.length) return {};
    return this.call('cancel', { orders: list }, (body) => {
      // Panels answer a list of `{order, cancel}`, or (older ones) a map by order id.
      const byOrder = Array.isArray(body)
        ? Object.fromEntries(
            body.map((entry) => {
              if (!isObject(entry)) throw new Unreadable('a cancel answer is not an object');
              return [idOf(entry.order, 'order'), entry];
            }),
          )
        : body;
      if (!isObject(byOrder)) throw new Unreadable('the cancel answer is unreadable');
      return answeredFor(orders, byOrder, cancelOf);
    });
  }

  /** Posts one action, reads its answer with `read`, and reports the call to `onCall`. */
  private async call<T>(
    action: string,
    fields: Record<string, string>,
    read: (body: unknown) => T,
  ): Promise<T> {
    const started = performance.now();
    const report = (outcome: PanelCall['outcome'], error?: string) =>
      this.options.onCall?.({
        action,
        latency_ms: Math.round(performance.now() - started),
        outcome,
        ...(error !== undefined && { error }),
      });
    try {
      const body = await this.post(action, fields);
      let result: T;
      try {
        result = read(body);
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        throw new VendorUnreachableError(`The panel answered ${action} unreadably: ${error.message}`);
      }
      report('ok');
      return result;
    } catch (error) {
      if (error instanceof VendorRejectedError) report('refused', error.message);
      else if (error instanceof VendorUnreachableError) report('unreachable', error.message);
      throw error;
    }
  }

  /** The answer's JSON; throws the panel's `{error}` as a refusal and anything unreadable as unreachable. */
  private async post(action: string, fields: Record<string, string>): Promise<unknown> {
    const { key } = this.options;
    let res: OutboundAnswer;
    try {
      res = await publicRequest(this.options.url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key, action, ...fields }).toString(),
        timeoutMs: this.options.timeoutMs ?? VENDOR_TIMEOUT_MS,
        policy: this.options.policy ?? PUBLIC_ONLY,
      });
    } catch (error) {
      // Our own wording only: the request (and its key) never reaches an error.
      if (error instanceof UnsafeUrlError)
        throw new VendorRejectedError(`The panel's API address is refused: ${error.message}`);
      throw new VendorUnreachableError('The panel is unreachable (no answer)');
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
    // A 429 is the panel's rate limit: tried again later, like a 5xx.
    if (res.status >= 200 && res.status < 500 && res.status !== 429 && isObject(body) && given(body.error)) {
      // A panel may echo what it was sent: the key is blanked out of its text (a real key, not a letter or two).
      const raw = typeof body.error === 'string' ? body.error : JSON.stringify(body.error);
      const text = cleanText(key.length >= 8 ? raw.split(key).join('***') : raw);
      throw new VendorRejectedError(text || 'The panel refused the request');
    }
    if (res.status < 200 || res.status >= 300)
      throw new VendorUnreachableError(`The panel answered HTTP ${res.status}`);
    if (body === undefined) throw new VendorUnreachableError('The panel answered something other than JSON');
    return body;
  }
}
