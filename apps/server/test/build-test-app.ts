import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedReference } from '../src/seed.js';
import { startJobs } from '../src/jobs/jobs.js';
import { QUEUES, startWorkers } from '../src/workers.js';
import type { Deps } from '../src/deps.js';
import { outboundPolicy, type OutboundPolicy } from '../src/lib/public-url.js';
import { createStoreProvider } from '../src/providers/store/create-store-provider.js';
import type { StoreProvider } from '../src/providers/store/store-provider.js';

/** Integration tests run on PGlite, or on PostgreSQL when TEST_DATABASE_URL names a server. */
const testServerUrl = process.env.TEST_DATABASE_URL;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** What services and job handlers take, to call them directly. */
  deps: Deps;
  /** Calls the customer API (`/api/private/v1/{url}`) through HTTP with the given headers and body. */
  call(
    method: HttpMethod,
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The field errors of a 422 answer. */
export const errorsOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Start the job workers (mail, rank checks, …) in this app; default true. */
  workers?: boolean;
  /** The store provider; default the offline catalog. */
  storeProvider?: StoreProvider;
  /** Reuse a database kept by an earlier app (see `createTestStore`). */
  store?: TestStore;
  /** Which addresses webhooks and vendor APIs may reach (default as in production: public ones and `config.outboundAllow`). */
  outbound?: OutboundPolicy;
  /** Listen on a free local port (for callbacks the app sends itself over HTTP, e.g. the sandbox). */
  listen?: boolean;
}

/** Where a test's data lives: a data directory and, on PostgreSQL, a database of its own. */
export interface TestStore {
  dataDir: string;
  databaseUrl: string | undefined;
  persistent: boolean;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file (PGlite in memory, or a new PostgreSQL database on TEST_DATABASE_URL's
 * server, or on `options.serverUrl`'s).
 */
export async function createTestStore(
  options: { persistent?: boolean; serverUrl?: string } = {},
): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storelift-test-'));
  const serverUrl = options.serverUrl ?? testServerUrl;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `storelift_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  return {
    dataDir,
    databaseUrl,
    persistent: options.persistent ?? false,
    async drop() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the whole application on a fresh, migrated database with reference data. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const store = options.store ?? (await createTestStore());
  const config: Config = {
    ...loadConfig({ DATA_DIR: store.dataDir, PUBLIC_URL: 'http://storelift.test', WEB_DIST: '' }),
    authRateLimit: 1000,
    ...options.config,
  };
  const database = await openDatabase({
    databaseUrl: store.databaseUrl,
    pgliteDir: store.persistent && !store.databaseUrl ? join(store.dataDir, 'db') : undefined,
    queues: QUEUES,
  });
  await database.migrate();
  await seedReference(database.db);
  const jobs = await startJobs(database.sql, { supervise: false, queues: QUEUES });
  const storeProvider = options.storeProvider ?? createStoreProvider('offline');
  const outbound = options.outbound ?? outboundPolicy(config.outboundAllow);
  const deps: Deps = { db: database.db, jobs, config, store: storeProvider, outbound };
  if (options.workers !== false) await startWorkers(deps);
  const app = await buildApp({ config, database, jobs, store: storeProvider, outbound });
  if (options.listen) {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The sandbox provider posts its callbacks to the server's own address.
    config.internalUrl = address;
  }
  return {
    app,
    database,
    config,
    deps,
    call: (method, url, headers, payload) =>
      app.inject({ method, url: `/api/private/v1/${url}`, headers, ...(payload && { payload }) }),
    async close() {
      await app.close();
      // A job still running when the pool closes makes pg-boss record its end on a closed pool (an unhandled
      // rejection): a test's teardown waits for it rather than the 5 s a process gives at shutdown.
      await jobs.stop({ timeoutMs: 30_000 });
      await database.close();
      if (!options.store) await store.drop();
    },
  };
}
