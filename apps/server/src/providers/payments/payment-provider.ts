import { logger } from '../../lib/logger.js';

/** What a provider needs to open its checkout for a payment. */
export interface CheckoutRequest {
  id: number;
  uuid: string;
  /** What the customer pays (amount + fee + VAT), 2 decimals. */
  total: string;
  amount: string;
  paysystemName: string;
  email: string;
  /** The web app's result page for this payment. */
  resultUrl: string;
}

/** A payment provider (docs/architecture.md, Providers): opens a hosted checkout; its callbacks confirm. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Where to send the browser, and the provider's id for the checkout (if it has one). */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: string | null }>;
  /** Ends a checkout the customer left (best effort). */
  cancelCheckout(providerRef: string): Promise<void>;
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
