import Stripe from 'stripe';
import { PAYMENT_SYSTEMS } from '@storelift/shared';
import type { CheckoutRequest, PaymentProvider } from '../payment-provider.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (tests, stripe-mock); default api.stripe.com. */
  apiUrl: string | undefined;
  publicUrl: string;
}

/** What a verified Stripe webhook means for a payment. */
export type StripeOutcome =
  | {
      kind: 'paid' | 'received' | 'canceled' | 'failed' | 'refunded';
      paymentId: number;
      sessionId: string;
      amountCents: number | null;
    }
  | { kind: 'ignored' };

/** Total in cents: totals carry at most 2 decimals. */
export const centsOf = (total: string) => Number(total.replace(/\.(\d{2})\d*$/, '$1').replace('.', ''));

/**
 * Stripe Checkout for card payments (system 30) and Alipay (system 31, the session limited to the `alipay`
 * method): a Checkout Session per payment, webhooks verified with the endpoint's signing secret
 * (`stripe.webhooks.constructEvent`); refunds through the session's PaymentIntent.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly mode: 'live' | 'sandbox';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    // Stripe's test-mode keys start sk_test_ (or rk_test_ when restricted).
    this.mode = /^[sr]k_live_/.test(options.secretKey) ? 'live' : 'sandbox';
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol.replace(':', '') as 'http' | 'https',
      }),
    });
  }

  async createCheckout(request: CheckoutRequest) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Alipay takes USD where the Stripe account's country offers Alipay (docs/money.md, Alipay).
        ...(request.paysystemId === PAYMENT_SYSTEMS.alipay && { payment_method_types: ['alipay'] }),
        client_reference_id: String(request.id),
        customer_email: request.email,
        metadata: { payment_id: String(request.id) },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: centsOf(request.total),
              product_data: { name: `Storelift balance top-up: ${request.amount} USD` },
            },
          },
        ],
        success_url: request.resultUrl,
        cancel_url: `${this.options.publicUrl}/api/public/v1/payments/return/${request.uuid}?canceled=1`,
      },
      { idempotencyKey: `storelift-payment-${request.uuid}` },
    );
    if (!session.url) throw new Error('Stripe answered a session without a url');
    return { url: session.url, providerRef: session.id };
  }

  async cancelCheckout(sessionId: string) {
    await this.stripe.checkout.sessions.expire(sessionId);
  }

  /**
   * A charge refunded in full (in Stripe's dashboard, or our own refund): its Checkout Session, found by the
   * PaymentIntent, names the payment. A partial refund is left to staff.
   */
  private async refundOutcome(charge: Stripe.Charge): Promise<StripeOutcome> {
    const intent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!charge.refunded || !intent) return { kind: 'ignored' };
    const { data } = await this.stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 });
    const session = data[0];
    const paymentId = Number(session?.metadata?.payment_id ?? session?.client_reference_id);
    if (!session || !Number.isInteger(paymentId) || paymentId <= 0) return { kind: 'ignored' };
    return { kind: 'refunded', paymentId, sessionId: session.id, amountCents: null };
  }

  /** Refunds the session's payment in full (`POST /v1/refunds` with its PaymentIntent); answers Stripe's refund id. */
  async refund(payment: { providerRef: string; uuid: string }) {
    const session = await this.stripe.checkout.sessions.retrieve(payment.providerRef);
    const intent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`Stripe session ${payment.providerRef} has no payment to refund`);
    const refund = await this.stripe.refunds.create(
      { payment_intent: intent, reason: 'requested_by_customer', metadata: { payment_uuid: payment.uuid } },
      { idempotencyKey: `storelift-refund-${payment.uuid}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new Error(`Stripe did not refund ${intent} (${refund.status})`);
    }
    return { refundId: refund.id };
  }

  /** Verifies a webhook (throws on a bad signature) and reads what it means for a payment. */
  async readWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<StripeOutcome> {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.options.webhookSecret);
    if (event.type === 'charge.refunded') return this.refundOutcome(event.data.object);
    const kinds: Partial<Record<string, 'paid' | 'canceled' | 'failed'>> = {
      'checkout.session.completed': 'paid',
      'checkout.session.async_payment_succeeded': 'paid',
      // The money of a session that completed unpaid (received) will not arrive.
      'checkout.session.async_payment_failed': 'failed',
      'checkout.session.expired': 'canceled',
    };
    const kind = kinds[event.type];
    if (!kind) return { kind: 'ignored' };
    const session = event.data.object as Stripe.Checkout.Session;
    const paymentId = Number(session.metadata?.payment_id ?? session.client_reference_id);
    if (!Number.isInteger(paymentId) || paymentId <= 0) return { kind: 'ignored' };
    // A completed session whose money is still on its way (bank debits) waits for async_payment_succeeded.
    const outcome = kind === 'paid' && session.payment_status === 'unpaid' ? 'received' : kind;
    return { kind: outcome, paymentId, sessionId: session.id, amountCents: session.amount_total ?? null };
  }
}
