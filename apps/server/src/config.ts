import { resolve } from 'node:path';
import { storeProviderName } from './providers/store/create-store-provider.js';
import type { StoreProviderName } from './providers/store/store-provider.js';

/** Runtime configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  logLevel: string;
  production: boolean;
  /** Requests per minute allowed on login, register and forgot-password, per client address. */
  authRateLimit: number;
  /** Fastify's trustProxy: which proxies may set X-Forwarded-For (rate limits key on the client address). */
  trustProxy: boolean | string;
  /** Directory of the built web app served at `/`; absent in API-only runs. */
  webDist: string | undefined;
  /** Which store provider serves app lookups, searches and ranks: offline (default) or live. */
  storeProvider: StoreProviderName;
  /** Where this server is reachable from itself: the sandbox provider posts its callbacks here. */
  internalUrl: string;
  /** The embedded sandbox payment provider serves every payment system without a real one (default on). */
  sandboxPayments: boolean;
  /** Seconds between the sandbox's simulated crypto confirmations. */
  sandboxConfirmationSeconds: number;
  /** Stripe Checkout for card payments (system 30) when both are set. */
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Another Stripe API origin (a local stand-in such as stripe-mock); default Stripe's own. */
  stripeApiUrl: string | undefined;
  /** How many times faster than real time the sandbox vendor delivers (a demo campaign: 1440 = a day a minute). */
  vendorSandboxSpeed: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    webDist:
      env.WEB_DIST === ''
        ? undefined
        : resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    storeProvider: storeProviderName(env),
    internalUrl: (env.INTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    sandboxPayments: env.PAYMENTS_SANDBOX !== '0',
    sandboxConfirmationSeconds: Number(env.SANDBOX_CONFIRMATION_SECONDS ?? 10),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    vendorSandboxSpeed: Math.max(0, Number(env.VENDOR_SANDBOX_SPEED ?? 1)) || 1,
  };
}
