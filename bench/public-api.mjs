// node bench/public-api.mjs (after npm run build): what credit accounting costs the public API, on PostgreSQL.
// Recreates the database `storelift_public_api_bench` with 8 users (one per concurrent client), each with
// three tracked apps, a live and a test API token and credits enough for the run, then prints through the
// real HTTP application how many reads per second (`GET apps`, 8 at a time) answer: through the private API
// with a session (no accounting), through the public API with the test token (token check, rate limit,
// usage counter) and with the live token (the same plus the credits spent). Target: the accounting (live
// token beside the private read) costs under 20 %. Then checks that exactly the table's credits were spent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PUBLIC_API_CREDITS } from '@storelift/shared';
import { benchDatabase } from './support.mjs';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { changeApiToken } from '../apps/server/dist/modules/api-credits/api-credits.service.js';
import { createSession } from '../apps/server/dist/modules/sessions/sessions.repo.js';
import { DEMO_APPS } from '../apps/server/dist/providers/store/offline/demo-apps.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';

const bench = benchDatabase('storelift_public_api_bench');
const USERS = 8;
const READS = Number(process.env.BENCH_READS ?? 1500);
const ROUNDS = 3;

await bench.recreateMigrated();
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
// The rate limit stays on (it is part of every public call), just above what the bench sends.
const config = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST: '',
  DATABASE_URL: bench.url,
  PUBLIC_API_RATE_LIMIT: String(READS * ROUNDS),
});
const database = await openDatabase({ databaseUrl: bench.url });
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const app = await buildApp({ config, database, jobs, store: createStoreProvider('offline') });
const { db } = database;

/** A user of the bench: a session, live and test tokens, three apps and credits for every round. */
async function makeBenchUser(n) {
  const [user] = (
    await db.execute(sql`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
      values (${`api${n}@bench.test`}, 'x', ${`apiuser${n}`}, 'Bench User', 'developer', 'US', now()) returning id`)
  ).rows;
  await db.execute(sql`insert into billing_profiles (user_id, price_plan_id, referral_code, api_paid_credits)
    values (${user.id}, 1, ${`A${String(user.id).padStart(7, '0')}`}, ${READS * ROUNDS})`);
  const session = { authorization: `Bearer ${await createSession(db, user.id)}` };
  const apps = [
    [1, DEMO_APPS.googlePlay.fitness],
    [1, DEMO_APPS.googlePlay.puzzle],
    [2, DEMO_APPS.appStore.fitness],
  ];
  for (const [appstore, packageId] of apps) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/private/v1/apps',
      headers: session,
      payload: { appstore, country: 'US', package: packageId },
    });
    if (res.statusCode !== 201) throw new Error(`add app: ${res.statusCode} ${res.body}`);
  }
  const live = (await changeApiToken(db, user.id)).api_token;
  const test = (await changeApiToken(db, user.id, 'test')).api_token;
  return {
    id: user.id,
    private: session,
    live: { authorization: `Bearer ${live}` },
    test: { authorization: `Bearer ${test}` },
  };
}

/** Reads per second of `url`, READS in all, one client per user each waiting for its answer. */
async function readsPerSecond(users, url, kind) {
  let left = READS;
  const client = async (user) => {
    while (left-- > 0) {
      const res = await app.inject({ url, headers: user[kind] });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    }
  };
  const started = performance.now();
  await Promise.all(users.map(client));
  return READS / ((performance.now() - started) / 1000);
}

try {
  const users = [];
  for (let n = 1; n <= USERS; n++) users.push(await makeBenchUser(n));
  const runs = [
    ['private API, session (no accounting)', '/api/private/v1/apps', 'private'],
    ['public API, test token (usage counted)', '/api/v1/apps', 'test'],
    ['public API, live token (credits spent)', '/api/v1/apps', 'live'],
  ];
  for (const [, url, kind] of runs) await readsPerSecond(users, url, kind); // warm-up
  const best = new Map();
  // Rounds alternate the three, so load from outside the bench weighs on each alike; each keeps its best.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, url, kind] of runs)
      best.set(label, Math.max(best.get(label) ?? 0, await readsPerSecond(users, url, kind)));
  }
  for (const [label, rate] of best) console.log(`${label}: ${rate.toFixed(0)} reads/s`);
  const [plain, , paid] = [...best.values()];
  const cost = ((plain - paid) / plain) * 100;
  console.log(`credit accounting costs ${cost.toFixed(1)} % of the read rate (target < 20 %)`);

  const expected = READS * (ROUNDS + 1) * PUBLIC_API_CREDITS.listApps;
  const [spent] = (
    await db.execute(sql`select sum(credits)::int as credits, sum(calls)::int as calls from api_usage_daily`)
  ).rows;
  const [left] = (
    await db.execute(sql`select sum(${READS * ROUNDS} + 500 - api_credits - api_paid_credits)::int as used
      from billing_profiles`)
  ).rows;
  if (spent.credits !== expected || left.used !== expected)
    throw new Error(
      `credits spent ${spent.credits} (counted) / ${left.used} (profiles), expected ${expected}`,
    );
  console.log(
    `credits spent: ${expected.toLocaleString('en')}, as the table says (${spent.calls.toLocaleString('en')} paid calls)`,
  );
} finally {
  await app.close();
  await jobs.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
