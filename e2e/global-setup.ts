import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * Starts the production build (`npm start`) on a fresh data directory and waits until it is healthy; `env` adds
 * settings (a journey's own server with providers pointed at stand-ins: hosted-payments).
 */
export async function startServer(port: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storelift-e2e-'));
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
