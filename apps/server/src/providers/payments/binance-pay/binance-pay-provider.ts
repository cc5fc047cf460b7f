import { createPublicKey, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import {
  SignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderNotice,
  type RawNotification,
} from '../payment-provider.js';
import { paymentUuid, readFields } from '../notification-fields.js';
import { timestampNonceHmac, timestampNoncePayload, tradeNoOf } from '../exchange-signing.js';

export interface BinancePayOptions {
  /** The merchant API key: header `BinancePay-Certificate-SN` of our requests. */
  apiKey: string;
  /** The merchant secret key: signs our requests. */
  secret: string;
  /** Default https://bpay.binanceapi.com. */
  apiUrl?: string | undefined;
}

export const BINANCE_PAY_API_URL = 'https://bpay.binanceapi.com';

/** Header names, lower-case as requests arrive (Binance writes `BinancePay-Timestamp`, …). */
export const BINANCE_PAY_HEADERS = {
  certificateSn: 'binancepay-certificate-sn',
  timestamp: 'binancepay-timestamp',
  nonce: 'binancepay-nonce',
  signature: 'binancepay-signature',
} as const;

/** The payload Binance Pay signs, ours and theirs alike: "timestamp\nnonce\nbody\n". */
export const binancePayPayload = timestampNoncePayload;

/** Our request signature: HMAC-SHA512 of the payload under the secret key, upper-case hex. */
export const binancePaySignature = (secret: string, timestamp: string, nonce: string, body: string) =>
  timestampNonceHmac(secret, timestamp, nonce, body).toUpperCase();

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A request nonce: 32 random letters, as Binance Pay asks. */
export const binancePayNonce = () =>
  Array.from(randomBytes(32), (byte) => LETTERS[byte % LETTERS.length]).join('');

/** A merchantTradeNo is at most 32 letters or digits. */
export const binancePayTradeNo = tradeNoOf;

const NOTICE_KINDS: Partial<Record<string, 'paid' | 'canceled'>> = {
  PAY_SUCCESS: 'paid',
  PAY_CLOSED: 'canceled',
};

/** A serial not among the cached keys fetches the certificates again, at most this often (a forged serial
 * cannot make us call Binance for each notification; Binance retries a refused notification later). */
const CERTIFICATE_REFRESH_MS = 30_000;

/**
 * Binance Pay (system 13, the crypto exchange): a merchant order (`POST /binancepay/openapi/v3/order`, terminal
 * WEB) priced in USDT at one USDT per dollar, whose `checkoutUrl` is Binance's hosted checkout; our requests are
 * signed with HMAC-SHA512. Webhooks are signed by Binance with RSA (SHA256withRSA, base64) and verified with the
 * public key of the serial they name, from the certificates call (cached per serial, fetched again when a
 * notification names a serial we do not hold). `bizType` PAY: `PAY_SUCCESS` credits (the exchange has settled
 * the transfer: no chain confirmations to wait for), `PAY_CLOSED` cancels.
 */
export class BinancePayProvider implements PaymentProvider {
  readonly name = 'binance-pay' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly apiUrl: string;
  /** Binance's webhook keys by certificate serial. */
  private keys = new Map<string, KeyObject>();
  private keysFetch: Promise<void> | null = null;
  private keysFetchedAt = 0;

  constructor(private readonly options: BinancePayOptions) {
    this.apiUrl = (options.apiUrl || BINANCE_PAY_API_URL).replace(/\/+$/, '');
    // Binance Pay has no public sandbox: money is real at its API only; any other origin is a stand-in.
    this.mode = this.apiUrl === BINANCE_PAY_API_URL ? 'live' : 'sandbox';
  }

  /** A signed POST of a JSON body; answers `data` of a `SUCCESS` answer, throws on anything else. */
  private async call(path: string, payload: object): Promise<unknown> {
    const body = JSON.stringify(payload);
    const timestamp = String(Date.now());
    const nonce = binancePayNonce();
    const response = await fetch(`${this.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'BinancePay-Timestamp': timestamp,
        'BinancePay-Nonce': nonce,
        'BinancePay-Certificate-SN': this.options.apiKey,
        'BinancePay-Signature': binancePaySignature(this.options.secret, timestamp, nonce, body),
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const answer = response.ok ? readFields(text, 'application/json') : null;
    if (answer?.status !== 'SUCCESS' || answer.data === undefined || answer.data === null) {
      throw new Error(`Binance Pay refused ${path} (HTTP ${response.status}): ${text.slice(0, 300)}`);
    }
    return answer.data;
  }

  async createCheckout(request: CheckoutRequest) {
    const data = (await this.call('/binancepay/openapi/v3/order', {
      env: { terminalType: 'WEB' },
      merchantTradeNo: binancePayTradeNo(request.uuid),
      // A JSON number, as Binance's samples send it: a total of at most 4 decimals prints back exactly.
      orderAmount: Number(request.total),
      currency: 'USDT',
      description: `Storelift balance top-up: ${request.amount} USD`,
      goodsDetails: [
        {
          goodsType: '02',
          goodsCategory: 'Z000',
          referenceGoodsId: 'balance-top-up',
          goodsName: 'Storelift balance top-up',
        },
      ],
      returnUrl: request.resultUrl,
      cancelUrl: `${request.returnUrl}?canceled=1`,
      webhookUrl: request.callbackUrl,
    })) as Record<string, unknown>;
    const { prepayId, checkoutUrl } = data;
    if (typeof checkoutUrl !== 'string' || !/^https?:\/\//.test(checkoutUrl)) {
      throw new Error('Binance Pay answered an order without a checkoutUrl');
    }
    return { url: checkoutUrl, providerRef: prepayId == null ? null : String(prepayId) };
  }

  /** Closes the unpaid order (`POST /binancepay/openapi/order/close`); Binance then notifies PAY_CLOSED. */
  async cancelCheckout(prepayId: string) {
    await this.call('/binancepay/openapi/order/close', { prepayId });
  }

  /** Binance's current webhook keys (`POST /binancepay/openapi/certificates`), replacing the cached ones. */
  private async fetchKeys() {
    const certificates = await this.call('/binancepay/openapi/certificates', {});
    const keys = new Map<string, KeyObject>();
    for (const certificate of Array.isArray(certificates) ? certificates : []) {
      const { certSerial, certPublic } = (certificate ?? {}) as Record<string, unknown>;
      if (typeof certSerial !== 'string' || typeof certPublic !== 'string') continue;
      try {
        keys.set(certSerial, createPublicKey(certPublic));
      } catch {
        // A key that does not parse verifies nothing; the others still do.
      }
    }
    this.keys = keys;
    this.keysFetchedAt = Date.now();
  }

  /** The public key of a certificate serial, fetching the certificates when it is new to us. */
  private async keyOf(serial: string): Promise<KeyObject | undefined> {
    if (!this.keys.has(serial) && Date.now() - this.keysFetchedAt >= CERTIFICATE_REFRESH_MS) {
      // Concurrent notifications share one fetch.
      this.keysFetch ??= this.fetchKeys().finally(() => (this.keysFetch = null));
      await this.keysFetch;
    }
    return this.keys.get(serial);
  }

  async readNotification({ rawBody, headers }: RawNotification): Promise<ProviderNotice> {
    const serial = headers[BINANCE_PAY_HEADERS.certificateSn] ?? '';
    const timestamp = headers[BINANCE_PAY_HEADERS.timestamp] ?? '';
    const nonce = headers[BINANCE_PAY_HEADERS.nonce] ?? '';
    const signature = headers[BINANCE_PAY_HEADERS.signature] ?? '';
    const key = serial && timestamp && signature ? await this.keyOf(serial) : undefined;
    const verified =
      key !== undefined &&
      createVerify('RSA-SHA256')
        .update(binancePayPayload(timestamp, nonce, rawBody))
        .verify(key, signature, 'base64');
    if (!verified) throw new SignatureError();
    const envelope = readFields(rawBody, 'application/json');
    const kind = envelope?.bizType === 'PAY' ? NOTICE_KINDS[String(envelope.bizStatus)] : undefined;
    // `data` is the order as a JSON string.
    const order =
      kind && typeof envelope?.data === 'string' ? readFields(envelope.data, 'application/json') : null;
    const uuid = paymentUuid(order?.merchantTradeNo);
    if (!kind || !order || !uuid) return { kind: 'ignored' };
    const amount = order.totalFee;
    return {
      kind,
      payment: { uuid },
      amount: typeof amount === 'number' || typeof amount === 'string' ? String(amount) : null,
      // Orders are priced in USDT at one per dollar: USDT is our payments' USD.
      currency:
        order.currency === 'USDT' ? 'USD' : typeof order.currency === 'string' ? order.currency : null,
      // Crypto: what arrived is credited, with any difference shown.
      creditReceived: true,
      // bizId is a long beyond a double's precision: its string twin names the order.
      details: `Binance Pay ${String(envelope?.bizIdStr ?? '')}`.trim(),
    };
  }

  acknowledgement() {
    return {
      contentType: 'application/json',
      body: JSON.stringify({ returnCode: 'SUCCESS', returnMessage: null }),
    };
  }
}
