import type { CheckoutRequest, PaymentProvider } from '../payment-provider.js';

/** The web app's page of a payment awaiting a transfer: where to send it, the reference, the pro-forma. */
export const transferPagePath = (paymentId: number) => `/top-up-balance/transfer/${paymentId}`;

/**
 * Bank transfer, Wise and Payoneer (docs/money.md, Paying by transfer): no hosted checkout and no credentials.
 * The customer sends the money themselves with the payment's reference, and the uploaded statements credit it
 * (modules/reconciliation); it serves a system once core settings hold our receiving details for it.
 */
export class TransferProvider implements PaymentProvider {
  readonly name = 'transfer' as const;
  readonly mode = 'live' as const;

  async createCheckout(request: CheckoutRequest) {
    return { url: transferPagePath(request.id), providerRef: null };
  }

  async cancelCheckout() {}
}
