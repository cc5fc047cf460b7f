// npm run bench (third part): money at scale on PostgreSQL. `node --import tsx bench/money.mjs` after the build
// (tsx loads the stand-in payment providers, test helpers in TypeScript).
// Seeds the database `storelift_money_bench` (kept between runs; BENCH_RESEED=1 rebuilds it) with one user
// holding 100,000 ledger rows among 400,000 rows of 1,000 other users, then prints through the real HTTP
// application: the p95 server time of that user's transactions list (target < 30 ms), how many signed sandbox
// top-up callbacks per second are credited (target > 500/s) and, for each hosted provider configured against
// its stand-in (Gate Pay, LiqPay, Fondy, NOWPayments, Binance Pay, PayPal: apps/server/test/stand-in-*.ts), how many of its signed notifications
// per second are credited (target >= 500/s), then checks the ledger.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchDatabase, postgresCpuMs, printP95 } from './support.mjs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { signingSecret } from '../apps/server/dist/modules/core-settings/signing-secret.js';
import { createSession } from '../apps/server/dist/modules/sessions/sessions.repo.js';
import { checkLedger } from '../apps/server/dist/modules/ledger/ledger-check.js';
import { paymentProviders } from '../apps/server/dist/providers/payments/create-payment-providers.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../apps/server/dist/providers/payments/sandbox/sandbox-provider.js';
import { startStandInGatePay } from '../apps/server/test/stand-in-gate-pay.ts';
import { startStandInLiqPay } from '../apps/server/test/stand-in-liqpay.ts';
import { startStandInFondy } from '../apps/server/test/stand-in-fondy.ts';
import { startStandInNowPayments } from '../apps/server/test/stand-in-nowpayments.ts';
import { startStandInBinancePay } from '../apps/server/test/stand-in-binance-pay.ts';

const bench = benchDatabase('storelift_money_bench');
const benchUrl = bench.url;
const OWN_ROWS = 100_000;
const OTHER_ROWS = 400_000;
const CALLBACKS = Number(process.env.BENCH_CALLBACKS ?? 3000);
const CONCURRENCY = 32;

async function seed() {
  await bench.recreateMigrated();

  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const started = performance.now();
  await client.query(`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
    select 'm' || i || '@bench.test', 'x', 'moneyuser' || i, 'Bench User', 'developer', 'US', now() from generate_series(1, 1001) i`);
  await client.query(`insert into billing_profiles (user_id, price_plan_id, referral_code)
    select id, 1, 'B' || lpad(id::text, 7, '0') from users`);
  await client.query(`insert into accounts (user_id, type) select u.id, t.type from users u
    cross join (values ('main'), ('bonus'), ('referral')) as t(type)`);
  // Rows alternate +10 top-ups and -5 charges over the last year, so every running balance stays >= 0.
  const ledgerRows = (userExpr, count) => `insert into transactions
      (user_id, account_id, account, type, amount, balance_after, entry_id, reference_type, reference_id,
       description, appstore, package, created_at)
    select u, a.id, 'main', case when g % 2 = 1 then 'top_up' else 'campaign_charge' end,
      case when g % 2 = 1 then 10 else -5 end, 0, gen_random_uuid(),
      case when g % 2 = 1 then 'payment' else 'campaign' end, 'bench-' || u || '-' || g,
      case when g % 2 = 1 then 'Top-up' else 'Campaign for com.bench.app' || (g % 50) end,
      case when g % 2 = 1 then null else 1 + g % 2 end,
      case when g % 2 = 1 then null else 'com.bench.app' || (g % 50) end,
      now() - interval '365 days' + (g * interval '1 second') * (31536000 / ${count}.0)
    from (select ${userExpr} as u, g from generate_series(1, ${count}) g) s
    join accounts a on a.user_id = s.u and a.type = 'main'`;
  await client.query(ledgerRows('(select min(id) from users)', OWN_ROWS));
  await client.query(
    ledgerRows(`(select min(id) from users) + 1 + (g - 1) / ${OTHER_ROWS / 1000}`, OTHER_ROWS),
  );
  await client.query(`update transactions t set balance_after = r.running from (
      select id, sum(amount) over (partition by account_id order by created_at, id) as running from transactions) r
    where r.id = t.id`);
  await client.query(`update accounts a set balance = s.total
    from (select account_id, sum(amount) as total from transactions group by account_id) s where s.account_id = a.id`);
  await client.query('vacuum analyze');
  await client.query(`insert into settings (key, value) values ('money_bench_seeded', 'true')`);
  await client.end();
  console.log(
    `seeded ${(OWN_ROWS + OTHER_ROWS).toLocaleString('en')} ledger rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

if (process.env.BENCH_RESEED === '1' || !(await bench.isSeeded('money_bench_seeded'))) await seed();

/**
 * PayPal's stand-in in a process of its own (bench/paypal-elsewhere.ts): its answer to each verify call is PayPal's
 * work, not the server's. `notification` asks it for a signed webhook.
 */
async function startPayPalElsewhere() {
  const child = fork(new URL('./paypal-elsewhere.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const [{ ready }] = await once(child, 'message');
  const waiting = new Map();
  let next = 0;
  child.on('message', ({ id, notification }) => waiting.get(id)?.(notification));
  return {
    ...ready,
    notification: (eventType, resource) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        child.send({ id, eventType, resource });
      }),
    close: async () => {
      child.disconnect();
      await once(child, 'exit');
    },
  };
}

const [gate, liqpay, fondy, nowpayments, binance, paypal] = await Promise.all([
  startStandInGatePay(),
  startStandInLiqPay(),
  startStandInFondy(),
  startStandInNowPayments(),
  startStandInBinancePay(),
  startPayPalElsewhere(),
]);
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST: '',
  DATABASE_URL: benchUrl,
  GATE_PAY_CLIENT_ID: gate.clientId,
  GATE_PAY_API_KEY: gate.apiKey,
  GATE_PAY_API_URL: gate.url,
  LIQPAY_PUBLIC_KEY: liqpay.publicKey,
  LIQPAY_PRIVATE_KEY: liqpay.privateKey,
  LIQPAY_API_URL: liqpay.url,
  FONDY_MERCHANT_ID: fondy.merchantId,
  FONDY_PAYMENT_KEY: fondy.paymentKey,
  FONDY_API_URL: fondy.url,
  NOWPAYMENTS_API_KEY: nowpayments.apiKey,
  NOWPAYMENTS_IPN_SECRET: nowpayments.ipnSecret,
  NOWPAYMENTS_API_URL: nowpayments.url,
  BINANCE_PAY_API_KEY: binance.apiKey,
  BINANCE_PAY_SECRET: binance.secret,
  BINANCE_PAY_API_URL: binance.url,
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
  PAYPAL_API_URL: paypal.url,
});
const database = await openDatabase({ databaseUrl: benchUrl });
// The kept database follows the migrations added since it was seeded.
await database.migrate();
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const app = await buildApp({ config, database, jobs, store: createStoreProvider('offline') });
try {
  const [owner] = (await database.db.execute(sql`select min(id) as id from users`)).rows;
  const headers = { authorization: `Bearer ${await createSession(database.db, owner.id)}` };

  await printP95(
    app,
    headers,
    'transactions list, user with 100,000 rows',
    '/api/private/v1/transactions',
    30,
  );
  await printP95(
    app,
    headers,
    '  … main balance, charges only, page 50',
    '/api/private/v1/transactions?balance=1&type=campaign_charge&page=50',
    30,
  );
  await printP95(
    app,
    headers,
    '  … last month, by amount',
    '/api/private/v1/transactions?date=month&sortBy=amount',
    30,
  );

  /** Pending top-ups of 100 by 1,000 users through one system and provider, as a checkout writes them (on 100
   * the fee in dollars is the system's percent). */
  const pendingPayments = async (paysystemId, provider) =>
    (
      await database.db.execute(sql`
        insert into payments (user_id, paysystem_id, amount, fee, total, provider, status, required_confirmations)
        select (select min(id) from users) + 1 + g % 1000, s.id, 100, s.fee_percent, 100 + s.fee_percent, ${provider}, 'pending',
          s.confirmations
        from generate_series(1, ${CALLBACKS}) g join payment_systems s on s.id = ${paysystemId}
        returning id, uuid, total`)
    ).rows;

  /** Posts each row's request, CONCURRENCY at a time, and prints how many of the rows were credited a second. */
  const creditRate = async (label, provider, rows, requestOf) => {
    const requests = await Promise.all(rows.map(requestOf));
    // The adapter's own share: verifying and reading each notification, without the database.
    const adapter = paymentProviders(config).byName(provider);
    let readMs = null;
    if (adapter?.readNotification) {
      const readStarted = performance.now();
      for (const { body, headers } of requests) {
        await adapter.readNotification({ rawBody: body, headers });
      }
      readMs = (performance.now() - readStarted) / requests.length;
    }
    const postgresBefore = postgresCpuMs();
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const index = next++;
          const { headers, body } = requests[index];
          const res = await app.inject({
            method: 'POST',
            url: `/api/public/v1/payments/callback/${provider}`,
            // From many addresses, as many customers' payments come: one address is limited to 300 a minute.
            remoteAddress: `10.9.${index >> 8}.${index & 255}`,
            headers,
            payload: body,
          });
          if (res.statusCode !== 200)
            throw new Error(`${provider} callback answered ${res.statusCode}: ${res.body}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const nodeCpu = process.cpuUsage(nodeBefore);
    const postgresCpu = postgresCpuMs() - postgresBefore;
    const ids = `{${rows.map((row) => row.id).join(',')}}`;
    const [{ credited }] = (
      await database.db.execute(
        sql`select count(*)::int as credited from payments where id = any(${ids}::int[]) and status = 'credited'`,
      )
    ).rows;
    console.log(
      `${label}: ${credited} credited in ${seconds.toFixed(2)} s = ${(credited / seconds).toFixed(0)}/s (target ${provider === 'sandbox' ? '> 500/s' : '>= 500/s'})`,
    );
    // The server and PostgreSQL share this machine's cores with whatever else runs: the CPU each costs says more.
    console.log(
      `  CPU per notification: node ${((nodeCpu.user + nodeCpu.system) / 1000 / rows.length).toFixed(2)} ms` +
        (postgresCpu >= 0
          ? `, PostgreSQL (every process on the machine) ${(postgresCpu / rows.length).toFixed(2)} ms`
          : '') +
        (readMs === null ? '' : `; the adapter's readNotification alone ${(readMs * 1000).toFixed(0)} µs`),
    );
  };

  // Signed sandbox callbacks of pending card top-ups.
  const secret = await signingSecret(database.db);
  const sandboxRows = (
    await database.db.execute(sql`
      insert into payments (user_id, paysystem_id, amount, total, provider, status)
      select (select min(id) from users) + 1 + g % 1000, 30, 100, 103, 'sandbox', 'pending'
      from generate_series(1, ${CALLBACKS + 500}) g
      returning id, uuid, total`)
  ).rows;
  const sandboxRequest = (row) => {
    const body = JSON.stringify(newSandboxEvent('payment.paid', row.uuid, row.total));
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, body),
      },
    };
  };
  // A warm server, as one that has been answering for a while is: its code compiled and the crediting's
  // statements prepared on its connections (the first 500 are not counted).
  await creditRate('warm-up (not a figure)', 'sandbox', sandboxRows.splice(0, 500), sandboxRequest);
  await creditRate('top-up callbacks', 'sandbox', sandboxRows, sandboxRequest);

  // Each hosted provider's own notifications, signed by its stand-in as the provider signs them.
  // Totals come back with 4 decimals ("101.0000"): cents for Fondy, a number for LiqPay (as each sends it).
  const cents = (total) => String(BigInt(total.replace('.', '')) / 100n);
  await creditRate(
    'Gate Pay notifications (PAY_SUCCESS)',
    'gate-pay',
    await pendingPayments(32, 'gate-pay'),
    (row) =>
      gate.notification(row.uuid.replaceAll('-', ''), 'PAY_SUCCESS', {
        orderAmount: row.total,
        currency: 'USDT',
      }),
  );
  await creditRate('LiqPay callbacks (success)', 'liqpay', await pendingPayments(14, 'liqpay'), (row) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: liqpay.notification(row.uuid, 'success', { amount: Number(row.total), currency: 'USD' }),
  }));
  await creditRate('Fondy callbacks (approved)', 'fondy', await pendingPayments(33, 'fondy'), (row) => {
    const amount = cents(row.total);
    const { body, contentType } = fondy.notification(row.uuid, 'approved', {
      amount,
      actual_amount: amount,
      currency: 'USD',
    });
    return { body, headers: { 'content-type': contentType } };
  });
  await creditRate(
    'NOWPayments IPNs (finished)',
    'nowpayments',
    await pendingPayments(35, 'nowpayments'),
    (row) => nowpayments.notification(row.uuid, 'finished', { price_amount: Number(row.total) }),
  );
  await creditRate(
    'Binance Pay webhooks (PAY_SUCCESS)',
    'binance-pay',
    await pendingPayments(13, 'binance-pay'),
    (row) =>
      binance.notification(row.uuid.replaceAll('-', ''), 'PAY_SUCCESS', {
        totalFee: Number(row.total),
        currency: 'USDT',
      }),
  );
  // PayPal's webhooks are verified by a call to PayPal (its stand-in, in a process of its own) for each one: that
  // round trip counts.
  await creditRate(
    'PayPal webhooks (PAYMENT.CAPTURE.COMPLETED)',
    'paypal',
    await pendingPayments(1, 'paypal'),
    (row) =>
      paypal.notification('PAYMENT.CAPTURE.COMPLETED', {
        id: `CAP${row.id}`,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: row.total.slice(0, -2) },
        custom_id: row.uuid,
      }),
  );
  const { accounts, problems } = await checkLedger(database.db);
  console.log(
    `ledger check: ${problems.length ? `${problems.length} accounts disagree` : `all ${accounts} accounts agree`}`,
  );
  if (problems.length) process.exitCode = 1;
} finally {
  await app.close();
  await jobs.stop();
  await database.close();
  await Promise.all([
    gate.close(),
    liqpay.close(),
    fondy.close(),
    nowpayments.close(),
    binance.close(),
    paypal.close(),
  ]);
  rmSync(dataDir, { recursive: true, force: true });
}
