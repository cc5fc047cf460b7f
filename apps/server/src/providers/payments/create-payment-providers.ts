import { PAYMENT_SYSTEMS } from '@storelift/shared';
import type { PaymentProvider } from './payment-provider.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { StripeProvider } from './stripe/stripe-provider.js';

/** The providers the configuration enables: the sandbox (default) and Stripe for cards. */
export interface PaymentProviders {
  sandbox: SandboxProvider | null;
  stripe: StripeProvider | null;
  /** The provider that serves a payment system, or null when none does. */
  forPaysystem(paysystemId: number): PaymentProvider | null;
}

/** What the payment providers read of the configuration (`Config` has it all). */
export interface PaymentsConfig {
  sandboxPayments: boolean;
  /** Where the sandbox delivers its callbacks: this server. */
  internalUrl: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  publicUrl: string;
}

const cache = new WeakMap<PaymentsConfig, PaymentProviders>();

/** The payment providers of a configuration (built once per configuration). */
export function paymentProviders(config: PaymentsConfig): PaymentProviders {
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
