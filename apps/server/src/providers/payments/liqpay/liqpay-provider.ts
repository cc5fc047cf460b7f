import { createHash } from 'node:crypto';
import { centsText, parseMoney } from '@storelift/shared';
import { sameSignature } from '../../../lib/signing.js';
import {
  SignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderNotice,
  type RawNotification,
} from '../payment-provider.js';
import { paymentUuid, readFields } from '../notification-fields.js';

export interface LiqPayOptions {
  publicKey: string;
  privateKey: string;
  /** Default https://www.liqpay.ua. */
  apiUrl?: string | undefined;
}

export const LIQPAY_API_URL = 'https://www.liqpay.ua';

/** LiqPay's signature of a `data` string: base64 of the binary SHA-1 of private key + data + private key. */
export function liqpaySignature(privateKey: string, data: string): string {
  return createHash('sha1').update(`${privateKey}${data}${privateKey}`).digest('base64');
}

/** A request's `data`: base64 of its JSON. */
export const liqpayData = (params: object) => Buffer.from(JSON.stringify(params)).toString('base64');

/** What a callback's final status means; statuses still waiting for the payer (3ds_verify, wait_…) are ignored. */
const NOTICE_KINDS: Partial<Record<string, 'paid' | 'failed' | 'refunded'>> = {
  success: 'paid',
  failure: 'failed',
  error: 'failed',
  reversed: 'refunded',
};

/**
 * LiqPay checkout (system 14), API version 3: the customer is sent to `GET {api}/api/3/checkout?data=…&signature=…`
 * (action `pay`, our payment's uuid as `order_id`); the server callback posts `data` and `signature` as a form,
 * verified the same way. Sandbox keys (`sandbox_…`) mark the requests `sandbox: 1` and credit the `sandbox`
 * status; a live merchant never credits it.
 */
export class LiqPayProvider implements PaymentProvider {
  readonly name = 'liqpay' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly apiUrl: string;

  constructor(private readonly options: LiqPayOptions) {
    this.mode = options.publicKey.startsWith('sandbox_') ? 'sandbox' : 'live';
    this.apiUrl = (options.apiUrl || LIQPAY_API_URL).replace(/\/+$/, '');
  }

  /** The checkout link carries the signed request: LiqPay's page takes it by GET as by POST (no call of ours). */
  async createCheckout(request: CheckoutRequest) {
    const data = liqpayData({
      version: 3,
      public_key: this.options.publicKey,
      action: 'pay',
      // A decimal string, as LiqPay's own example sends it: no float on the way.
      amount: centsText(parseMoney(request.total)),
      currency: 'USD',
      description: `Storelift balance top-up: ${centsText(parseMoney(request.amount))} USD`,
      order_id: request.uuid,
      // LiqPay may bring the browser back with a POST of data and signature: the server's return route takes both.
      result_url: request.returnUrl,
      server_url: request.callbackUrl,
      ...(this.mode === 'sandbox' && { sandbox: 1 }),
    });
    const query = new URLSearchParams({ data, signature: liqpaySignature(this.options.privateKey, data) });
    // LiqPay knows the payment by our order_id (status, refund): it is the provider's reference.
    return { url: `${this.apiUrl}/api/3/checkout?${query.toString()}`, providerRef: request.uuid };
  }

  /** Refunds a payment to the payer's card (`POST /api/request`, action `refund`, the whole total). */
  async refund(payment: { providerRef: string; total: string }) {
    const data = liqpayData({
      action: 'refund',
      version: 3,
      public_key: this.options.publicKey,
      order_id: payment.providerRef,
      amount: centsText(parseMoney(payment.total)),
    });
    const response = await fetch(`${this.apiUrl}/api/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        data,
        signature: liqpaySignature(this.options.privateKey, data),
      }).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const answer = ((response.ok && readFields(text, 'application/json')) || {}) as {
      result?: string;
      status?: string;
      payment_id?: unknown;
    };
    if (answer.result !== 'ok' || answer.status !== 'reversed') {
      throw new Error(`LiqPay refused the refund (HTTP ${response.status}): ${text.slice(0, 300)}`);
    }
    return { refundId: String(answer.payment_id ?? payment.providerRef) };
  }

  /** LiqPay has no call to end an unpaid checkout: it simply never completes. */
  async cancelCheckout() {}

  async readNotification({ rawBody }: RawNotification): Promise<ProviderNotice> {
    const form = new URLSearchParams(rawBody);
    const data = form.get('data') ?? '';
    const given = form.get('signature') ?? '';
    if (!data || !sameSignature(liqpaySignature(this.options.privateKey, data), given)) {
      throw new SignatureError();
    }
    const fields = readFields(Buffer.from(data, 'base64').toString('utf8'), 'application/json');
    if (!fields) return { kind: 'ignored' };
    const status = String(fields.status);
    const kind = status === 'sandbox' && this.mode === 'sandbox' ? 'paid' : NOTICE_KINDS[status];
    const uuid = paymentUuid(fields.order_id);
    if (!kind || !uuid || fields.public_key !== this.options.publicKey) return { kind: 'ignored' };
    const amount =
      typeof fields.amount === 'number' || typeof fields.amount === 'string' ? String(fields.amount) : null;
    return {
      kind,
      payment: { uuid },
      amount,
      currency: typeof fields.currency === 'string' ? fields.currency : null,
      details: fields.payment_id === undefined ? undefined : `LiqPay ${String(fields.payment_id)}`,
    };
  }
}
