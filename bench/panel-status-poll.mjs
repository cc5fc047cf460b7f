// node --import tsx bench/panel-status-poll.mjs (after npm run build; tsx loads the stand-in panel, a test
// helper in TypeScript): the delivery job's time per pass with BENCH_OPEN_ORDERS (10,000) open orders at a panel
// vendor, on PostgreSQL. Recreates the database `storelift_panel_poll_bench` with one panel vendor pointed at the
// stand-in panel (apps/server/test/stand-in-panel.ts, over HTTP on 127.0.0.1) and 1,000 active keyword-installs
// campaigns of 10 keywords, each keyword's day 1 placed at the panel. Each pass the panel delivers one more
// install of every order, then one delivery tick runs: it polls every open order in `status` calls of 100 and
// records each campaign's days in its own transaction. Target: under 30 s a pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { benchDatabase, postgresCpuMs } from './support.mjs';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { outboundPolicy } from '../apps/server/dist/lib/public-url.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { deliveryTick } from '../apps/server/dist/modules/campaigns/delivery/campaigns.delivery.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';
import { startStandInPanel } from '../apps/server/test/stand-in-panel.ts';

const bench = benchDatabase('storelift_panel_poll_bench');
const OPEN_ORDERS = Number(process.env.BENCH_OPEN_ORDERS ?? 10_000);
const KEYWORDS = 10;
const CAMPAIGNS = Math.ceil(OPEN_ORDERS / KEYWORDS);
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const TARGET_MS = 30_000;
// Each order is for more installs than the passes deliver, so every order stays open and changes each pass.
const QUANTITY = 100;

await bench.recreateMigrated();
const panel = await startStandInPanel({ balance: '100000000.00' });
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '', DATABASE_URL: bench.url });
const database = await openDatabase({ databaseUrl: bench.url });
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const { db } = database;
const deps = {
  db,
  jobs,
  config,
  store: createStoreProvider('offline'),
  // The stand-in listens on 127.0.0.1.
  outbound: outboundPolicy(['127.0.0.0/8']),
};
const rowsOf = async (query) => (await db.execute(query)).rows;

/**
 * CPU ms used so far by this process and by PostgreSQL's processes on this machine (-1 where /proc cannot tell):
 * the wall time of a pass depends on what else the machine runs, its CPU time much less.
 */
function cpuMs() {
  const own = process.cpuUsage();
  return { node: (own.user + own.system) / 1000, postgres: postgresCpuMs() };
}

try {
  const [user] =
    await rowsOf(sql`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
    values ('poll@bench.test', 'x', 'polluser', 'Bench User', 'developer', 'US', now()) returning id`);
  const [vendor] =
    await rowsOf(sql`insert into vendors (name, store, products, protocol, api_url, api_key, services,
      services_currency, balance, balance_currency, balance_at)
    values ('Bench panel', 1, '[1, 2]'::jsonb, 'panel', ${panel.url}, ${panel.key}, ${JSON.stringify(panel.services)}::jsonb,
      'USD', 100000000, 'USD', now()) returning id`);
  await db.execute(sql`insert into vendor_mappings (vendor_id, product_type, store, service)
    values (${vendor.id}, 2, 1, '2')`);
  // Active keyword campaigns started a minute ago on day 1 of 1, charged, with the vendor.
  await db.execute(sql`insert into campaigns (user_id, appstore, package, country_id, product_type, status, days,
      installs, installs_total, unit_price, price, charged, settings, vendor, vendor_id, started_at, clock_at, progress_ms)
    select ${user.id}, 1, 'com.storelift.demo.fitness', (select id from countries where code = 'US'), 2, 'active', 1,
      ${QUANTITY}, ${QUANTITY * KEYWORDS}, 0.16, 0.16 * ${QUANTITY * KEYWORDS}, 0.16 * ${QUANTITY * KEYWORDS},
      jsonb_build_object('deliveryType', 0, 'promotionRule', 0, 'distribution', 'equal', 'installsPlan', null,
        'keywords', (select jsonb_agg('kw ' || k) from generate_series(1, ${KEYWORDS}) k)),
      'Bench panel', ${vendor.id}, now() - interval '1 minute', now() - interval '1 minute', 60000
    from generate_series(1, ${CAMPAIGNS})`);
  await db.execute(sql`insert into campaign_orders (campaign_id, type, keyword, installs_total)
    select c.id, 2, 'kw ' || k, ${QUANTITY} from campaigns c cross join generate_series(1, ${KEYWORDS}) k
    where c.user_id = ${user.id}`);
  await db.execute(sql`insert into campaign_order_days (order_id, day, installs_total)
    select o.id, 1, o.installs_total from campaign_orders o join campaigns c on c.id = o.campaign_id
    where c.user_id = ${user.id}`);
  // Each keyword's day placed at the panel (in its book directly, as `add` would) and open here.
  const orders = await rowsOf(sql`select o.id, o.campaign_id from campaign_orders o
    join campaigns c on c.id = o.campaign_id where c.user_id = ${user.id} order by o.id`);
  for (let i = 0; i < orders.length; i += 1000) {
    const values = orders.slice(i, i + 1000).map((order) => {
      const placed = panel.place({
        service: '2',
        link: 'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness&gl=US',
        quantity: QUANTITY,
        keywords: 'kw',
      });
      return sql`(${order.campaign_id}, ${vendor.id}, 1, ${order.id}, '2', ${QUANTITY}, ${placed.order}, 'open')`;
    });
    await db.execute(sql`insert into vendor_orders (campaign_id, vendor_id, day, order_id, service, quantity,
      panel_order, state) values ${sql.join(values, sql`, `)}`);
  }
  await db.execute(sql`analyze`);
  console.log(`${orders.length} open panel orders over ${CAMPAIGNS} campaigns, one panel vendor (stand-in)`);

  const times = [];
  for (let pass = 1; pass <= PASSES; pass++) {
    panel.advance(1);
    const from = panel.requests.length;
    const cpuBefore = cpuMs();
    const started = performance.now();
    await deliveryTick(deps, new Date());
    const ms = performance.now() - started;
    const cpuAfter = cpuMs();
    times.push(ms);
    const polls = panel.requests.slice(from).filter((request) => request.action === 'status').length;
    const seconds = (key) => ((cpuAfter[key] - cpuBefore[key]) / 1000).toFixed(1);
    console.log(
      `pass ${pass}: ${(ms / 1000).toFixed(2)} s (${polls} status calls; CPU: server and stand-in ${seconds('node')} s, ` +
        `PostgreSQL ${seconds('postgres')} s; load average ${loadavg()[0].toFixed(1)})`,
    );
  }
  const [delivered] = await rowsOf(
    sql`select sum(installs_actual)::int as total from campaigns where user_id = ${user.id}`,
  );
  if (delivered.total !== orders.length * PASSES)
    throw new Error(`delivered ${delivered.total}, expected ${orders.length * PASSES}`);
  if (panel.violations.length)
    throw new Error(`panel violations: ${panel.violations.slice(0, 3).join('; ')}`);
  const worst = Math.max(...times);
  console.log(
    `delivery job per pass, ${orders.length} open panel orders: worst ${(worst / 1000).toFixed(2)} s ` +
      `(target < ${TARGET_MS / 1000} s) ${worst < TARGET_MS ? 'OK' : 'MISSED'}`,
  );
} finally {
  await jobs.stop();
  await database.close();
  await panel.close();
  rmSync(dataDir, { recursive: true, force: true });
}
