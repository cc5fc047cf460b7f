import { createHash } from 'node:crypto';
import { formatMoney, parseMoney } from '@storelift/shared';
import { sameSignature } from '../../../lib/signing.js';
import {
  SignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderNotice,
  type RawNotification,
} from '../payment-provider.js';
import { paymentUuid, readFields } from '../notification-fields.js';

export interface FondyOptions {
  merchantId: string;
  /** The merchant's payment key: signs requests and callbacks. */
  paymentKey: string;
  /** Default https://pay.fondy.eu. */
  apiUrl?: string | undefined;
}

export const FONDY_API_URL = 'https://pay.fondy.eu';
/** Fondy's published test merchant (its payment key is `test`): payments through it are never real. */
export const FONDY_TEST_MERCHANT = '1396424';

/**
 * Fondy's signature (protocol 1.0): SHA-1 (hex) of the payment key and the values of the non-empty
 * parameters sorted by name, joined with `|`; `signature` and `response_signature_string` are left out.
 */
export function fondySignature(paymentKey: string, params: Record<string, unknown>): string {
  const values = Object.keys(params)
    .filter((name) => name !== 'signature' && name !== 'response_signature_string')
    .sort()
    .map((name) => params[name])
    .filter((value) => value !== '' && value !== null && value !== undefined)
    .map(String);
  return createHash('sha1')
    .update([paymentKey, ...values].join('|'))
    .digest('hex');
}

const NOTICE_KINDS: Partial<Record<string, 'paid' | 'failed' | 'canceled' | 'refunded'>> = {
  approved: 'paid',
  declined: 'failed',
  expired: 'canceled',
  reversed: 'refunded',
};

/**
 * Fondy (system 33): an order's checkout URL (`POST /api/checkout/url/`, amount in cents, our payment's
 * uuid as `order_id`), the server callback (JSON or form) verified with the payment key.
 */
export class FondyProvider implements PaymentProvider {
  readonly name = 'fondy' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly apiUrl: string;

  constructor(private readonly options: FondyOptions) {
    this.mode = options.merchantId === FONDY_TEST_MERCHANT ? 'sandbox' : 'live';
    this.apiUrl = (options.apiUrl || FONDY_API_URL).replace(/\/+$/, '');
  }

  async createCheckout(request: CheckoutRequest) {
    const params: Record<string, string | number> = {
      merchant_id: Number(this.options.merchantId),
      order_id: request.uuid,
      order_desc: `Storelift balance top-up: ${request.amount} USD`,
      amount: Number(parseMoney(request.total) / 100n),
      currency: 'USD',
      // Fondy sends the browser back with a POST of the order's fields: the server's return route takes it.
      response_url: request.returnUrl,
      server_callback_url: request.callbackUrl,
      sender_email: request.email,
    };
    const response = await fetch(`${this.apiUrl}/api/checkout/url/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        request: { ...params, signature: fondySignature(this.options.paymentKey, params) },
      }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const answer = (response.ok ? JSON.parse(text) : {}) as {
      response?: { response_status?: string; checkout_url?: string; payment_id?: string | number };
    };
    const { response_status: status, checkout_url: url, payment_id: id } = answer.response ?? {};
    if (status !== 'success' || !url) {
      throw new Error(`Fondy refused the checkout (HTTP ${response.status}): ${text.slice(0, 300)}`);
    }
    return { url, providerRef: id === undefined ? null : String(id) };
  }

  /** Fondy has no call to end an unpaid order: it expires by itself (an `expired` callback). */
  async cancelCheckout() {}

  async readNotification({ rawBody, headers }: RawNotification): Promise<ProviderNotice> {
    const fields = readFields(rawBody, headers['content-type']);
    const given = fields?.signature;
    if (
      !fields ||
      typeof given !== 'string' ||
      String(fields.merchant_id) !== this.options.merchantId ||
      !sameSignature(fondySignature(this.options.paymentKey, fields), given)
    ) {
      throw new SignatureError();
    }
    const kind = NOTICE_KINDS[String(fields.order_status)];
    const uuid = paymentUuid(fields.order_id);
    if (!kind || !uuid) return { kind: 'ignored' };
    const cents = String(fields.amount ?? '');
    return {
      kind,
      payment: { uuid },
      amount: /^\d{1,12}$/.test(cents) ? formatMoney(BigInt(cents) * 100n) : null,
      currency: typeof fields.currency === 'string' ? fields.currency : null,
      details: fields.payment_id === undefined ? undefined : `Fondy ${String(fields.payment_id)}`,
    };
  }
}
