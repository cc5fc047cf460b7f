// npm run bench (sixth part): requests per second of `GET campaigns` (page 1 of a user with 20,000 campaigns)
// beside a trivial route of the same server (`GET /version.json`: no database), on PostgreSQL, in one run.
// Creates the database `storelift_list_api_bench` on the server BENCH_DATABASE_URL names (default the local
// one, trust auth), runs the built server on it as a child process (`apps/server/dist/server.js`, an API process
// without job workers, as production runs them), drives it with autocannon (keep-alive connections, CONCURRENCY
// requests in flight) and prints per route: requests/s, the server's CPU per request (its /proc/<pid>/stat) and
// PostgreSQL's (the /proc stat of the backends serving this database). Target: the list at 0.2x the trivial
// route or better. Drops the database at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase } from './support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CAMPAIGNS = 20_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const port = 3980 + Math.floor(Math.random() * 9);
const base = `http://127.0.0.1:${port}`;
const bench = benchDatabase('storelift_list_api_bench');
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-list-'));

await bench.recreateMigrated();
const client = new pg.Client({ connectionString: bench.url });
await client.connect();
let server;
try {
  const userId = await seed();
  const token = await session(userId);
  // Vite or a parent may have set NODE_ENV=production; the server runs as `npm start` does, without demo data.
  const { NODE_ENV: _mode, ...env } = process.env;
  // BENCH_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where it spends).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: bench.url,
      WEB_DIST: '',
      SEED_DEMO: '0',
      WORKERS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await healthy();
  // BENCH_ACCEPT_ENCODING=identity: uncompressed answers (browsers ask for gzip, deflate, br and zstd).
  const encoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
  const list = '/api/private/v1/campaigns?status=all&sortBy=id&sortType=desc&page=1&limit=10';
  const first = await fetch(`${base}${list}`, { headers });
  const body = await first.json();
  if (first.status !== 200 || body.data.length !== 10)
    throw new Error(`GET campaigns answered ${first.status}: ${JSON.stringify(body).slice(0, 200)}`);

  console.log(
    `list API on PostgreSQL, autocannon with ${CONCURRENCY} connections, ${SECONDS} s per route after 2 s of warm-up:`,
  );
  const trivial = await load('trivial route, GET /version.json', '/version.json', headers);
  const campaigns = await load(
    `GET campaigns page 1 (user with ${CAMPAIGNS.toLocaleString('en')})`,
    list,
    headers,
  );
  console.log(
    `list / trivial: ${(campaigns / trivial).toFixed(3)}x (target >= 0.2x, ${(0.2 * trivial).toFixed(0)}/s here)`,
  );
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await client.end();
  const admin = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  // BENCH_KEEP_DATABASE=1 keeps it to look into (EXPLAIN) after the run.
  if (process.env.BENCH_KEEP_DATABASE !== '1')
    await admin.query('drop database if exists storelift_list_api_bench with (force)');
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/** One customer with 50 apps and CAMPAIGNS campaigns of every status and type over two years; answers its id. */
async function seed() {
  const started = performance.now();
  const { rows } = await client.query(`insert into users (email, password_hash, nickname, full_name,
      business_type, country, email_verified_at)
    values ('list@bench.test', 'x', 'listbench', 'Bench User', 'developer', 'US', now()) returning id`);
  const userId = rows[0].id;
  await client.query(
    `insert into billing_profiles (user_id, price_plan_id, referral_code) values ($1, 1, 'LISTBENCH')`,
    [userId],
  );
  await client.query(
    `insert into accounts (user_id, type) select $1, t from unnest(array['main', 'bonus', 'referral']) t`,
    [userId],
  );
  await client.query(
    `insert into apps (user_id, appstore, package, country_id, title, developer, icon)
    select $1, 1, 'com.bench.list.app' || a, (select id from countries where code = 'US'), 'Bench App ' || a,
      'Bench Dev', ''
    from generate_series(1, 50) a`,
    [userId],
  );
  await client.query(`insert into campaigns (user_id, app_id, appstore, package, country_id, product_type, status,
      days, installs, installs_total, installs_actual, unit_price, price, charged, description, settings,
      started_at, finished_at, created_at, updated_at)
    select a.user_id, a.id, 1, a.package, a.country_id, s.type, s.status, s.days, s.installs, s.total, s.delivered,
      s.unit, s.unit * s.total, case when s.started then s.unit * s.total else 0 end, '',
      jsonb_build_object('deliveryType', 0, 'promotionRule', 0, 'distribution', 'equal',
        'keywords', case when s.type = 2 then jsonb_build_array('kw ' || s.g % 500) else '[]'::jsonb end,
        'installsPlan', null),
      case when s.started then s.created + interval '1 hour' end,
      case when s.status in ('completed', 'canceled', 'archived', 'failed') then s.created + s.days * interval '1 day' end,
      s.created, s.created
    from (
      select g, t.type, t.status, 3 + g % 12 as days, 10 + (g % 50) * 10 as installs,
        (10 + (g % 50) * 10) * (3 + g % 12) as total,
        case when t.status in ('completed', 'archived') then 1.0 when t.status in ('active', 'pause', 'canceled')
          then 0.5 else 0 end * (10 + (g % 50) * 10) * (3 + g % 12) as delivered,
        case when t.type = 2 then 0.16 else 0.12 end::numeric(14, 4) as unit,
        t.status not in ('draft', 'delayed') as started,
        now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second' as created,
        1 + g % 50 as app_n
      from generate_series(1, ${CAMPAIGNS}) g
      cross join lateral (select case when g % 3 = 0 then 2 else 1 end as type,
        (array['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed',
          'completed', 'completed', 'active', 'active', 'pause', 'draft', 'delayed', 'canceled', 'canceled',
          'archived', 'archived', 'archived', 'failed'])[1 + g % 20] as status) t
    ) s
    join apps a on a.user_id = ${userId} and a.package = 'com.bench.list.app' || s.app_n`);
  await client.query(`insert into campaign_orders (campaign_id, type, keyword, installs_total, installs_actual)
    select c.id, c.product_type, c.settings->'keywords'->>0, c.installs_total, c.installs_actual
    from campaigns c where c.user_id = ${userId}`);
  await client.query('vacuum analyze');
  console.log(
    `seeded ${CAMPAIGNS.toLocaleString('en')} campaigns in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return userId;
}

/** A session token of the user, made through the server's own code. */
async function session(userId) {
  const { openDatabase } = await import('../apps/server/dist/db/client.js');
  const { createSession } = await import('../apps/server/dist/modules/sessions/sessions.repo.js');
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    return await createSession(database.db, userId);
  } finally {
    await database.close();
  }
}

async function healthy() {
  for (let tries = 0; tries < 600; tries++) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in 60 s');
}

/** Sends GET `path` for SECONDS (after a 2 s warm-up) and prints requests/s and CPU per request; answers the rate. */
async function load(label, path, headers) {
  const run = async (seconds) => {
    const result = await autocannon({
      url: `${base}${path}`,
      connections: CONCURRENCY,
      duration: seconds,
      headers,
    });
    if (result.non2xx || result.errors)
      throw new Error(`${path}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
    return result.requests.total;
  };
  await run(2);
  const backends = await databaseBackends();
  const nodeBefore = cpuMs(server.pid);
  const postgresBefore = backends.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const started = performance.now();
  const requests = await run(SECONDS);
  const seconds = (performance.now() - started) / 1000;
  const nodeCpu = cpuMs(server.pid) - nodeBefore;
  const postgresCpu = backends.reduce((sum, pid) => sum + cpuMs(pid), 0) - postgresBefore;
  const rate = requests / seconds;
  console.log(
    `  ${label}: ${rate.toFixed(0)} requests/s; CPU per request: server ${(nodeCpu / requests).toFixed(2)} ms, ` +
      `PostgreSQL ${Math.max(0, postgresCpu / requests).toFixed(2)} ms`,
  );
  return rate;
}

/** The PostgreSQL backends connected to the bench database (the server's pool). */
async function databaseBackends() {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}

/** User + system CPU time of a process so far (Linux /proc, 100 ticks a second); 0 once it is gone. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
