import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** One production server per worker: journeys in one worker run one after another on their own server. */
export interface E2eServer {
  baseUrl: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The PostgreSQL server the journeys' servers get a fresh database on (`E2E_DATABASE_URL`: npm test names the
 * local one when it answers, as for the integration suite); without it each server runs on embedded PGlite in its
 * data directory, as `npm start` does.
 */
const postgresUrl = process.env.E2E_DATABASE_URL;

async function onPostgres(statement: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database for one server (its URL), dropped with `drop`; none without a PostgreSQL to make it on. */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!postgresUrl) return { drop: async () => {} };
  const name = `storelift_e2e_${randomBytes(6).toString('hex')}`;
  await onPostgres(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onPostgres(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts the production build (`npm start`) on a fresh data directory and database and waits until it is
 * healthy; `env` adds settings (a journey's own server with providers pointed at stand-ins: hosted-payments).
 */
export async function startServer(port: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storelift-e2e-'));
  const database = await freshDatabase();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      // The sandbox vendor delivers a campaign day in 15 s (campaigns journey: ordered to completed).
      VENDOR_SANDBOX_SPEED: '5760',
      ...(database.url && { DATABASE_URL: database.url }),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not become healthy in time');
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { server: { baseUrl, dataDir }, stop };
}

/**
 * The journeys spend most of their time waiting on the page (CPU use about a third of one core), so the project
 * runs a worker per core, each with a server of its own: no journey sees another's changes while it runs,
 * as when they ran one after another on one server.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const firstPort = 4100 + Math.floor(Math.random() * 800);
  const started = await Promise.all(Array.from({ length: workers }, (_, i) => startServer(firstPort + i)));
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
