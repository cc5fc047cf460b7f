// node --import tsx bench/cpi-report.mjs (after npm run build; tsx loads the stand-in Google Ads, a test helper in
// TypeScript): the hourly Google Ads report pass for BENCH_CPI_CAMPAIGNS (1,000) running CPI campaigns on 20
// accounts, on PostgreSQL. Recreates the database `storelift_cpi_report_bench` with 20 CPI accounts of network
// google-ads, each a customer of the stand-in Google Ads (apps/server/test/stand-in-google-ads.ts, over HTTP on
// 127.0.0.1) in its own time zone, and the campaigns built there 7 days ago, each targeting 16 countries. The
// stand-in reports every campaign's 7 days in its 16 countries (112,000 rows); a pass sends per account one report
// query and one ad review query and writes the figures to cpi_stats. Target: under 60 s a pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { benchDatabase, postgresCpuMs } from './support.mjs';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { outboundPolicy } from '../apps/server/dist/lib/public-url.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { googleAdsReportPass } from '../apps/server/dist/modules/campaigns/cpi/campaigns.google-ads-report.js';
import { createStoreProvider } from '../apps/server/dist/providers/store/create-store-provider.js';
import { startStandInGoogleAds } from '../apps/server/test/stand-in-google-ads.ts';

const bench = benchDatabase('storelift_cpi_report_bench');
const CAMPAIGNS = Number(process.env.BENCH_CPI_CAMPAIGNS ?? 1000);
const ACCOUNTS = 20;
const DAYS = 7;
const COUNTRIES = { US: 2840, GB: 2826, DE: 2276, FR: 2250, CA: 2124, AU: 2036, JP: 2392, NL: 2528 };
const MORE = { ES: 2724, IT: 2380, PL: 2616, BR: 2076, MX: 2484, IN: 2356, TR: 2792, UA: 2804 };
const GEO = Object.values({ ...COUNTRIES, ...MORE });
const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/London'];
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const TARGET_MS = 60_000;

const cpuMs = () => {
  const own = process.cpuUsage();
  return { node: (own.user + own.system) / 1000, postgres: postgresCpuMs() };
};
const dayOf = (date, zone) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
const addDays = (day, days) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

await bench.recreateMigrated();
const customers = Object.fromEntries(
  Array.from({ length: ACCOUNTS }, (_, i) => [String(3_000_000_000 + i), ZONES[i % ZONES.length]]),
);
const ads = await startStandInGoogleAds({ customers });
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: '', DATABASE_URL: bench.url }),
  googleAds: ads.options,
};
const database = await openDatabase({ databaseUrl: bench.url });
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const { db } = database;
const deps = {
  db,
  jobs,
  config,
  store: createStoreProvider('offline'),
  outbound: outboundPolicy(['127.0.0.0/8']),
};
const rowsOf = async (query) => (await db.execute(query)).rows;

try {
  const [user] =
    await rowsOf(sql`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
    values ('cpi@bench.test', 'x', 'cpiuser', 'Bench User', 'developer', 'US', now()) returning id`);
  const accounts = await rowsOf(sql`insert into cpi_accounts (id_key, name, network, daily_limit)
    select (3000000000 + i)::text, 'Bench account ' || i, 'google-ads', 1000000 from generate_series(0, ${ACCOUNTS - 1}) i
    returning id, id_key`);
  // Active CPI campaigns started 7 days ago, 30 days each, charged their prepayment.
  const campaigns =
    await rowsOf(sql`insert into campaigns (user_id, appstore, package, country_id, product_type,
      status, days, installs, installs_total, unit_price, price, charged, settings, vendor, started_at, clock_at, progress_ms)
    select ${user.id}, 1, 'com.storelift.demo.fitness', (select id from countries where code = 'US'), 4, 'active', 30,
      66, 1980, 0.15, 20, 20, '{}'::jsonb, 'Google Ads', now() - interval '7 days', now(), 7 * 86400000
    from generate_series(1, ${CAMPAIGNS}) returning id`);
  const rows = campaigns.map((campaign, i) => {
    const account = accounts[i % ACCOUNTS];
    const zone = customers[account.id_key];
    return {
      ...campaign,
      account,
      zone,
      googleId: String(50_000_000 + i),
      start: addDays(dayOf(new Date(), zone), -DAYS),
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map(
      (row) =>
        sql`(${row.id}, ${row.account.id}, ${row.account.id_key}, ${`customers/${row.account.id_key}/campaigns/${row.googleId}`},
          ${row.zone}, ${row.start}::date, 'ENABLED', 'ENABLED', ${`customers/${row.account.id_key}/adGroupAds/1~${row.googleId}`})`,
    );
    await db.execute(sql`insert into campaign_google_ads (campaign_id, cpi_account_id, customer_id, campaign_resource,
      time_zone, start_date, status, wanted, ad_resource) values ${sql.join(values, sql`, `)}`);
  }
  for (const account of accounts) {
    const report = [];
    for (const row of rows.filter((each) => each.account.id === account.id))
      for (let day = 0; day < DAYS; day += 1)
        for (const geo of GEO)
          report.push({
            campaign: { id: row.googleId },
            segments: { date: addDays(row.start, day) },
            userLocationView: { countryCriterionId: String(geo) },
            metrics: {
              impressions: '1200',
              clicks: '36',
              conversions: 4.5,
              costMicros: String(610_000 + day * 1000),
            },
          });
    ads.setReport(account.id_key, report);
  }
  await db.execute(sql`analyze`);
  console.log(
    `${CAMPAIGNS} running CPI campaigns on ${ACCOUNTS} accounts, ${DAYS} days × ${GEO.length} countries each`,
  );

  const times = [];
  for (let pass = 1; pass <= PASSES; pass++) {
    const from = ads.calls.length;
    const cpuBefore = cpuMs();
    const started = performance.now();
    const result = await googleAdsReportPass(deps, new Date());
    const ms = performance.now() - started;
    const cpuAfter = cpuMs();
    times.push(ms);
    if (result.failed) throw new Error(`${result.failed} accounts refused`);
    const searches = ads.calls.slice(from).filter((call) => call.url.endsWith('googleAds:search')).length;
    const seconds = (key) => ((cpuAfter[key] - cpuBefore[key]) / 1000).toFixed(1);
    console.log(
      `pass ${pass}: ${(ms / 1000).toFixed(2)} s (${result.accounts} accounts, ${searches} searches, ${result.rows} ` +
        `day-country rows; CPU: server and stand-in ${seconds('node')} s, PostgreSQL ${seconds('postgres')} s; ` +
        `load average ${loadavg()[0].toFixed(1)})`,
    );
  }
  const [stats] = await rowsOf(sql`select count(*)::int as n, sum(cost_micros)::text as cost from cpi_stats`);
  if (stats.n !== CAMPAIGNS * DAYS * GEO.length) throw new Error(`cpi_stats holds ${stats.n} rows`);
  if (ads.violations.length) throw new Error(`stand-in violations: ${ads.violations.slice(0, 3).join('; ')}`);
  const worst = Math.max(...times);
  console.log(
    `Google Ads report pass, ${CAMPAIGNS} campaigns on ${ACCOUNTS} accounts: worst ${(worst / 1000).toFixed(2)} s ` +
      `(target < ${TARGET_MS / 1000} s) ${worst < TARGET_MS ? 'OK' : 'MISSED'}`,
  );
} finally {
  await jobs.stop();
  await database.close();
  await ads.close();
  rmSync(dataDir, { recursive: true, force: true });
}
