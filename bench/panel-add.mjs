// node bench/panel-add.mjs (after npm run build): `add` calls per second on the panel API (`POST /api/v2`), on
// PostgreSQL. Recreates the database `storelift_panel_add_bench` with 200 users (funded balance, a tracked app,
// a live API token and credits for the run), then sends BENCH_ORDERS (2,000) form-encoded `add` calls of direct
// installs (10 a day for 3 days), 32 in flight, each with an Idempotency-Key, through the real HTTP application:
// the token lookup, the public API's rate limit and credits, the order and its charge. Target: >= 200 adds/s.
// Then the same orders through `POST /api/v1/campaigns` (JSON, Idempotency-Key) on the same machine and moment,
// the baseline the panel protocol adds to; then checks that each call ordered and charged once (campaigns,
// credits) and that the ledger agrees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PUBLIC_API_CREDITS } from '@storelift/shared';
import { benchDatabase, postgresCpuMs } from './support.mjs';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { changeApiToken } from '../apps/server/dist/modules/api-credits/api-credits.service.js';
import { checkLedger } from '../apps/server/dist/modules/ledger/ledger-check.js';
import { createSession } from '../apps/server/dist/modules/sessions/sessions.repo.js';
import { DEMO_APPS } from '../apps/server/dist/providers/store/offline/demo-apps.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';

const bench = benchDatabase('storelift_panel_add_bench');
const USERS = 200;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const CONCURRENCY = 32;
const WARM_UP = 100;

await bench.recreateMigrated();
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
// The rate limit stays on (every panel call counts against it), just above what one user sends.
const config = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST: '',
  DATABASE_URL: bench.url,
  PUBLIC_API_RATE_LIMIT: String(2 * (ORDERS + WARM_UP)),
});
const database = await openDatabase({ databaseUrl: bench.url });
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const app = await buildApp({ config, database, jobs, store: createStoreProvider('offline') });
const { db } = database;
const rowsOf = async (query) => (await db.execute(query)).rows;

/** A user of the bench: a funded balance, the fitness app tracked, a live API token and credits for the run. */
async function makeBenchUser(n) {
  const [user] =
    await rowsOf(sql`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
    values (${`panel${n}@bench.test`}, 'x', ${`paneluser${n}`}, 'Bench User', 'developer', 'US', now()) returning id`);
  await db.execute(sql`insert into billing_profiles (user_id, price_plan_id, referral_code, api_paid_credits)
    values (${user.id}, 1, ${`P${String(user.id).padStart(7, '0')}`}, ${(ORDERS + WARM_UP) * 4})`);
  // The base plan's prices, as signing up copies them.
  await db.execute(sql`insert into pricetags (user_id, appstore, type, price, is_active)
    select ${user.id}, appstore, type, price, true from plan_prices where plan_id = 1`);
  const session = { authorization: `Bearer ${await createSession(db, user.id)}` };
  const added = await app.inject({
    method: 'POST',
    url: '/api/private/v1/apps',
    headers: session,
    payload: { appstore: 1, country: 'US', package: DEMO_APPS.googlePlay.fitness },
  });
  if (added.statusCode !== 201) throw new Error(`add app: ${added.statusCode} ${added.body}`);
  return { id: user.id, key: (await changeApiToken(db, user.id)).api_token };
}

/** A panel `add` of direct installs, form-encoded as panel software sends it. */
const panelAdd = (user, idempotencyKey) => ({
  method: 'POST',
  url: '/api/v2',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': idempotencyKey },
  payload: new URLSearchParams({
    key: user.key,
    action: 'add',
    service: '101',
    link: `https://play.google.com/store/apps/details?id=${DEMO_APPS.googlePlay.fitness}&gl=US`,
    quantity: '10',
    runs: '3',
  }).toString(),
});
/** The same order through the public API (`POST /api/v1/campaigns`): the baseline the panel adds to. */
const publicOrder = (user, idempotencyKey) => ({
  method: 'POST',
  url: '/api/v1/campaigns',
  headers: { authorization: `Bearer ${user.key}`, 'idempotency-key': idempotencyKey },
  payload: {
    productType: 1,
    packageId: DEMO_APPS.googlePlay.fitness,
    appstore: 1,
    country: 'US',
    days: 3,
    installs: 10,
    deliveryType: 0,
  },
});
const orderOf = (res) =>
  res.statusCode === 200 ? res.json().order : res.statusCode === 201 ? res.json().data.id : undefined;

/** Sends `count` calls of `request`, CONCURRENCY at a time over the users; the orders placed and the refusals by answer. */
async function sendAdds(users, count, label, request = panelAdd) {
  let next = 0;
  const orders = new Set();
  const failures = new Map();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const n = next++;
        const user = users[n % users.length];
        const res = await app.inject(request(user, `${label}-${n}`));
        const order = orderOf(res);
        if (typeof order === 'number') orders.add(order);
        else {
          const key = `${res.statusCode} ${res.body.slice(0, 160)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { orders, failures };
}

try {
  const users = [];
  for (let n = 1; n <= USERS; n++) users.push(await makeBenchUser(n));
  // Each user gets 10,000 on the main balance, as a ledger row and the account's balance.
  await db.execute(sql`insert into accounts (user_id, type)
    select u.id, t.type from users u cross join (values ('main'), ('bonus'), ('referral')) as t(type)
    where u.email like 'panel%@bench.test' on conflict do nothing`);
  await db.execute(sql`insert into transactions (user_id, account_id, account, type, amount, balance_after, entry_id,
      reference_type, reference_id, description)
    select a.user_id, a.id, 'main', 'top_up', 10000, 10000, gen_random_uuid(), 'payment', 'bench-' || a.user_id, 'Top-up'
    from accounts a join users u on u.id = a.user_id where a.type = 'main' and u.email like 'panel%@bench.test'`);
  await db.execute(sql`update accounts a set balance = s.total
    from (select account_id, sum(amount) as total from transactions group by account_id) s where s.account_id = a.id`);
  await db.execute(sql`analyze`);

  /** Times ORDERS calls of `request` after a warm-up; prints the rate and the CPU each cost. */
  const time = async (label, request, target) => {
    await sendAdds(users, WARM_UP, `${label}-warm-up`, request);
    const postgresBefore = postgresCpuMs();
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    const { orders, failures } = await sendAdds(users, ORDERS, label, request);
    const seconds = (performance.now() - started) / 1000;
    const nodeCpu = process.cpuUsage(nodeBefore);
    const postgresCpu = postgresCpuMs() - postgresBefore;
    console.log(
      `${label}: ${orders.size} orders placed and charged in ${seconds.toFixed(2)} s = ${(orders.size / seconds).toFixed(0)}/s${target}`,
    );
    // Client and server share this process, and PostgreSQL the same cores: the CPU each call costs says more.
    console.log(
      `  CPU per call: node (server and client) ${((nodeCpu.user + nodeCpu.system) / 1000 / ORDERS).toFixed(1)} ms` +
        (postgresCpu >= 0 ? `, PostgreSQL ${(postgresCpu / ORDERS).toFixed(1)} ms` : ''),
    );
    for (const [failure, count] of failures) console.log(`  refused ${count}×: ${failure}`);
    return { rate: orders.size / seconds, failures };
  };
  const panel = await time('panel add (POST /api/v2)', panelAdd, ' (target >= 200/s)');
  const v1 = await time('public API order (POST /api/v1/campaigns)', publicOrder, '');
  console.log(`panel add against the public API's order: ${(panel.rate / v1.rate).toFixed(2)}×`);
  const failures = new Map([...panel.failures, ...v1.failures]);

  const [placed] = await rowsOf(sql`select count(*)::int as n from campaigns`);
  const [spent] = await rowsOf(sql`select sum(credits)::int as credits from api_usage_daily`);
  const expected = 2 * (WARM_UP + ORDERS);
  if (placed.n !== expected || spent.credits !== expected * PUBLIC_API_CREDITS.orderCampaign)
    throw new Error(`${placed.n} campaigns and ${spent.credits} credits for ${expected} calls`);
  const { accounts, problems } = await checkLedger(db);
  console.log(
    `${expected.toLocaleString('en')} calls: one campaign and ${PUBLIC_API_CREDITS.orderCampaign} credits each; ledger check: ${problems.length ? `${problems.length} accounts disagree` : `all ${accounts} accounts agree`}`,
  );
  if (problems.length || failures.size) process.exitCode = 1;
} finally {
  await app.close();
  await jobs.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
