import { PAYMENT_SYSTEMS } from '@storelift/shared';
import type { Config } from '../../config.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { StripeProvider } from './stripe/stripe-provider.js';

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

/** The providers the configuration enables: the sandbox (default) and Stripe for cards. */
export interface PaymentProviders {
  sandbox: SandboxProvider | null;
  stripe: StripeProvider | null;
  /** The provider that serves a payment system, or null when none does. */
  forPaysystem(paysystemId: number): PaymentProvider | null;
}

const cache = new WeakMap<Config, PaymentProviders>();

/** The payment providers of a configuration (built once per configuration). */
export function paymentProviders(config: Config): PaymentProviders {
  let providers = cache.get(config);
  if (!providers) {
    const sandbox = config.sandboxPayments ? new SandboxProvider(config) : null;
    const stripe =
      config.stripeSecretKey && config.stripeWebhookSecret
        ? new StripeProvider({
            secretKey: config.stripeSecretKey,
            webhookSecret: config.stripeWebhookSecret,
            apiUrl: config.stripeApiUrl,
            publicUrl: config.publicUrl,
          })
        : null;
    providers = {
      sandbox,
      stripe,
      forPaysystem: (id) => (id === PAYMENT_SYSTEMS.card && stripe ? stripe : sandbox),
    };
    cache.set(config, providers);
  }
  return providers;
}
