// npm run bench: prints the figures the foundation issue names.
//   1. time from `npm start` on a built tree to a healthy /api/health (target < 5 s), fresh and warm;
//   2. gzipped JavaScript the sign-in page loads in Chromium (target < 150 KB).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../e2e/chromium-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'storelift-bench-'));

async function timeStart(label) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok && (await res.json()).status === 'ok') break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`startup ${label}: ${seconds.toFixed(2)} s to a healthy /api/health (target < 5 s)`);
  return () =>
    new Promise((resolve) => {
      child.on('exit', resolve);
      process.kill(-child.pid, 'SIGTERM');
    });
}

async function signInJs() {
  const executablePath = chromiumPath();
  if (!executablePath) return console.log('sign-in JS: skipped, no Chromium');
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: await response.body() });
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  const raw = scripts.reduce((sum, script) => sum + script.body.length, 0);
  const gzipped = scripts.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0);
  console.log(
    `sign-in JS: ${(gzipped / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(0)} KB raw, ${scripts.length} files; target < 150 KB)`,
  );
}

try {
  const stopFresh = await timeStart('fresh data directory (migrations + demo data)');
  await stopFresh();
  const stopWarm = await timeStart('existing data directory');
  await signInJs();
  await stopWarm();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
