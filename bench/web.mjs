// npm run bench (fifth part): what a cold page load costs in Chromium, beside a minimal Vite React page.
// Runs the built server (nothing is built here but the minimal page) on a fresh data directory with the demo
// data, its web app copied to a temporary directory with the minimal page (bench/web-fixture) built under
// /bench-minimal/, so one server and one static route serve both. Each load is in a new browser context with the
// cache disabled (CDP Network.setCacheDisabled); it prints the median of 5 loads of: JavaScript over the wire
// (encodedDataLength: compressed bytes plus headers), requests, first paint and the time until the page's
// content is visible (sign-in: its form; My campaigns, signed in: its 10 rows; the minimal page: its heading).
// Targets: My campaigns <= 240 KiB of JS and rows within 3x the minimal page's first paint; sign-in <= 100 KiB.
/* global document -- the functions given to page.waitForFunction and addInitScript run in the page */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumPath } from '../e2e/chromium-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOADS = 5;
const ROWS = 10;
const api = '/api/private/v1';
const port = 3990 + Math.floor(Math.random() * 9);
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'storelift-bench-web-'));
const webDist = join(work, 'web');
const dataDir = join(work, 'data');

// BENCH_WEB_DIST: another build of the web app to measure (an older one, to compare on the same machine).
cpSync(process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist'), webDist, { recursive: true });
await build({
  configFile: join(root, 'bench/web-fixture/vite.config.mjs'),
  build: { outDir: join(webDist, 'bench-minimal'), emptyOutDir: true },
});

// Vite's build set NODE_ENV=production in this process; the server runs as `npm start` does (sandbox, demo data).
const { NODE_ENV: _built, ...env } = process.env;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  env: { ...env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));
let browser;
try {
  await healthy();
  const auth = await demoCustomerWithRows();
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed (apt-get install -y chromium)');
  browser = await chromium.launch({
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
  const minimal = await measure('minimal Vite React page', '/bench-minimal/index.html', 'h1', 1);
  const signIn = await measure('sign-in', '/login', 'button[type=submit]', 1);
  const campaigns = await measure(
    `My campaigns, ${ROWS} rows`,
    '/campaigns',
    '[data-testid=campaigns-table] tbody tr',
    ROWS,
    auth,
  );
  const kib = (bytes) => bytes / 1024;
  console.log(
    `targets: My campaigns JS ${kib(campaigns.js).toFixed(0)} KiB (<= 240), rows at ` +
      `${(campaigns.visible / minimal.firstPaint).toFixed(1)}x the minimal first paint (<= 3x); ` +
      `sign-in JS ${kib(signIn.js).toFixed(0)} KiB (<= 100)`,
  );
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await exited;
  rmSync(work, { recursive: true, force: true });
}

async function healthy() {
  for (let tries = 0; tries < 600; tries++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok && (await res.json()).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in 60 s');
}

/** Signs in as the demo customer and orders campaigns until My campaigns has a full first page; answers the token. */
async function demoCustomerWithRows() {
  const login = await fetch(`${base}${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@storelift.test', password: 'Demo12345!' }),
  });
  const { access_token: token } = await login.json();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { meta } = await (await fetch(`${base}${api}/campaigns`, { headers })).json();
  const { data: apps } = await (await fetch(`${base}${api}/apps`, { headers })).json();
  for (let i = meta.total; i < ROWS; i++) {
    const res = await fetch(`${base}${api}/campaigns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        productType: 1,
        packageId: apps[0].package,
        appstore: apps[0].appstore,
        country: 'US',
        days: 3,
        installs: 10,
        deliveryType: 0,
      }),
    });
    if (res.status !== 201)
      throw new Error(`ordering a campaign answered ${res.status}: ${await res.text()}`);
  }
  return token;
}

/**
 * Loads `path` LOADS times, each cold in a new context, and prints the medians. The content is visible when
 * `count` elements match `selector` (checked every animation frame); `token` signs the page in before its scripts run.
 */
async function measure(label, path, selector, count, token) {
  const loads = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    if (token) await context.addInitScript((value) => localStorage.setItem('storelift.token', value), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let requests = 0;
    let js = 0;
    const scripts = new Set();
    cdp.on('Network.requestWillBeSent', () => (requests += 1));
    cdp.on('Network.responseReceived', ({ requestId, type }) => {
      if (type === 'Script') scripts.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (scripts.has(requestId)) js += encodedDataLength;
    });
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      ([css, least]) => document.querySelectorAll(css).length >= least && performance.now(),
      [selector, count],
      { polling: 'raf', timeout: 30_000 },
    );
    const shown = await handle.jsonValue();
    await page.waitForLoadState('networkidle');
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
    );
    loads.push({ js, requests, firstPaint, visible: shown });
    await context.close();
  }
  // A load may end before Chromium records a first-paint entry: the median is of the loads that have one.
  const median = (key) => {
    const values = loads.map((load) => load[key]).filter((value) => !Number.isNaN(value));
    return values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  const result = {
    js: median('js'),
    requests: median('requests'),
    firstPaint: median('firstPaint'),
    visible: median('visible'),
  };
  console.log(
    `${label}: JS ${(result.js / 1024).toFixed(1)} KiB over the wire, ${result.requests} requests, first paint ` +
      `${result.firstPaint.toFixed(0)} ms, content visible ${result.visible.toFixed(0)} ms (median of ${LOADS} cold loads)`,
  );
  return result;
}
