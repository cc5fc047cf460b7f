import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startJobs, type SqlExecutor } from '../jobs/jobs.js';
import { queueNames, type QueueSettingsMap } from '../jobs/queues.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { holdsDatabase, preparedImage, startFromImage } from './pglite-image.js';

/*
 * No schema is given to Drizzle: it is only for its relational queries (`db.query.*`), which this server does
 * not use, and Drizzle would build a query builder per table for every transaction it opens.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A database or an open transaction: repos that may run inside one take this. */
export type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** An open database: Drizzle for the app, raw SQL for pg-boss, and how to migrate and close it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;
const MIGRATION_LOCK_ID = 7_340_021;
// pg_trgm: the staff campaigns search (migration 0008).
const pgliteExtensions = { pg_trgm };

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; PGlite is used without one. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; in memory when undefined. */
  pgliteDir?: string | undefined;
  /**
   * Every job queue (the top floor's `QUEUES`): a new embedded database starts from the prepared image made with
   * them; without, it runs PGlite's initdb and the migrations (a command on an existing data directory).
   */
  queues?: QueueSettingsMap | undefined;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.pgliteDir, options.queues);
}

async function openPglite(dir: string | undefined, queues: QueueSettingsMap | undefined): Promise<Database> {
  let releaseLock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireDataDirLock(join(dir, '..', 'db.lock'));
  }
  // A new database starts from the prepared image instead of initdb and the migrations (pglite-image.ts).
  const image = !queues || (dir && holdsDatabase(dir)) ? undefined : await prepareEmbeddedImage(queues);
  const client = new PGlite({
    dataDir: dir,
    extensions: pgliteExtensions,
    ...(image && startFromImage(image, dir)),
  });
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: pgliteSql(client),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

function pgliteSql(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      // pg-boss sends its schema as parameterless multi-statement text, which only `exec` accepts.
      if (!values?.length) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}

const pgBossVersion = (createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version;

/**
 * Makes the embedded database's prepared image, if it is missing: every migration, and pg-boss's schema and
 * `queues` (a third of a second more on each new database otherwise). The queues are handed over by the top
 * floor (db/ knows no module); their names and settings are part of the image's recipe.
 */
export function prepareEmbeddedImage(queues: QueueSettingsMap) {
  return preparedImage({
    extensions: pgliteExtensions,
    folders: [migrationsFolder],
    versions: [
      `pg-boss ${pgBossVersion}`,
      ...queueNames(queues).map((name) => `${name}${queues[name].money ? ' money' : ''}`),
    ],
    async setUp(client) {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      const jobs = await startJobs(pgliteSql(client), { supervise: false, queues });
      await jobs.stop();
    },
  });
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection closed by the server (restart, failover, terminated backend) must not crash the process. The
  // pool listens on idle connections only (it reports them here); a checked-out one (an open transaction)
  // gets its own listener: its queries fail, the transaction rolls back, and the pool drops it on release.
  pool.on('error', (error) => console.error('[db] idle connection lost:', error.message));
  pool.on('connect', (client) =>
    client.on('error', (error) => console.error('[db] connection lost:', error.message)),
  );
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async migrate() {
      // Several processes may start together: one migrates while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
