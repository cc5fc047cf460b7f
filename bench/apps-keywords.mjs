// npm run bench (second part): apps and keywords at scale on PostgreSQL.
// Seeds 10,000 apps, 100,000 keywords and 90 days of rank history (9 million samples) into the database
// `storelift_bench` (kept between runs; BENCH_RESEED=1 rebuilds it), then prints through the real HTTP
// application: p95 server time of the keyword list of an app with 1,000 keywords and of a 3-month chart
// of 20 keywords with the keyword-installs campaigns that targeted them (2,000 campaigns of the owner,
// 60 of them on the charted keywords; targets < 50 ms), the impact report of a campaign on a keyword with a
// year of history (target < 50 ms), and update-all throughput with the offline provider (target > 500/s).
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
import { QUEUES, startWorkers } from '../apps/server/dist/workers.js';
import { outboundPolicy } from '../apps/server/dist/lib/public-url.js';
import { createSession } from '../apps/server/dist/modules/sessions/sessions.repo.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';
import { CATEGORIES } from '../apps/server/dist/providers/store/offline/catalog-words.js';

const bench = benchDatabase('storelift_bench');
const benchUrl = bench.url;
const SAMPLES = 9_000_000;

async function sampleCount() {
  const client = new pg.Client({ connectionString: benchUrl });
  try {
    await client.connect();
    return Number((await client.query('select count(*) from keyword_ranks')).rows[0].count);
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => {});
  }
}

async function seed() {
  await bench.recreateMigrated();

  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const started = performance.now();
  const subjects = CATEGORIES.flatMap((category) => category.subjects);
  const us = `(select id from countries where code = 'US')`;
  await client.query(`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
    select 'u' || i || '@bench.test', 'x', 'benchuser' || i, 'Bench User', 'developer', 'US', now() from generate_series(1, 1000) i`);
  await client.query(`insert into apps (user_id, appstore, package, country_id, title, developer, icon)
    select (select min(id) from users) + (i - 1) / 10, 1, 'com.bench.app' || i, ${us}, 'Bench App ' || i, 'Bench Dev ' || (i % 97), ''
    from generate_series(1, 10000) i`);
  await client.query(
    `insert into app_countries (app_id, country_id, is_pending) select id, country_id, false from apps`,
  );
  await client.query(`create temp table subjects (i int, s text)`);
  await client.query(
    `insert into subjects select ordinality::int, s from unnest($1::text[]) with ordinality as s`,
    [subjects],
  );
  // The first app gets 1,000 keywords; the other 99,000 spread over the rest.
  const keywordRows = (appId, from, to) => `insert into keywords
      (app_id, country_id, keyword, favorite, rank, rank_state, change, score, searches, checked_at, stats_checked_at)
    select ${appId}, ${us}, (select s from subjects where subjects.i = 1 + (g % ${subjects.length})) || ' ' || g, g % 7 = 0,
      case when g % 5 = 0 then null else 1 + (g * 37) % 250 end, case when g % 5 = 0 then 'out_of_rank' else 'ok' end,
      (g % 11) - 5, 1 + g % 100, g * 13 % 50000, now(), now()
    from generate_series(${from}, ${to}) g`;
  await client.query(keywordRows('(select min(id) from apps)', 1, 1000));
  await client.query(keywordRows('(select min(id) from apps) + 1 + (g % 9999)', 1001, 100_000));
  await client.query(`insert into keyword_ranks (keyword_id, day, rank, state, source, checked_at)
    select k.id, current_date - d, case when (k.id + d) % 6 = 0 then null else 1 + (k.id * 7 + d * 3) % 250 end,
      case when (k.id + d) % 6 = 0 then 'out_of_rank' else 'ok' end, 'daily', now() - d * interval '1 day'
    from keywords k cross join generate_series(0, 89) d`);
  await client.query('vacuum analyze');
  await client.end();
  console.log(
    `seeded 10,000 apps, 100,000 keywords, ${SAMPLES.toLocaleString('en')} samples in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * The chart's campaign periods: each of the first app's 20 charted keywords had 3 keyword-installs
 * campaigns of 7 days over the 90 days (one order of that keyword, installs delivered every day), among
 * 2,000 campaigns of the same owner (other packages, direct installs). Added once, also to an older seed.
 */
async function seedCampaigns() {
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const app = `(select id, user_id, country_id from apps where package = 'com.bench.app1')`;
    const [{ count }] = (
      await client.query(
        `select count(*)::int as count from campaigns where package = 'com.bench.app1' and product_type = 2`,
      )
    ).rows;
    if (count > 0) return;
    const insertCampaigns = `insert into campaigns (user_id, app_id, appstore, package, country_id,
        product_type, status, days, installs, installs_total, installs_actual, unit_price, price, settings,
        started_at, finished_at)`;
    await client.query(`${insertCampaigns}
      select a.user_id, null, 1, 'com.bench.other' || (g % 50), a.country_id, 1, 'completed', 7, 10, 70, 70,
        '0.1000', '7.0000', '{"deliveryType":0,"promotionRule":0,"distribution":"even","keywords":[],"installsPlan":null}',
        now() - (g % 300) * interval '1 day', now() - (g % 300 - 7) * interval '1 day'
      from ${app} a cross join generate_series(1, 1940) g`);
    await client.query(`with k as (
        select id, keyword, row_number() over (order by id) as n from keywords
        where app_id = (select id from ${app} a) order by id limit 20),
      c as (${insertCampaigns}
        select a.user_id, a.id, 1, 'com.bench.app1', a.country_id, 2, 'completed', 7, 20, 140, 140, '0.2000',
          '28.0000', jsonb_build_object('deliveryType', 0, 'promotionRule', 0, 'distribution', 'even',
            'keywords', jsonb_build_array(k.keyword), 'installsPlan', null),
          current_date - (10 + p * 30 + k.n)::int, current_date - (3 + p * 30 + k.n)::int
        from ${app} a cross join k cross join generate_series(0, 2) p
        returning id, settings->'keywords'->>0 as keyword),
      o as (insert into campaign_orders (campaign_id, type, keyword, installs_total, installs_actual)
        select id, 2, keyword, 140, 140 from c returning id)
      insert into campaign_order_days (order_id, day, installs_total, installs_actual)
        select o.id, d, 20, 15 + d from o cross join generate_series(1, 7) d`);
    await client.query('vacuum analyze campaigns, campaign_orders, campaign_order_days');
  } finally {
    await client.end();
  }
}

/**
 * The impact report's case: the first charted keyword gets a year of rank history (the seed keeps 90 days)
 * beside its keyword-installs campaigns. Added once.
 */
async function seedYearOfHistory() {
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    await client.query(`insert into keyword_ranks (keyword_id, day, rank, state, source, checked_at)
      select k.id, current_date - d, 1 + (k.id * 7 + d * 3) % 250, 'ok', 'daily', now() - d * interval '1 day'
      from (select id from keywords where app_id = (select min(id) from apps) order by id limit 1) k
      cross join generate_series(90, 364) d
      on conflict do nothing`);
  } finally {
    await client.end();
  }
}

if (process.env.BENCH_RESEED === '1' || (await sampleCount()) < SAMPLES) await seed();
await seedCampaigns();
await seedYearOfHistory();

const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '', DATABASE_URL: benchUrl });
const database = await openDatabase({ databaseUrl: benchUrl });
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const store = createStoreProvider('offline');
await startWorkers({ db: database.db, jobs, config, store, outbound: outboundPolicy(config.outboundAllow) });
const app = await buildApp({ config, database, jobs, store });
try {
  const [owner] = (await database.db.execute(sql`select min(user_id) as id from apps`)).rows;
  const headers = { authorization: `Bearer ${await createSession(database.db, owner.id)}` };
  const keywordIds = (
    await database.db.execute(
      sql`select id from keywords where app_id = (select min(id) from apps) order by id limit 20`,
    )
  ).rows.map((row) => row.id);

  const scope = 'packageId=com.bench.app1&appstore=1&country=US';
  await printP95(
    app,
    headers,
    'keyword list, app with 1,000 keywords',
    `/api/private/v1/keywords?${scope}`,
    50,
  );
  await printP95(
    app,
    headers,
    '3-month chart of 20 keywords',
    `/api/private/v1/keywords/chartRanksMany?ids=${keywordIds.join(',')}&period=three_month`,
    50,
  );
  const charted = (
    await app.inject({
      url: `/api/private/v1/keywords/chartRanksMany?ids=${keywordIds.join(',')}&period=three_month`,
      headers,
    })
  ).json().data;
  console.log(
    `  with ${charted.reduce((sum, line) => sum + line.campaigns.length, 0)} campaign periods on the chart`,
  );

  const [impacted] = (
    await database.db.execute(
      sql`select o.campaign_id as id from campaign_orders o join campaigns c on c.id = o.campaign_id
        where c.app_id = (select min(id) from apps) and o.keyword = (
          select keyword from keywords where app_id = (select min(id) from apps) order by id limit 1)
        order by c.started_at desc limit 1`,
    )
  ).rows;
  await printP95(
    app,
    headers,
    'impact report, keyword with a year of history',
    `/api/private/v1/campaigns/${impacted.id}/impact`,
    50,
  );

  const started = performance.now();
  const queued = await app.inject({
    method: 'POST',
    url: '/api/private/v1/keywords/updateAllRanks',
    headers,
    payload: { packageId: 'com.bench.app1', appstore: 1, country: 'US' },
  });
  let run = queued.json().data;
  while (run.status !== 'done' && run.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    run = (await app.inject({ url: `/api/private/v1/keywords/updateAllRanks/${run.id}`, headers })).json()
      .data;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `update all ranks: ${run.total} keywords in ${seconds.toFixed(2)} s = ${(run.total / seconds).toFixed(0)} keywords/s (target > 500/s)`,
  );
} finally {
  await app.close();
  await jobs.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
