import type { PaymentProviderName } from '@storelift/shared';
import { logger } from '../../lib/logger.js';

/** What a provider needs to open its checkout for a payment. */
export interface CheckoutRequest {
  id: number;
  uuid: string;
  /** What the customer pays (amount + fee + VAT): a money text with 4 places whose value is whole cents. */
  total: string;
  amount: string;
  paysystemName: string;
  email: string;
  /** The payment system (spec id) the customer chose: one provider can serve several (Stripe: card, Alipay). */
  paysystemId: number;
  /** The web app's result page for this payment. */
  resultUrl: string;
  /** Where the provider posts its notifications: `/api/public/v1/payments/callback/{provider}` on our public URL. */
  callbackUrl: string;
  /** The browser's way back through the server (`/api/public/v1/payments/return/{uuid}`): a provider that
   * needs a call on return (PayPal's capture) sends the customer here; `?canceled=1` when they gave up. */
  returnUrl: string;
}

/** The providers' names as payments record them (`payments.provider`). */
export type ProviderName = PaymentProviderName;

/** How a notification names its payment: our uuid or id as we sent it, or the provider's own reference. */
export type NoticePaymentRef = { uuid: string } | { id: number } | { providerRef: string };

/** What a verified notification says about a payment (`readNotification`). */
export type ProviderNotice =
  | { kind: 'ignored' }
  | {
      kind: 'paid' | 'received' | 'confirmation' | 'canceled' | 'failed' | 'refunded';
      payment: NoticePaymentRef;
      /** The amount and currency the provider says were paid; null when the notice carries none. */
      amount: string | null;
      currency: string | null;
      /** Crypto: an amount other than the payment's is credited as received, with the difference shown. */
      creditReceived?: boolean;
      confirmations?: number;
      /** The provider's ids for the payment's details line (transaction, capture). */
      details?: string;
    };

/** A notification's signature did not verify: answered 403, nothing written. */
export class SignatureError extends Error {}

/** A notification as it arrived: the exact bytes and the headers (lower-case names). */
export interface RawNotification {
  rawBody: string;
  headers: Record<string, string | undefined>;
}

/** A payment provider (docs/architecture.md, Providers): opens a hosted checkout; its callbacks confirm. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Live money or the provider's own sandbox (test keys, sandbox URL); shown on the core settings page. */
  readonly mode: 'live' | 'sandbox';
  /** Where to send the browser, and the provider's id for the checkout (if it has one). */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: string | null }>;
  /** Ends a checkout the customer left (best effort). */
  cancelCheckout(providerRef: string): Promise<void>;
  /** Verifies a notification (throws `SignatureError` when it does not) and reads what it says. */
  readNotification?(notification: RawNotification): Promise<ProviderNotice>;
  /** What the provider expects back from a notification it sent (default: JSON `{received: true}`). */
  acknowledgement?(): { contentType: string; body: string };
  /** The customer back from the checkout (`returnUrl`): what the provider says then (PayPal captures here). */
  completeReturn?(providerRef: string, query: Record<string, string | undefined>): Promise<ProviderNotice>;
  /** Refunds a credited payment at the provider, to its original method; answers the provider's refund id. */
  refund?(payment: { providerRef: string; uuid: string; total: string }): Promise<{ refundId: string }>;
}

/**
 * A payment provider failed (network, HTTP status, its refusal): logs it with the payment it concerns, for
 * the caller to degrade ("payment system unavailable", a queued retry). A bug of ours (a TypeError other
 * than fetch's network one, a ReferenceError…) is thrown on, never passed off as the provider's.
 */
export function providerFailure(error: unknown, context: Record<string, unknown>): void {
  const networkError = error instanceof TypeError && error.cause !== undefined;
  const bug = error instanceof ReferenceError || error instanceof SyntaxError || error instanceof RangeError;
  if (bug || (error instanceof TypeError && !networkError) || !(error instanceof Error)) throw error;
  logger.warn({ err: error, ...context }, 'payment provider request failed');
}
