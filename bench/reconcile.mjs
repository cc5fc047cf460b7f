// npm run bench: statement lines reconciled per second on PostgreSQL. `node --import tsx bench/reconcile.mjs` after
// the build (tsx loads the statement fixtures, a test helper in TypeScript).
// Builds the database `storelift_reconcile_bench` afresh (a statement's lines are kept once, so a second run on the
// same data would only find them known), with 1,000 customers and 2,000 bank transfers awaiting their money, then
// uploads a 10,000-line camt.053 through the real HTTP route as staff: 2,000 credits naming a transfer (one in four
// not the amount asked), 6,000 credits naming none, 1,000 debits, 1,000 in euros. Prints the lines reconciled per
// second (target >= 1,000/s), the same statement uploaded again (nothing credited twice), then checks the ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { benchDatabase, postgresCpuMs } from './support.mjs';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startJobs } from '../apps/server/dist/jobs/jobs.js';
import { QUEUES } from '../apps/server/dist/workers.js';
import { createSession } from '../apps/server/dist/modules/sessions/sessions.repo.js';
import { grantRoles } from '../apps/server/dist/modules/users/users.repo.js';
import { checkLedger } from '../apps/server/dist/modules/ledger/ledger-check.js';
import { newTransferReference } from '../apps/server/dist/modules/billing/transfer-reference.js';
import { parseCamt053 } from '../apps/server/dist/modules/reconciliation/statement-camt053.js';
import { camt053 } from '../apps/server/test/statements.ts';

const bench = benchDatabase('storelift_reconcile_bench');
const LINES = 10_000;
const TRANSFERS = 2_000;
const USERS = 1_000;

async function seed() {
  await bench.recreateMigrated();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  await client.query(`insert into users (email, password_hash, nickname, full_name, business_type, country, email_verified_at)
    select 'r' || i || '@bench.test', 'x', 'reconuser' || i, 'Bench User', 'developer', 'US', now()
    from generate_series(1, ${USERS + 1}) i`);
  await client.query(`insert into billing_profiles (user_id, price_plan_id, referral_code)
    select id, 1, 'R' || lpad(id::text, 7, '0') from users`);
  await client.query(`insert into accounts (user_id, type) select u.id, t.type from users u
    cross join (values ('main'), ('bonus'), ('referral')) as t(type)`);
  const references = Array.from({ length: TRANSFERS }, newTransferReference);
  await client.query(
    `insert into payments (user_id, paysystem_id, amount, total, provider, status, reference, expires_at)
     select (select min(id) from users) + (g % ${USERS}), 3, 100 + g % 50, 100 + g % 50, 'transfer', 'pending',
       ($1::text[])[g + 1], now() + interval '14 days'
     from generate_series(0, ${TRANSFERS - 1}) g`,
    [references],
  );
  await client.end();
  return references;
}

/** The statement: every fifth line pays a transfer (by its reference inside the remittance text). */
function statement(references) {
  const entries = [];
  for (let i = 0; i < LINES; i += 1) {
    const ref = `B${String(i).padStart(6, '0')}`;
    if (i % 5 === 0) {
      const n = i / 5;
      const asked = 100 + (n % 50);
      const amount = n % 4 === 0 ? asked - 1 : asked;
      entries.push({
        ref,
        amount: `${amount}.00`,
        texts: [`Invoice ${n} payment ${references[n]} thank you`],
      });
    } else if (i % 10 === 1) entries.push({ ref, amount: '12.00', debit: true, texts: ['Card fees'] });
    else if (i % 10 === 3) entries.push({ ref, amount: '80.00', currency: 'EUR', texts: ['EU customer'] });
    else entries.push({ ref, amount: `${20 + (i % 90)}.00`, texts: [`Transfer ${i} without reference`] });
  }
  return camt053(entries);
}

const references = await seed();
const xml = statement(references);
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '', DATABASE_URL: bench.url });
const database = await openDatabase({ databaseUrl: bench.url });
const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
const app = await buildApp({ config, database, jobs, logger: { level: 'error' } });
try {
  const [staff] = (await database.db.execute(sql`select max(id) as id from users`)).rows;
  await grantRoles(database.db, staff.id, ['admin']);
  const headers = {
    authorization: `Bearer ${await createSession(database.db, staff.id)}`,
    'content-type': 'application/octet-stream',
  };
  const upload = async (label) => {
    const [cpu, own, started] = [postgresCpuMs(), process.cpuUsage(), performance.now()];
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/v1/reconciliation/statements?format=camt053',
      headers,
      payload: Buffer.from(xml),
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (postgresCpuMs() - cpu) / 1000;
    const { user, system } = process.cpuUsage(own);
    if (res.statusCode !== 200)
      throw new Error(`upload answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const { summary } = res.json();
    console.log(
      `${label}: ${LINES.toLocaleString('en')} lines in ${seconds.toFixed(2)} s = ${Math.round(LINES / seconds)} lines/s` +
        ` (target >= 1,000/s); ${JSON.stringify(summary)}; CPU: server ${((user + system) / 1e6).toFixed(1)} s, PostgreSQL ${cpuSeconds.toFixed(1)} s`,
    );
    return summary;
  };
  const parseStarted = performance.now();
  parseCamt053(xml);
  console.log(
    `reading the ${(xml.length / 1e6).toFixed(1)} MB file alone: ${((performance.now() - parseStarted) / 1000).toFixed(2)} s`,
  );
  const first = await upload('reconcile camt.053');
  if (first.credited !== TRANSFERS) throw new Error(`${first.credited} credited, expected ${TRANSFERS}`);
  const again = await upload('the same statement again');
  if (again.credited !== 0 || again.known !== LINES)
    throw new Error('the second upload credited or stored lines');
  const ledger = await checkLedger(database.db);
  if (ledger.problems.length) throw new Error(`ledger check: ${JSON.stringify(ledger.problems.slice(0, 3))}`);
  console.log('ledger check passed');
} finally {
  await app.close();
  await jobs.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
