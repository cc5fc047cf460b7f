import { randomBytes } from 'node:crypto';
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
import { timestampNonceHmac, tradeNoOf } from '../exchange-signing.js';

export interface GatePayOptions {
  /** The app's ClientId (header `X-GatePay-Certificate-ClientId`). */
  clientId: string;
  /** The Payment API Secret: signs our requests and Gate Pay's callbacks. */
  apiKey: string;
  /** Default https://openplatform.gateapi.io. */
  apiUrl?: string | undefined;
}

export const GATE_PAY_API_URL = 'https://openplatform.gateapi.io';

export const GATE_PAY_HEADERS = {
  clientId: 'x-gatepay-certificate-clientid',
  timestamp: 'x-gatepay-timestamp',
  nonce: 'x-gatepay-nonce',
  signature: 'x-gatepay-signature',
} as const;

/** Gate Pay's signature: HMAC-SHA512 (hex) of "timestamp\nnonce\nbody\n" under the Payment API Secret. */
export const gatePaySignature = timestampNonceHmac;

/** Gate Pay takes at most 32 characters of order number. */
export const gatePayTradeNo = tradeNoOf;

const NOTICE_KINDS: Partial<Record<string, 'paid' | 'failed' | 'canceled'>> = {
  PAY_SUCCESS: 'paid',
  PAY_ERROR: 'failed',
  PAY_CLOSE: 'canceled',
};

/**
 * Gate Pay (system 32, the second crypto exchange): a prepay order (`POST /v1/pay/order`, terminal WEB) priced
 * in USDT at one USDT per dollar, whose `location` is Gate's hosted cashier; requests and callbacks signed with
 * HMAC-SHA512. Callbacks of `bizType` PAY credit on `PAY_SUCCESS` (the exchange has settled the transfer: no
 * chain confirmations to wait for); `PAY_CLOSE` cancels, `PAY_ERROR` fails.
 */
export class GatePayProvider implements PaymentProvider {
  readonly name = 'gate-pay' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly apiUrl: string;

  constructor(private readonly options: GatePayOptions) {
    this.apiUrl = (options.apiUrl || GATE_PAY_API_URL).replace(/\/+$/, '');
    // Money is real only at Gate's own origin; any other (a test environment, a stand-in) is a sandbox.
    this.mode = this.apiUrl === GATE_PAY_API_URL ? 'live' : 'sandbox';
  }

  /** A signed POST of a JSON body; answers `data` of a `SUCCESS` answer, throws on anything else. */
  private async call(path: string, payload: object): Promise<Record<string, unknown>> {
    const body = JSON.stringify(payload);
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const response = await fetch(`${this.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [GATE_PAY_HEADERS.clientId]: this.options.clientId,
        [GATE_PAY_HEADERS.timestamp]: timestamp,
        [GATE_PAY_HEADERS.nonce]: nonce,
        [GATE_PAY_HEADERS.signature]: gatePaySignature(this.options.apiKey, timestamp, nonce, body),
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    // An answer that is no JSON object (an HTML error page) is a refusal like any other.
    const answer = ((response.ok && readFields(text, 'application/json')) || {}) as {
      status?: string;
      data?: unknown;
    };
    if (answer.status !== 'SUCCESS' || !answer.data || typeof answer.data !== 'object') {
      throw new Error(`Gate Pay refused ${path} (HTTP ${response.status}): ${text.slice(0, 300)}`);
    }
    return answer.data as Record<string, unknown>;
  }

  async createCheckout(request: CheckoutRequest) {
    const data = await this.call('/v1/pay/order', {
      merchantTradeNo: gatePayTradeNo(request.uuid),
      env: { terminalType: 'WEB' },
      currency: 'USDT',
      // Gate takes at most 2 decimals here.
      orderAmount: centsText(parseMoney(request.total)),
      goods: {
        goodsName: 'Storelift balance top-up',
        goodsDetail: `${centsText(parseMoney(request.amount))} USD`,
      },
      returnUrl: request.resultUrl,
      cancelUrl: `${request.returnUrl}?canceled=1`,
    });
    const { prepayId, location } = data;
    if (typeof location !== 'string' || !/^https?:\/\//.test(location)) {
      throw new Error('Gate Pay answered an order without a cashier location');
    }
    return { url: location, providerRef: prepayId === undefined ? null : String(prepayId) };
  }

  /** Closes the unpaid prepay order (`POST /v1/pay/order/close`). */
  async cancelCheckout(prepayId: string) {
    await this.call('/v1/pay/order/close', { prepayId });
  }

  async readNotification({ rawBody, headers }: RawNotification): Promise<ProviderNotice> {
    const timestamp = headers[GATE_PAY_HEADERS.timestamp] ?? '';
    const nonce = headers[GATE_PAY_HEADERS.nonce] ?? '';
    // Hex either case: compared as the lower case we compute.
    const given = (headers[GATE_PAY_HEADERS.signature] ?? '').toLowerCase();
    if (
      !timestamp ||
      !sameSignature(gatePaySignature(this.options.apiKey, timestamp, nonce, rawBody), given)
    ) {
      throw new SignatureError();
    }
    const envelope = readFields(rawBody, 'application/json');
    const kind = envelope?.bizType === 'PAY' ? NOTICE_KINDS[String(envelope.bizStatus)] : undefined;
    // `data` is the order as a JSON string.
    const order =
      kind && typeof envelope?.data === 'string' ? readFields(envelope.data, 'application/json') : null;
    const uuid = paymentUuid(order?.merchantTradeNo);
    if (!kind || !order || !uuid) return { kind: 'ignored' };
    return {
      kind,
      payment: { uuid },
      amount: typeof order.orderAmount === 'string' ? order.orderAmount : null,
      // The order was priced in USDT at one a dollar: USDT is dollars here; any other currency stays itself.
      currency:
        order.currency === 'USDT' ? 'USD' : typeof order.currency === 'string' ? order.currency : null,
      // Crypto: what arrived is credited, with any difference shown.
      creditReceived: true,
      details: `Gate Pay ${String(envelope?.bizId ?? '')}`.trim(),
    };
  }

  acknowledgement() {
    return {
      contentType: 'application/json',
      body: JSON.stringify({ returnCode: 'SUCCESS', returnMessage: '' }),
    };
  }
}
