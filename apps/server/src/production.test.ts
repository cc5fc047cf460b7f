import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, MESSAGES, PAYMENT_SYSTEMS, PRODUCT_TYPES } from '@storelift/shared';
import { buildTestApp, createTestStore, errorsOf, type TestApp } from '../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser } from '../test/factories.js';
import { loadConfig, productionProblem, sandboxWarning } from './config.js';
import { campaigns, payments } from './db/schema/index.js';
import { DEMO_PASSWORD } from './seed.js';
import { hashPassword } from './lib/passwords.js';
import { signingSecret } from './modules/core-settings/signing-secret.js';
import { balancesOf } from './modules/ledger/ledger.js';
import { insertPayment } from './modules/billing/payments.repo.js';
import { DEMO_APPS } from './providers/store/offline/demo-apps.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from './providers/payments/sandbox/sandbox-provider.js';

const LIVE = { SMTP_URL: 'smtp://127.0.0.1:2525', STORE_PROVIDER: 'live' };

describe('the configuration', () => {
  it('allows every sandbox outside production and binds 127.0.0.1; PAYMENTS_SANDBOX=0 and SEED_DEMO=0 still turn theirs off', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      sandbox: true,
      sandboxPayments: true,
      demoData: true,
    });
    expect(loadConfig({ PAYMENTS_SANDBOX: '0', SEED_DEMO: '0' })).toMatchObject({
      sandbox: true,
      sandboxPayments: false,
      demoData: false,
    });
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('turns every sandbox off in production unless SANDBOX=1, and binds 0.0.0.0 unless HOST says', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      host: '0.0.0.0',
      sandbox: false,
      sandboxPayments: false,
      demoData: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' }).sandbox).toBe(false);
    expect(sandboxWarning(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(sandboxWarning(loadConfig({}))).toBeNull();
    const on = loadConfig({ NODE_ENV: 'production', SANDBOX: '1' });
    expect(on).toMatchObject({ sandbox: true, sandboxPayments: true, demoData: true });
    expect(sandboxWarning(on)).toBe(
      'SANDBOX=1 in production: payment sandbox, sandbox vendor, sandbox ad network, demo data, dev mailbox on; ' +
        'no real money, delivery or mail moves through them.',
    );
  });

  it('sets a hosted payment provider only when every credential of it is set, its API URL optional', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH1' };
    expect(loadConfig(paypal).paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: 'WH1',
      apiUrl: undefined,
    });
    expect(
      loadConfig({ ...paypal, PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/' }).paypal?.apiUrl,
    ).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ ...paypal, PAYPAL_WEBHOOK_ID: ' ' }).paypal).toBeUndefined();
    expect(loadConfig({ FONDY_MERCHANT_ID: '1396424' }).fondy).toBeUndefined();
    expect(loadConfig({ LIQPAY_PUBLIC_KEY: 'p', LIQPAY_PRIVATE_KEY: 'k' }).liqpay).toEqual({
      publicKey: 'p',
      privateKey: 'k',
      apiUrl: undefined,
    });
    expect(loadConfig({})).toMatchObject({
      paypal: undefined,
      nowpayments: undefined,
      binancePay: undefined,
      gatePay: undefined,
      liqpay: undefined,
      fondy: undefined,
    });
  });

  it('names in one line what production lacks: SMTP_URL and a live store provider', () => {
    const problem = productionProblem(loadConfig({ NODE_ENV: 'production' }));
    expect(problem).toBe(
      'Storelift refuses to start in production without SMTP_URL (mail would only reach the outbox) and ' +
        'STORE_PROVIDER=live (the offline catalog is demo data).',
    );
    expect(productionProblem(loadConfig({ NODE_ENV: 'production', SMTP_URL: LIVE.SMTP_URL }))).toBe(
      'Storelift refuses to start in production without STORE_PROVIDER=live (the offline catalog is demo data).',
    );
    expect(productionProblem(loadConfig({ NODE_ENV: 'production', ...LIVE }))).toBeNull();
    expect(productionProblem(loadConfig({}))).toBeNull();
  });
});

describe('a production server without SANDBOX=1, with Stripe for cards and Alipay', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { production, sandbox, sandboxPayments, demoData } = loadConfig({ NODE_ENV: 'production' });
    t = await buildTestApp({
      workers: false,
      config: {
        production,
        sandbox,
        sandboxPayments,
        demoData,
        stripeSecretKey: 'sk_test_storelift',
        stripeWebhookSecret: 'whsec_test_storelift',
      },
    });
  });
  afterAll(() => t?.close());

  it('offers only the system a real provider serves and refuses the others with 422, recording nothing', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const listed = await t.call('GET', 'paysystems', auth);
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().data.map((system: { id: number; provider: string }) => [system.id, system.provider]),
    ).toEqual([
      [PAYMENT_SYSTEMS.card, 'stripe'],
      // Stripe serves Alipay on the same keys.
      [PAYMENT_SYSTEMS.alipay, 'stripe'],
    ]);
    for (const paysystem_id of [
      PAYMENT_SYSTEMS.paypal,
      PAYMENT_SYSTEMS.cryptoExchange,
      PAYMENT_SYSTEMS.wise,
    ]) {
      const checkout = await t.call('POST', 'checkout', auth, { amount: 100, paysystem_id });
      expect(checkout.statusCode).toBe(422);
      expect(errorsOf(checkout).paysystem_id).toEqual([MESSAGES.paysystemUnavailable]);
      const viaAuth = await t.call('POST', `checkout/${paysystem_id}/auth`, auth, { amount: 100 });
      expect(viaAuth.statusCode).toBe(422);
    }
    expect(await t.deps.db.select().from(payments).where(eq(payments.user_id, user.id))).toEqual([]);
  });

  it('sells no CPI without an ad network: hidden from the products on sale, an order refused with 422, nothing charged', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeApp(t.deps, user.id);
    await makeTopUp(t.deps.db, user.id, '100');
    const constants = await t.app.inject({ url: '/api/private/v1/constants' });
    expect(constants.json().data.orderableProductTypes).toEqual([1, 2, 5, 6, 7, 8]);
    const cpi = {
      productType: PRODUCT_TYPES.cpi,
      packageId: DEMO_APPS.googlePlay.fitness,
      appstore: 1,
      country: 'US',
      cpiGeo: ['europe'],
      cpiHeadline1: 'FitPulse workouts',
      cpiHeadline2: 'Train at home',
      cpiAdAssets: 'Short home workouts without equipment, a step counter and weekly plans.',
    };
    for (const body of [cpi, { ...cpi, draft: true }]) {
      for (const call of ['campaigns', 'campaigns/quote']) {
        const refused = await t.call('POST', call, auth, body);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(errorsOf(refused).productType).toEqual([CAMPAIGN_MESSAGES.campaignCpiUnavailable]);
      }
    }
    expect(await t.deps.db.$count(campaigns, eq(campaigns.user_id, user.id))).toBe(0);
    expect((await balancesOf(t.deps.db, user.id)).main).toBe('100.0000');
  });

  it('has no sandbox checkout, credits nothing through a sandbox callback and has no dev mailbox', async () => {
    const { user } = await makeUser(t.database.db);
    // A sandbox payment left from before the switch: neither its page nor a signed callback pays it now.
    const payment = await insertPayment(t.deps.db, {
      user_id: user.id,
      paysystem_id: PAYMENT_SYSTEMS.paypal,
      amount: '100.0000',
      total: '100.0000',
      provider: 'sandbox',
    });
    expect((await t.app.inject({ url: `/sandbox/checkout/${payment.uuid}` })).statusCode).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${payment.uuid}/pay` });
    expect(pay.statusCode).toBe(404);
    const body = JSON.stringify(newSandboxEvent('payment.paid', payment.uuid, payment.total));
    const callback = await t.app.inject({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(await signingSecret(t.deps.db), body),
      },
      payload: body,
    });
    expect(callback.statusCode).toBe(404);
    const [after] = await t.deps.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe('pending');
    expect((await balancesOf(t.deps.db, user.id)).main).toBe('0.0000');
    expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The real server (`src/server.ts`) in its own process, with what it prints. */
function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(tsx, [serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'warn', WORKERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    output,
    exited,
    /** Waits until the server answers on its port (it exits: the output is in the error). */
    async healthy(port: number) {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server exited: ${output.stderr}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`The server did not answer: ${output.stderr}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('a real production start', () => {
  it('refuses without SMTP_URL and a live store, warns with SANDBOX=1, and without it retires the demo accounts and offers no sandbox', async () => {
    const store = await createTestStore({ persistent: true });
    const database = { DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl ?? '' };
    try {
      const refused = startServer({ NODE_ENV: 'production', ...database });
      expect(await refused.exited).toBe(1);
      expect(refused.output.stderr.trim()).toBe(productionProblem(loadConfig({ NODE_ENV: 'production' })));

      // A database that once had demo data: the demo admin with the published password, signed in.
      const before = await buildTestApp({ store, workers: false });
      const demo = await makeUser(before.database.db, {
        email: 'admin@storelift.test',
        password_hash: await hashPassword(DEMO_PASSWORD),
        roles: ['admin', 'user'],
      });
      const customer = await makeUser(before.database.db);
      await before.close();

      const port = await freePort();
      // SEED_DEMO=0 still turns demo data off (and keeps this start short).
      const sandboxed = startServer({
        NODE_ENV: 'production',
        SANDBOX: '1',
        SEED_DEMO: '0',
        ...LIVE,
        ...database,
        PORT: `${port}`,
      });
      await sandboxed.healthy(port);
      await sandboxed.stop();
      const warning = sandboxed.output.stdout
        .split('\n')
        .find((line) => line.includes('SANDBOX=1 in production'));
      expect(JSON.parse(warning ?? '{}')).toMatchObject({
        level: 40,
        sandboxes: ['payment sandbox', 'sandbox vendor', 'sandbox ad network', 'dev mailbox'],
      });

      const server = startServer({ NODE_ENV: 'production', ...LIVE, ...database, PORT: `${port}` });
      try {
        await server.healthy(port);
        const url = (path: string) => `http://127.0.0.1:${port}${path}`;
        const login = await fetch(url('/api/private/v1/login'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: demo.user.email, password: DEMO_PASSWORD }),
        });
        expect(login.status).toBe(422);
        expect((await fetch(url('/api/private/v1/me'), { method: 'POST', headers: demo.auth })).status).toBe(
          401,
        );
        const systems = await fetch(url('/api/private/v1/paysystems'), { headers: customer.auth });
        expect(await systems.json()).toEqual({ data: [] });
        expect((await fetch(url('/dev/mailbox'))).status).toBe(404);
        expect((await fetch(url('/sandbox/checkout/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
      } finally {
        await server.stop();
      }
      expect(server.output.stdout).not.toContain('SANDBOX=1');
    } finally {
      await store.drop();
    }
    // Three starts of the real server, each compiling it and opening the database.
  }, 240_000);
});
