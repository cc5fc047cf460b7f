import { request } from 'undici';
import { centsText, parseMoney } from '@storelift/shared';
import {
  SignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderNotice,
  type RawNotification,
} from '../payment-provider.js';
import { paymentUuid, readFields } from '../notification-fields.js';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in the PayPal app: the signature verification call checks notifications against it. */
  webhookId: string;
  /** Default PayPal's live origin; https://api-m.sandbox.paypal.com for its sandbox. */
  apiUrl?: string | undefined;
}

export const PAYPAL_API_URL = 'https://api-m.paypal.com';

/** The headers PayPal signs a webhook delivery with (lower-case, as Node gives them). */
export const PAYPAL_WEBHOOK_HEADERS = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const;

/** A PayPal money object (`amount`). */
interface PayPalMoney {
  currency_code?: string;
  value?: string;
}

/** A capture as PayPal shows it (in a captured order and in PAYMENT.CAPTURE.* webhooks). */
interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: PayPalMoney;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface PayPalOrder {
  id?: string;
  status?: string;
  links?: { href?: string; rel?: string }[];
  purchase_units?: { custom_id?: string; payments?: { captures?: PayPalCapture[] } }[];
}

/** PayPal's HTTP error (its `name`, `details[].issue`, `debug_id`), for the logs and for refusals we expect. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: { name?: string; details?: { issue?: string }[]; debug_id?: string },
    call: string,
  ) {
    const issue = body.details?.map((detail) => detail.issue).join(', ');
    super(`PayPal refused ${call} (HTTP ${status} ${body.name ?? ''}${issue ? `: ${issue}` : ''})`);
  }

  /** Whether PayPal names this issue (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED…). */
  hasIssue(issue: string): boolean {
    return this.body.details?.some((detail) => detail.issue === issue) ?? false;
  }
}

/** Capture statuses (Payments v2): COMPLETED is money we hold; PENDING is on its way (an eCheck, a review). */
const CAPTURE_KINDS: Partial<Record<string, 'paid' | 'received' | 'failed'>> = {
  COMPLETED: 'paid',
  PENDING: 'received',
  DECLINED: 'failed',
  FAILED: 'failed',
};

/** The capture webhooks that move a payment (CHECKOUT.ORDER.APPROVED captures; any other is acknowledged, ignored). */
const EVENT_KINDS: Partial<Record<string, 'paid' | 'failed' | 'refunded'>> = {
  'PAYMENT.CAPTURE.COMPLETED': 'paid',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
};

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal Orders v2 (system 1): an order with intent CAPTURE per payment (our uuid as reference and custom id),
 * the buyer sent to its `payer-action` link; on their return the order is captured. Webhooks (capture
 * completed, denied, refunded) are trusted only after PayPal's own verification call answers SUCCESS for
 * our webhook id. Refunds go to the buyer's PayPal through the capture's refund call.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly apiUrl: string;
  private token: { value: string; expiresAt: number } | null = null;
  /** The token request in flight: concurrent calls share one. */
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PayPalOptions) {
    this.apiUrl = (options.apiUrl || PAYPAL_API_URL).replace(/\/+$/, '');
    // Real money only at PayPal's live origin; its sandbox (or a stand-in) moves none.
    this.mode = this.apiUrl === PAYPAL_API_URL ? 'live' : 'sandbox';
  }

  /** An OAuth2 access token (client credentials), cached until a minute before it expires. */
  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return Promise.resolve(this.token.value);
    this.tokenRequest ??= (async () => {
      try {
        const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
        const answer = await this.send('/v1/oauth2/token', 'POST /v1/oauth2/token', {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          body: 'grant_type=client_credentials',
        });
        const { access_token: value, expires_in: expiresIn } = answer as {
          access_token?: unknown;
          expires_in?: unknown;
        };
        if (typeof value !== 'string' || !value)
          throw new Error('PayPal answered a token request without a token');
        const seconds = typeof expiresIn === 'number' ? expiresIn : 0;
        this.token = { value, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
        return value;
      } finally {
        this.tokenRequest = null;
      }
    })();
    return this.tokenRequest;
  }

  /** One HTTP call to PayPal; answers its JSON, throws `PayPalError` on a non-2xx answer. */
  private async send(
    path: string,
    call: string,
    { body, ...headers }: Record<string, string> & { body?: string },
  ): Promise<unknown> {
    // undici's request rather than fetch: a webhook's verification call is on every notification's path, and
    // fetch cost four times the CPU of the same call (docs/money.md, Figures).
    const response = await request(`${this.apiUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', ...headers },
      ...(body !== undefined && { body }),
      headersTimeout: 20_000,
      bodyTimeout: 20_000,
    });
    const text = await response.body.text();
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      // PayPal answers JSON; anything else (a proxy's page) is kept out of the error's fields.
    }
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new PayPalError(response.statusCode, json as PayPalError['body'], call);
    }
    return json;
  }

  /** A call with the bearer token; a POST carries `requestId` as PayPal-Request-Id (PayPal's idempotency). */
  private async api(path: string, options: { body?: string; requestId?: string } = {}): Promise<unknown> {
    const call = `${options.body === undefined ? 'GET' : 'POST'} ${path}`;
    return this.send(path, call, {
      authorization: `Bearer ${await this.accessToken()}`,
      ...(options.body !== undefined && { 'content-type': 'application/json', body: options.body }),
      ...(options.requestId && { 'paypal-request-id': options.requestId }),
    });
  }

  async createCheckout(request: CheckoutRequest) {
    const order = (await this.api('/v2/checkout/orders', {
      requestId: `storelift-order-${request.uuid}`,
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.uuid,
            custom_id: request.uuid,
            description: `Storelift balance top-up: ${request.amount} USD`,
            amount: { currency_code: 'USD', value: centsText(parseMoney(request.total)) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: request.returnUrl,
              cancel_url: `${request.returnUrl}?canceled=1`,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              brand_name: 'Storelift',
            },
          },
        },
      }),
    })) as PayPalOrder;
    const link = order.links?.find((entry) => entry.rel === 'payer-action' || entry.rel === 'approve')?.href;
    if (!order.id || !link || !/^https?:\/\//.test(link)) {
      throw new Error('PayPal answered an order without an id or an approve link');
    }
    return { url: link, providerRef: order.id };
  }

  /** An unapproved order simply expires at PayPal (Orders v2 has no cancel call): nothing to end. */
  async cancelCheckout() {}

  /**
   * The buyer back from PayPal, having approved: the order is captured.
   */
  async completeReturn(orderId: string, query: Record<string, string | undefined>): Promise<ProviderNotice> {
    // PayPal sends the buyer back with the order's token and their PayerID once they approved: anything else
    // (a bookmark, a second tab) captures nothing.
    if (query.token !== orderId || !query.PayerID) return { kind: 'ignored' };
    return this.capture(orderId);
  }

  /**
   * Captures an approved order (once: the same request id, and PayPal's ORDER_ALREADY_CAPTURED answered by
   * reading the order): its capture says paid, pending or declined.
   */
  private async capture(orderId: string): Promise<ProviderNotice> {
    let order: PayPalOrder;
    try {
      order = (await this.api(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        requestId: `storelift-capture-${orderId}`,
        body: '{}',
      })) as PayPalOrder;
    } catch (error) {
      if (!(error instanceof PayPalError) || !error.hasIssue('ORDER_ALREADY_CAPTURED')) throw error;
      order = (await this.api(`/v2/checkout/orders/${encodeURIComponent(orderId)}`)) as PayPalOrder;
    }
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    const kind = capture && CAPTURE_KINDS[capture.status ?? ''];
    if (!capture || !kind) return { kind: 'ignored' };
    return {
      kind,
      payment: { providerRef: orderId },
      amount: capture.amount?.value ?? null,
      currency: capture.amount?.currency_code ?? null,
      details: `PayPal capture ${capture.id ?? ''}`.trim(),
    };
  }

  /**
   * A webhook: first PayPal's verification call (`POST /v1/notifications/verify-webhook-signature`) with the
   * transmission headers, our webhook id and the event exactly as it arrived; anything but SUCCESS refuses it.
   */
  async readNotification({ rawBody, headers }: RawNotification): Promise<ProviderNotice> {
    const event = readFields(rawBody, 'application/json');
    const signed = Object.values(PAYPAL_WEBHOOK_HEADERS).every((name) => headers[name]);
    if (!event || !signed) throw new SignatureError();
    const verification = {
      auth_algo: headers[PAYPAL_WEBHOOK_HEADERS.authAlgo],
      cert_url: headers[PAYPAL_WEBHOOK_HEADERS.certUrl],
      transmission_id: headers[PAYPAL_WEBHOOK_HEADERS.transmissionId],
      transmission_sig: headers[PAYPAL_WEBHOOK_HEADERS.transmissionSig],
      transmission_time: headers[PAYPAL_WEBHOOK_HEADERS.transmissionTime],
      webhook_id: this.options.webhookId,
    };
    // The event goes back byte for byte: PayPal checks the signature over what it sent, not a re-encoding.
    const body = `${JSON.stringify(verification).slice(0, -1)},"webhook_event":${rawBody}}`;
    const answer = (await this.api('/v1/notifications/verify-webhook-signature', { body })) as {
      verification_status?: unknown;
    };
    if (answer.verification_status !== 'SUCCESS') throw new SignatureError();
    const kind = EVENT_KINDS[String(event.event_type)];
    const resource = (event.resource ?? {}) as PayPalCapture & { links?: { href?: string; rel?: string }[] };
    // An order the buyer approved but never came back from (a closed tab) is captured now, if it is ours.
    if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
      const order = resource as PayPalOrder;
      const ours = paymentUuid(order.purchase_units?.[0]?.custom_id) !== null;
      if (!ours || typeof order.id !== 'string' || !/^[A-Z0-9]+$/.test(order.id)) return { kind: 'ignored' };
      // PayPal refusing the capture (a declined instrument) is its answer, not a failure to retry for days.
      return this.capture(order.id).catch((error: unknown) => {
        if (error instanceof PayPalError && error.status === 422) return { kind: 'ignored' as const };
        throw error;
      });
    }
    if (!kind) return { kind: 'ignored' };
    const uuid = paymentUuid(resource.custom_id) ?? (await this.uuidOfRefund(resource));
    if (!uuid) return { kind: 'ignored' };
    return {
      kind,
      payment: { uuid },
      // A refund's amount is what went back: a partial one does not refund the payment here.
      amount: resource.amount?.value ?? null,
      currency: resource.amount?.currency_code ?? null,
      details: `PayPal ${kind === 'refunded' ? 'refund' : 'capture'} ${resource.id ?? ''}`.trim(),
    };
  }

  /** A refund without our custom id: its capture (the `up` link) names it. */
  private async uuidOfRefund(resource: { links?: { href?: string; rel?: string }[] }) {
    const up = resource.links?.find((link) => link.rel === 'up')?.href;
    const captureId = up && /\/v2\/payments\/captures\/([A-Za-z0-9]+)$/.exec(up)?.[1];
    if (!captureId) return null;
    const capture = (await this.api(`/v2/payments/captures/${captureId}`)) as PayPalCapture;
    return paymentUuid(capture.custom_id);
  }

  /** Refunds the order's capture in full (`POST /v2/payments/captures/{id}/refund`); answers PayPal's refund id. */
  async refund(payment: { providerRef: string; uuid: string; total: string }) {
    const order = (await this.api(
      `/v2/checkout/orders/${encodeURIComponent(payment.providerRef)}`,
    )) as PayPalOrder;
    const capture = order.purchase_units?.[0]?.payments?.captures?.find(
      (entry) => entry.status === 'COMPLETED',
    );
    if (!capture?.id)
      throw new Error(`PayPal order ${payment.providerRef} has no completed capture to refund`);
    const refund = (await this.api(`/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
      requestId: `storelift-refund-${payment.uuid}`,
      body: JSON.stringify({
        amount: { currency_code: 'USD', value: centsText(parseMoney(payment.total)) },
        custom_id: payment.uuid,
        note_to_payer: 'Storelift balance top-up refund',
      }),
    })) as { id?: unknown; status?: unknown };
    if (typeof refund.id !== 'string' || refund.status === 'FAILED' || refund.status === 'CANCELLED') {
      throw new Error(`PayPal did not refund capture ${capture.id} (${String(refund.status)})`);
    }
    return { refundId: refund.id };
  }
}
