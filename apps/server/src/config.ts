import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PUBLIC_API_RATE_LIMIT } from '@storelift/shared';
import { storeProviderName } from './providers/store/create-store-provider.js';
import {
  GOOGLE_ADS_API_URL,
  GOOGLE_OAUTH_TOKEN_URL,
  type GoogleAdsOptions,
} from './providers/ad-network/google-ads/google-ads-client.js';
import type { StoreProviderName } from './providers/store/store-provider.js';
import type {
  BinancePayConfig,
  FondyConfig,
  GatePayConfig,
  LiqPayConfig,
  NowPaymentsConfig,
  PayPalConfig,
} from './providers/payments/create-payment-providers.js';

/** Runtime configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  /** The address the server binds: 127.0.0.1 outside production, 0.0.0.0 in production, unless HOST says. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  logLevel: string;
  production: boolean;
  /**
   * Sandboxes are allowed: the payment sandbox, the sandbox vendor, the sandbox ad network, demo data and the
   * dev mailbox. On outside production; in production only with the explicit switch `SANDBOX=1`.
   */
  sandbox: boolean;
  /** Requests per minute allowed on login, register and forgot-password, per client address. */
  authRateLimit: number;
  /** Public API requests per token per 10 seconds (docs/public-api.md, Rate limit). */
  publicApiRateLimit: number;
  /**
   * Fastify's trustProxy: which proxies may set X-Forwarded-For (rate limits and the access lists key on the
   * client address): their addresses/CIDRs, or their number in front of the server (hops); none by default.
   */
  trustProxy: false | number | string[];
  /** Private addresses/CIDRs that vendor APIs, ad networks and webhooks may reach anyway (OUTBOUND_ALLOW). */
  outboundAllow: string[];
  /** Directory of the built web app served at `/`; absent in API-only runs. */
  webDist: string | undefined;
  /** Which store provider serves app lookups, searches and ranks: offline (default) or live. */
  storeProvider: StoreProviderName;
  /** Where this server is reachable from itself: the sandbox provider posts its callbacks here. */
  internalUrl: string;
  /** The embedded sandbox payment provider serves every payment system without a real one (where sandboxes are allowed). */
  sandboxPayments: boolean;
  /** Demo accounts and their data are seeded at start (where sandboxes are allowed). */
  demoData: boolean;
  /** Seconds between the sandbox's simulated crypto confirmations. */
  sandboxConfirmationSeconds: number;
  /** Stripe Checkout for card payments (system 30) when both are set. */
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Another Stripe API origin (a local stand-in such as stripe-mock); default Stripe's own. */
  stripeApiUrl: string | undefined;
  /**
   * The hosted payment providers (docs/money.md, Payment providers), each set when all its credentials are:
   * its system is then served by it (live or the provider's own sandbox, by its API URL); without them the
   * embedded sandbox serves the system where sandboxes are allowed, and production does not offer it.
   */
  paypal: PayPalConfig | undefined;
  nowpayments: NowPaymentsConfig | undefined;
  binancePay: BinancePayConfig | undefined;
  gatePay: GatePayConfig | undefined;
  liqpay: LiqPayConfig | undefined;
  fondy: FondyConfig | undefined;
  /** Redis for state several API processes share (rate-limit counters); in process memory without it. */
  redisUrl: string | undefined;
  /** Prefix of Storelift's keys in Redis, so deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** How many times faster than real time the sandbox vendor delivers (a demo campaign: 1440 = a day a minute). */
  vendorSandboxSpeed: number;
  /** The key of the server's own sandbox panel (`/sandbox/panel/api/v2`, where sandboxes are allowed). */
  vendorSandboxPanelKey: string;
  /**
   * Google Ads, the ad network CPI accounts of network `google-ads` run on, when its five credentials are set
   * (GOOGLE_ADS_*; GOOGLE_ADS_API_URL and GOOGLE_OAUTH_TOKEN_URL for stand-ins). Without them, where sandboxes
   * are allowed, CPI runs on the server's own sandbox Google Ads (`googleAdsSetupOf`).
   */
  googleAds: GoogleAdsOptions | null;
  /** Support's e-mail: shown on the Contacts page, and where contact messages are mailed. */
  supportEmail: string;
  /** Support's Telegram handle, shown on the Contacts page when set. */
  supportTelegram: string | undefined;
  /** The RSS or Atom feed of the dashboard's external blog widget; a bundled sample without it. */
  blogFeedUrl: string | undefined;
}

/**
 * A provider's settings from the environment: its credentials (variable by field), all required, and its
 * optional API URL; undefined unless every credential is set.
 */
function providerConfig<K extends string>(
  env: NodeJS.ProcessEnv,
  credentials: Record<K, string>,
  apiUrlVariable: string,
): (Record<K, string> & { apiUrl: string | undefined }) | undefined {
  const values = {} as Record<K, string>;
  for (const [field, variable] of Object.entries(credentials) as [K, string][]) {
    const value = env[variable]?.trim();
    if (!value) return undefined;
    values[field] = value;
  }
  return { ...values, apiUrl: env[apiUrlVariable]?.trim().replace(/\/$/, '') || undefined };
}

/** The entries of a comma-separated setting. */
const listOf = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** An IP address, or a network in CIDR form (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address!);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const HOPS = /^\d{1,2}$/;

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (HOPS.test(value)) return Number(value);
  const proxies = listOf(value).filter(isAddressOrNetwork);
  return proxies.length ? proxies : false;
}

/**
 * Why a setting is refused at start, as one line, or null when all are valid: TRUST_PROXY names the proxies
 * (addresses/CIDRs) or their number, never `true` (which would believe any client's own X-Forwarded-For);
 * OUTBOUND_ALLOW holds addresses or CIDRs.
 */
export function configProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const problems: string[] = [];
  const trustProxy = env.TRUST_PROXY?.trim();
  if (trustProxy && !HOPS.test(trustProxy) && !listOf(trustProxy).every(isAddressOrNetwork)) {
    problems.push(
      `TRUST_PROXY=${trustProxy} is refused: name the proxies' addresses/CIDRs or their number` +
        (trustProxy.toLowerCase() === 'true' ? " (true would believe any client's own X-Forwarded-For)" : ''),
    );
  }
  const googleAdsSet = GOOGLE_ADS_ENV.filter((name) => env[name]);
  if (googleAdsSet.length && googleAdsSet.length < GOOGLE_ADS_ENV.length)
    problems.push(
      `Google Ads needs all of ${GOOGLE_ADS_ENV.join(', ')}; missing ${GOOGLE_ADS_ENV.filter((name) => !env[name]).join(', ')}`,
    );
  const notAddresses = listOf(env.OUTBOUND_ALLOW).filter((entry) => !isAddressOrNetwork(entry));
  if (notAddresses.length)
    problems.push(`OUTBOUND_ALLOW holds ${notAddresses.join(', ')}: not addresses or CIDRs`);
  return problems.length ? `Storelift refuses to start: ${problems.join('; ')}.` : null;
}

/** Google Ads credentials from the environment: all five, or none (a partial set is refused at start). */
function googleAdsOf(env: NodeJS.ProcessEnv): GoogleAdsOptions | null {
  const developerToken = env.GOOGLE_ADS_DEVELOPER_TOKEN;
  const clientId = env.GOOGLE_ADS_CLIENT_ID;
  const clientSecret = env.GOOGLE_ADS_CLIENT_SECRET;
  const refreshToken = env.GOOGLE_ADS_REFRESH_TOKEN;
  const loginCustomerId = env.GOOGLE_ADS_LOGIN_CUSTOMER_ID;
  if (!developerToken || !clientId || !clientSecret || !refreshToken || !loginCustomerId) return null;
  return {
    developerToken,
    clientId,
    clientSecret,
    refreshToken,
    loginCustomerId,
    apiUrl: (env.GOOGLE_ADS_API_URL || GOOGLE_ADS_API_URL).replace(/\/$/, ''),
    tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL || GOOGLE_OAUTH_TOKEN_URL,
  };
}

const GOOGLE_ADS_ENV = [
  'GOOGLE_ADS_DEVELOPER_TOKEN',
  'GOOGLE_ADS_CLIENT_ID',
  'GOOGLE_ADS_CLIENT_SECRET',
  'GOOGLE_ADS_REFRESH_TOKEN',
  'GOOGLE_ADS_LOGIN_CUSTOMER_ID',
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  const sandbox = !production || env.SANDBOX === '1';
  return {
    port,
    host: env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    production,
    sandbox,
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
    publicApiRateLimit: Number(env.PUBLIC_API_RATE_LIMIT ?? PUBLIC_API_RATE_LIMIT.max),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    outboundAllow: listOf(env.OUTBOUND_ALLOW).filter(isAddressOrNetwork),
    webDist:
      env.WEB_DIST === ''
        ? undefined
        : resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    storeProvider: storeProviderName(env),
    internalUrl: (env.INTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    sandboxPayments: sandbox && env.PAYMENTS_SANDBOX !== '0',
    demoData: sandbox && env.SEED_DEMO !== '0',
    sandboxConfirmationSeconds: Number(env.SANDBOX_CONFIRMATION_SECONDS ?? 10),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    paypal: providerConfig(
      env,
      { clientId: 'PAYPAL_CLIENT_ID', clientSecret: 'PAYPAL_CLIENT_SECRET', webhookId: 'PAYPAL_WEBHOOK_ID' },
      'PAYPAL_API_URL',
    ),
    nowpayments: providerConfig(
      env,
      { apiKey: 'NOWPAYMENTS_API_KEY', ipnSecret: 'NOWPAYMENTS_IPN_SECRET' },
      'NOWPAYMENTS_API_URL',
    ),
    binancePay: providerConfig(
      env,
      { apiKey: 'BINANCE_PAY_API_KEY', secret: 'BINANCE_PAY_SECRET' },
      'BINANCE_PAY_API_URL',
    ),
    gatePay: providerConfig(
      env,
      { clientId: 'GATE_PAY_CLIENT_ID', apiKey: 'GATE_PAY_API_KEY' },
      'GATE_PAY_API_URL',
    ),
    liqpay: providerConfig(
      env,
      { publicKey: 'LIQPAY_PUBLIC_KEY', privateKey: 'LIQPAY_PRIVATE_KEY' },
      'LIQPAY_API_URL',
    ),
    fondy: providerConfig(
      env,
      { merchantId: 'FONDY_MERCHANT_ID', paymentKey: 'FONDY_PAYMENT_KEY' },
      'FONDY_API_URL',
    ),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'storelift:',
    vendorSandboxSpeed: Math.max(0, Number(env.VENDOR_SANDBOX_SPEED ?? 1)) || 1,
    // A default for dev and demo: the sandbox panel moves no real money or delivery.
    vendorSandboxPanelKey: env.VENDOR_SANDBOX_PANEL_KEY || 'sandbox-panel-key',
    googleAds: googleAdsOf(env),
    supportEmail: env.SUPPORT_EMAIL || 'support@storelift.test',
    supportTelegram: env.SUPPORT_TELEGRAM || undefined,
    blogFeedUrl: env.BLOG_FEED_URL || undefined,
  };
}

/**
 * Why this configuration must not serve production, as one line, or null when it may: production sends
 * real mail and reads the real stores, so it needs SMTP_URL and STORE_PROVIDER=live.
 */
export function productionProblem(config: Config): string | null {
  if (!config.production) return null;
  const missing = [
    ...(config.smtpUrl ? [] : ['SMTP_URL (mail would only reach the outbox)']),
    ...(config.storeProvider === 'live' ? [] : ['STORE_PROVIDER=live (the offline catalog is demo data)']),
  ];
  return missing.length ? `Storelift refuses to start in production without ${missing.join(' and ')}.` : null;
}

/** The sandboxes this configuration turns on, by name. */
export function sandboxesOn(config: Config): string[] {
  if (!config.sandbox) return [];
  return [
    ...(config.sandboxPayments ? ['payment sandbox'] : []),
    'sandbox vendor',
    ...(config.googleAds ? [] : ['sandbox ad network']),
    ...(config.demoData ? ['demo data'] : []),
    'dev mailbox',
  ];
}

/** What a process logs at start when OUTBOUND_ALLOW opens private addresses to outbound calls; null otherwise. */
export function outboundAllowNotice(config: Config): string | null {
  if (!config.outboundAllow.length) return null;
  return `OUTBOUND_ALLOW: vendor APIs, ad networks and webhooks may also reach ${config.outboundAllow.join(', ')}.`;
}

/** The warning a production process logs at start when SANDBOX=1 turns sandboxes on; null otherwise. */
export function sandboxWarning(config: Config): string | null {
  const sandboxes = sandboxesOn(config);
  if (!config.production || !sandboxes.length) return null;
  return `SANDBOX=1 in production: ${sandboxes.join(', ')} on; no real money, delivery or mail moves through them.`;
}
