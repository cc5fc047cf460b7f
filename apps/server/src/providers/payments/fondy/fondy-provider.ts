import { createHash } from 'node:crypto';
import { centsText, formatMoney, parseMoney } from '@storelift/shared';
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
      order_desc: `Storelift balance top-up: ${centsText(parseMoney(request.amount))} USD`,
      amount: Number(parseMoney(request.total) / 100n),
      currency: 'USD',
      // Fondy sends the browser back with a POST of the order's fields: the server's return route takes it.
      response_url: request.returnUrl,
      server_callback_url: request.callbackUrl,
      sender_email: request.email,
    };
    const answer = await this.call('/api/checkout/url/', params);
    const { checkout_url: url, payment_id: id } = answer;
    if (typeof url !== 'string' || !url) throw new Error('Fondy answered a checkout without its URL');
    return { url, providerRef: id === undefined ? null : String(id) };
  }

  /**
   * Reverses the whole order (`POST /api/reverse/order_id`, amount in cents); `reverse_id` is the payment's
   * uuid, so a retried refund is not a second one. The answer's transaction is the refund id.
   */
  async refund(payment: { uuid: string; total: string }) {
    const answer = await this.call('/api/reverse/order_id', {
      merchant_id: Number(this.options.merchantId),
      order_id: payment.uuid,
      amount: Number(parseMoney(payment.total) / 100n),
      currency: 'USD',
      reverse_id: payment.uuid,
    });
    if (answer.reverse_status !== 'approved') {
      throw new Error(`Fondy did not approve the reversal: ${String(answer.reverse_status)}`);
    }
    return { refundId: String(answer.transaction_id ?? payment.uuid) };
  }

  /**
   * A signed JSON request; answers `response` of a `success` answer whose own signature (when it carries one)
   * verifies, throws otherwise.
   */
  private async call(
    path: string,
    params: Record<string, string | number>,
  ): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        request: { ...params, signature: fondySignature(this.options.paymentKey, params) },
      }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    // An answer that is no JSON object (an HTML error page) is a refusal like any other.
    const body = (response.ok && readFields(text, 'application/json')) || {};
    const answer = (typeof body.response === 'object' && body.response ? body.response : {}) as Record<
      string,
      unknown
    >;
    const signed =
      typeof answer.signature !== 'string' ||
      sameSignature(fondySignature(this.options.paymentKey, answer), answer.signature);
    if (answer.response_status !== 'success' || !signed) {
      throw new Error(`Fondy refused ${path} (HTTP ${response.status}): ${text.slice(0, 300)}`);
    }
    return answer;
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
