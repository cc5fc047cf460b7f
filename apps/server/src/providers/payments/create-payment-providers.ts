import { PAYMENT_SYSTEMS } from '@storelift/shared';
import type { PaymentProvider, ProviderName } from './payment-provider.js';
import { BinancePayProvider } from './binance-pay/binance-pay-provider.js';
import { FondyProvider } from './fondy/fondy-provider.js';
import { GatePayProvider } from './gate-pay/gate-pay-provider.js';
import { LiqPayProvider } from './liqpay/liqpay-provider.js';
import { PayPalProvider } from './paypal/paypal-provider.js';
import { NowPaymentsProvider } from './nowpayments/nowpayments-provider.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { StripeProvider } from './stripe/stripe-provider.js';
import { TransferProvider } from './transfer/transfer-provider.js';

/** The providers the configuration enables: the sandbox (default) and the hosted ones with credentials. */
export interface PaymentProviders {
  sandbox: SandboxProvider | null;
  stripe: StripeProvider | null;
  /** A configured provider by its name (the callback route's `{provider}`), or null. */
  byName(name: ProviderName): PaymentProvider | null;
  /** The provider that serves a payment system, or null when none does. */
  forPaysystem(paysystemId: number): PaymentProvider | null;
  /** The hosted provider that would serve a system, by name, whether configured or not (core settings). */
  hostedNameOf(paysystemId: number): ProviderName | null;
}

/** PayPal Orders v2 (system 1): PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, PAYPAL_API_URL. */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in the PayPal app: its notifications are verified against it. */
  webhookId: string;
  apiUrl: string | undefined;
}
/** NOWPayments invoices (system 35): NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET, NOWPAYMENTS_API_URL. */
export interface NowPaymentsConfig {
  apiKey: string;
  ipnSecret: string;
  apiUrl: string | undefined;
}
/** Binance Pay merchant orders (system 13): BINANCE_PAY_API_KEY, BINANCE_PAY_SECRET, BINANCE_PAY_API_URL. */
export interface BinancePayConfig {
  apiKey: string;
  secret: string;
  apiUrl: string | undefined;
}
/** Gate Pay (system 32): GATE_PAY_CLIENT_ID, GATE_PAY_API_KEY (the Payment API secret), GATE_PAY_API_URL. */
export interface GatePayConfig {
  clientId: string;
  apiKey: string;
  apiUrl: string | undefined;
}
/** LiqPay checkout (system 14): LIQPAY_PUBLIC_KEY, LIQPAY_PRIVATE_KEY, LIQPAY_API_URL. */
export interface LiqPayConfig {
  publicKey: string;
  privateKey: string;
  apiUrl: string | undefined;
}
/** Fondy checkout (system 33): FONDY_MERCHANT_ID, FONDY_PAYMENT_KEY, FONDY_API_URL. */
export interface FondyConfig {
  merchantId: string;
  paymentKey: string;
  apiUrl: string | undefined;
}

/** What the payment providers read of the configuration (`Config` has it all, from the environment). */
export interface PaymentsConfig {
  sandboxPayments: boolean;
  /** Where the sandbox delivers its callbacks: this server. */
  internalUrl: string;
  publicUrl: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  paypal: PayPalConfig | undefined;
  nowpayments: NowPaymentsConfig | undefined;
  binancePay: BinancePayConfig | undefined;
  gatePay: GatePayConfig | undefined;
  liqpay: LiqPayConfig | undefined;
  fondy: FondyConfig | undefined;
}

/** The hosted provider of each system it serves (docs/money.md, Payment providers). */
const HOSTED_BY_SYSTEM: Partial<Record<number, ProviderName>> = {
  [PAYMENT_SYSTEMS.card]: 'stripe',
  [PAYMENT_SYSTEMS.alipay]: 'stripe',
  [PAYMENT_SYSTEMS.paypal]: 'paypal',
  [PAYMENT_SYSTEMS.cryptoExchange]: 'binance-pay',
  [PAYMENT_SYSTEMS.cryptoExchange2]: 'gate-pay',
  [PAYMENT_SYSTEMS.payForUa]: 'liqpay',
  [PAYMENT_SYSTEMS.fondy]: 'fondy',
  [PAYMENT_SYSTEMS.cryptoProcessor]: 'nowpayments',
  // In every environment: offered once core settings hold the receiving details (payments.service.ts).
  [PAYMENT_SYSTEMS.bankTransfer]: 'transfer',
  [PAYMENT_SYSTEMS.wise]: 'transfer',
  [PAYMENT_SYSTEMS.payoneer]: 'transfer',
};

/** Stripe (cards and Alipay) with both its keys; null otherwise. */
function stripeProvider(config: PaymentsConfig): StripeProvider | null {
  if (!config.stripeSecretKey || !config.stripeWebhookSecret) return null;
  return new StripeProvider({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    apiUrl: config.stripeApiUrl,
    publicUrl: config.publicUrl,
  });
}

/** Each hosted provider built from its settings; null without its credentials. */
function hostedProviders(
  config: PaymentsConfig,
  stripe: StripeProvider | null,
): Partial<Record<ProviderName, PaymentProvider | null>> {
  return {
    stripe,
    paypal: config.paypal ? new PayPalProvider(config.paypal) : null,
    'gate-pay': config.gatePay ? new GatePayProvider(config.gatePay) : null,
    liqpay: config.liqpay ? new LiqPayProvider(config.liqpay) : null,
    fondy: config.fondy ? new FondyProvider(config.fondy) : null,
    nowpayments: config.nowpayments ? new NowPaymentsProvider(config.nowpayments) : null,
    'binance-pay': config.binancePay ? new BinancePayProvider(config.binancePay) : null,
    transfer: new TransferProvider(),
  };
}

const cache = new WeakMap<PaymentsConfig, PaymentProviders>();

/** The payment providers of a configuration (built once per configuration). */
export function paymentProviders(config: PaymentsConfig): PaymentProviders {
  let providers = cache.get(config);
  if (!providers) {
    const sandbox = config.sandboxPayments ? new SandboxProvider(config) : null;
    const stripe = stripeProvider(config);
    const hosted = hostedProviders(config, stripe);
    const byName = (name: ProviderName) => (name === 'sandbox' ? sandbox : (hosted[name] ?? null));
    const hostedNameOf = (id: number) => HOSTED_BY_SYSTEM[id] ?? null;
    providers = {
      sandbox,
      stripe,
      byName,
      hostedNameOf,
      // A system's own provider with its credentials; else the embedded sandbox where it is allowed.
      forPaysystem: (id) => {
        // Transfers between accounts move money between balances (the Transfers page): never a checkout.
        if (id === PAYMENT_SYSTEMS.transfer) return null;
        const name = hostedNameOf(id);
        return (name && byName(name)) || sandbox;
      },
    };
    cache.set(config, providers);
  }
  return providers;
}
