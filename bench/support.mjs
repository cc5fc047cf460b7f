// What the benchmarks share: a named PostgreSQL database they keep between runs, a p95 timer, PostgreSQL's CPU.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReference } from '../apps/server/dist/seed.js';

/** The bench database `name` on the server BENCH_DATABASE_URL names (default: the local server). */
export function benchDatabase(name) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Drops and creates the database. */
    async recreate() {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
    },
    /** Drops and creates the database, then migrates it and adds the reference data. */
    async recreateMigrated() {
      await this.recreate();
      const database = await openDatabase({ databaseUrl: this.url });
      await database.migrate();
      await seedReference(database.db);
      await database.close();
    },
    /** Whether a seed ran to its end: it writes the setting `key` last. */
    async isSeeded(key) {
      const client = new pg.Client({ connectionString: this.url });
      try {
        await client.connect();
        return (await client.query('select 1 from settings where key = $1', [key])).rows.length > 0;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

/** Times GET `requestUrl` through `app.inject` (after a warm-up) and prints its p50 and p95. */
export async function printP95(app, headers, label, requestUrl, targetMs, runs = 300) {
  for (let i = 0; i < 20; i++) await app.inject({ url: requestUrl, headers });
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await app.inject({ url: requestUrl, headers });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${requestUrl} answered ${res.statusCode}: ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.floor(runs * q)].toFixed(1);
  console.log(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (target p95 < ${targetMs} ms)`);
}

/** CPU time of this machine's PostgreSQL processes so far (Linux /proc), or -1 when it cannot be read. */
export function postgresCpuMs() {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    }
  } catch {
    return -1;
  }
  return ticks * 10; // 100 ticks a second
}
