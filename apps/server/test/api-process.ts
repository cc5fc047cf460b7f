import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The built server (`node scripts/tsc.mjs -b` writes it): it starts in seconds where tsx takes long on a busy machine. */
export const builtServer = fileURLToPath(new URL('../dist/server.js', import.meta.url));

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * One API process of the built server (workers included) on its own port, once it answers `/api/health`;
 * `env` adds to this process's environment (DATA_DIR and DATABASE_URL at least).
 */
export async function startApiProcess(env: Record<string, string | undefined>) {
  if (!existsSync(builtServer)) throw new Error('Build the server first: node scripts/tsc.mjs -b');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [builtServer], {
    env: { ...process.env, PORT: String(port), SEED_DEMO: '0', WEB_DIST: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`An API process exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`An API process did not answer: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    /** The process's exit code, null while it runs. */
    exitCode: () => child.exitCode,
    /** What it wrote to stderr so far. */
    stderr: () => stderr,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
export type ApiProcess = Awaited<ReturnType<typeof startApiProcess>>;
