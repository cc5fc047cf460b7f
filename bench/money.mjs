// npm run bench (third part): money at scale on PostgreSQL.
// Seeds the database `storelift_money_bench` (kept between runs; BENCH_RESEED=1 rebuilds it) with one user
// holding 100,000 ledger rows among 400,000 rows of 1,000 other users, then prints through the real HTTP
// application: the p95 server time of that user's transactions list (target < 30 ms) and how many
// signed sandbox top-up callbacks per second are credited (target > 500/s), then checks the ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchDatabase, printP95 } from './support.mjs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { signingSecret } from '../apps/server/dist/modules/core-settings/signing-secret.js';
import { createSession } from '../apps/server/dist/modules/sessions/sessions.repo.js';
import { checkLedger } from '../apps/server/dist/modules/ledger/ledger-check.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../apps/server/dist/providers/payments/sandbox/sandbox-provider.js';

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

const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '', DATABASE_URL: benchUrl });
const database = await openDatabase({ databaseUrl: benchUrl });
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

  // Pending sandbox top-ups of 1,000 users, then their signed callbacks, CONCURRENCY at a time.
  const created = await database.db.execute(sql`
    insert into payments (user_id, paysystem_id, amount, total, provider, status)
    select (select min(id) from users) + 1 + g % 1000, 30, 100, 103, 'sandbox', 'pending'
    from generate_series(1, ${CALLBACKS}) g
    returning uuid, total`);
  const secret = await signingSecret(database.db);
  const bodies = created.rows.map((row) =>
    JSON.stringify(newSandboxEvent('payment.paid', row.uuid, row.total)),
  );
  const started = performance.now();
  let next = 0;
  let credited = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const index = next++;
        const body = bodies[index];
        const res = await app.inject({
          method: 'POST',
          url: SANDBOX_CALLBACK_PATH,
          // From many addresses, as many customers' payments come: one address is limited to 300 a minute.
          remoteAddress: `10.9.${index >> 8}.${index & 255}`,
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, body),
          },
          payload: body,
        });
        if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
        if (res.json().status === 'credited') credited += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `top-up callbacks: ${credited} credited in ${seconds.toFixed(2)} s = ${(credited / seconds).toFixed(0)}/s (target > 500/s)`,
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
  rmSync(dataDir, { recursive: true, force: true });
}
