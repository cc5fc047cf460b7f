import { createHmac } from 'node:crypto';
import { sameSignature } from '../../../lib/signing.js';
import {
  SignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderNotice,
  type RawNotification,
} from '../payment-provider.js';
import { paymentUuid, readFields } from '../notification-fields.js';

export interface NowPaymentsOptions {
  /** The store's API key (header `x-api-key`). */
  apiKey: string;
  /** The IPN secret of the store's settings: signs the notifications. */
  ipnSecret: string;
  /** Default https://api.nowpayments.io; https://api-sandbox.nowpayments.io is their sandbox. */
  apiUrl?: string | undefined;
}

export const NOWPAYMENTS_API_URL = 'https://api.nowpayments.io';
export const NOWPAYMENTS_SIGNATURE_HEADER = 'x-nowpayments-sig';

/** Deeper than any IPN NOWPayments sends (theirs are two levels): such a body is refused unread, never recursed into. */
const MAX_DEPTH = 16;

/**
 * A notification's fields with the keys of every object sorted, as NOWPayments signs them. Arrays stay
 * arrays (their PHP and Python examples); their Node example turns an array into an object keyed "0", "1", …,
 * so `arraysAsObjects` gives that form too (a payment's `payment_extra_ids` is an array).
 */
function sortedKeys(value: unknown, arraysAsObjects: boolean, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new SignatureError();
  if (Array.isArray(value) && !arraysAsObjects) {
    return value.map((item) => sortedKeys(item, false, depth + 1));
  }
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sortedKeys(object[key], arraysAsObjects, depth + 1)]),
  );
}

/** The IPN signature: HMAC-SHA512 (hex) under the IPN secret of the body's JSON with its keys sorted. */
export function nowPaymentsSignature(ipnSecret: string, fields: unknown, arraysAsObjects = false): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortedKeys(fields, arraysAsObjects)))
    .digest('hex');
}

/** A JSON number (or numeric string) as exact decimal digits and their scale: 0.0125 → 125n, 4; 1e-7 → 1n, 7. */
function decimalOf(value: unknown): { digits: bigint; scale: number } | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(value));
  if (!match) return null;
  const [, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${whole}${fraction}`);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** Whole cents as a decimal string ("12.34"). */
const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/**
 * What a partial payment is worth in the price currency, in cents rounded down: the price times the share of
 * the quoted crypto amount that arrived (`actually_paid` / `pay_amount`), at most the price; null when the
 * notification does not carry the three numbers. (`actually_paid_at_fiat` is not used: NOWPayments' own
 * examples show it 0.)
 */
export function receivedShare(ipn: Record<string, unknown>): string | null {
  const price = decimalOf(ipn.price_amount);
  const paid = decimalOf(ipn.actually_paid);
  const quoted = decimalOf(ipn.pay_amount);
  if (!price || !paid || !quoted || quoted.digits === 0n) return null;
  // price × paid / quoted, in cents: every scale brought to a common denominator, so only integers are divided.
  const numerator = price.digits * paid.digits * 10n ** BigInt(quoted.scale) * 100n;
  const denominator = quoted.digits * 10n ** BigInt(price.scale + paid.scale);
  const priceCents = (price.digits * 100n) / 10n ** BigInt(price.scale);
  const cents = numerator / denominator;
  return centsText(cents < priceCents ? cents : priceCents);
}

/** What each IPN status means for our payment; `waiting` (nothing sent yet) is not listed: ignored. */
const NOTICE_KINDS: Partial<Record<string, 'paid' | 'received' | 'canceled' | 'failed' | 'refunded'>> = {
  // The coins are on the chain, being confirmed, exchanged or sent on to the store's wallet.
  confirming: 'received',
  confirmed: 'received',
  sending: 'received',
  finished: 'paid',
  partially_paid: 'paid',
  failed: 'failed',
  expired: 'canceled',
  refunded: 'refunded',
};

/**
 * NOWPayments (system 35, the crypto processor): an invoice (`POST /v1/invoice`, price in USD, our payment's
 * uuid as `order_id`) whose `invoice_url` is NOWPayments' hosted page where the customer picks a coin; IPN
 * notifications to our callback, verified with the IPN secret. NOWPayments waits for the chain's
 * confirmations itself: `finished` credits the price, `partially_paid` (final: less arrived than quoted)
 * credits the share that arrived, the difference shown; `expired` and `failed` cancel. A re-deposit (a later
 * transfer to the same address, `parent_payment_id` set) is left to staff, as NOWPayments advises.
 */
export class NowPaymentsProvider implements PaymentProvider {
  readonly name = 'nowpayments' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly apiUrl: string;

  constructor(private readonly options: NowPaymentsOptions) {
    this.apiUrl = (options.apiUrl || NOWPAYMENTS_API_URL).replace(/\/+$/, '');
    // Money is real only at NOWPayments' own API; their sandbox (api-sandbox.…) or any other origin is not.
    this.mode = this.apiUrl === NOWPAYMENTS_API_URL ? 'live' : 'sandbox';
  }

  async createCheckout(request: CheckoutRequest) {
    const response = await fetch(`${this.apiUrl}/v1/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.options.apiKey },
      body: JSON.stringify({
        // A JSON number, as the invoice call takes it: a total of at most 4 decimals prints back exactly.
        price_amount: Number(request.total),
        price_currency: 'usd',
        order_id: request.uuid,
        order_description: `Storelift balance top-up: ${request.amount} USD`,
        ipn_callback_url: request.callbackUrl,
        success_url: request.resultUrl,
        partially_paid_url: request.resultUrl,
        cancel_url: `${request.returnUrl}?canceled=1`,
      }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const invoice = response.ok ? readFields(text, 'application/json') : null;
    const url = invoice?.invoice_url;
    if (!invoice || typeof url !== 'string' || !/^https?:\/\//.test(url) || invoice.id == null) {
      throw new Error(`NOWPayments refused the invoice (HTTP ${response.status}): ${text.slice(0, 300)}`);
    }
    return { url, providerRef: String(invoice.id) };
  }

  /** NOWPayments has no call to end an invoice: an unpaid one expires by itself (its IPN says `expired`). */
  async cancelCheckout() {}

  async readNotification({ rawBody, headers }: RawNotification): Promise<ProviderNotice> {
    const given = headers[NOWPAYMENTS_SIGNATURE_HEADER] ?? '';
    const ipn = readFields(rawBody, 'application/json');
    const signed =
      ipn !== null &&
      given !== '' &&
      [false, true].some((arraysAsObjects) =>
        sameSignature(nowPaymentsSignature(this.options.ipnSecret, ipn, arraysAsObjects), given),
      );
    if (!ipn || !signed) throw new SignatureError();
    const kind = NOTICE_KINDS[String(ipn.payment_status)];
    const uuid = paymentUuid(ipn.order_id);
    const redeposit = ipn.parent_payment_id !== null && ipn.parent_payment_id !== undefined;
    if (!kind || !uuid || redeposit) return { kind: 'ignored' };
    const currency = typeof ipn.price_currency === 'string' ? ipn.price_currency.toUpperCase() : null;
    const details = `NOWPayments ${String(ipn.payment_id ?? '')}`.trim();
    if (kind !== 'paid') return { kind, payment: { uuid }, amount: null, currency, details };
    const amount = ipn.payment_status === 'finished' ? decimalText(ipn.price_amount) : receivedShare(ipn);
    // A partial payment whose worth cannot be read is left received, for staff to settle.
    if (amount === null) return { kind: 'received', payment: { uuid }, amount: null, currency, details };
    return { kind, payment: { uuid }, amount, currency, creditReceived: true, details };
  }

  /** NOWPayments only needs a 2xx within 3 s. */
  acknowledgement() {
    return { contentType: 'application/json', body: JSON.stringify({ received: true }) };
  }
}

/** A JSON number as plain decimal text (no exponent), or null when it is not a non-negative number. */
function decimalText(value: unknown): string | null {
  const decimal = decimalOf(value);
  if (!decimal) return null;
  const text = decimal.digits.toString().padStart(decimal.scale + 1, '0');
  return decimal.scale === 0 ? text : `${text.slice(0, -decimal.scale)}.${text.slice(-decimal.scale)}`;
}
