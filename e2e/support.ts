import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumPath } from './chromium-path.mjs';

/** This worker's server (global-setup.ts: one per worker, `VITEST_POOL_ID` counts workers from 1). */
function server() {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
}

export const baseUrl = () => server().baseUrl;
export const DEMO_PASSWORD = 'Demo12345!';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed (apt-get install -y chromium)');
  return chromium.launch({
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
}

/**
 * How long an action or a wait on a page may take: the time a 2-core machine, slower ones included, may need
 * under two journeys, two servers and their browsers (a passing wait takes what it takes, not this).
 */
export const PAGE_WAIT_MS = 30_000;

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  return page;
}

/** The first link in the newest outbox mail to an address, waiting for the mail job. */
export async function mailLink(to: string): Promise<string> {
  const outbox = join(server().dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = safeList(outbox)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; text: string });
    const mail = mails.find((entry) => entry.to === to);
    const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to}`);
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Signs in through the sign-in form and waits for the landing page: the dashboard, or the staff home for staff. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(dashboard|admin\/home)$/);
}

/** A new, verified customer with nothing yet: registered through the API, confirmed from the outbox. */
export async function freshCustomer(
  page: Page,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${prefix}-${stamp}@example.com`;
  const password = 'Journey123!';
  const response = await page.request.post('/api/private/v1/register', {
    data: {
      email,
      password,
      password_confirmation: password,
      nickname: `${prefix}${stamp.slice(-9)}`,
      full_name: 'Journey Customer',
      business_type: 'developer',
      country: 'US',
      phone: '15551234567',
      terms: true,
      adult: true,
      locale: 'en-US',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await page.goto(await mailLink(email));
  await page.waitForURL('**/login?verified=1');
  return { email, password };
}

/** Opens /admin/user-orders (signed in as staff), finds a campaign by its id and answers its status cell. */
export async function findUserOrder(page: Page, id: number) {
  await page.goto('/admin/user-orders');
  await page.getByTestId('user-orders-search').fill(String(id));
  return page.getByTestId(`order-status-${id}`);
}

/**
 * Presses a confirm dialog's button and waits until the dialog has gone. Under load the dialog may still be
 * rendering when the first press lands (seen twice: a delete that never happened), so it is pressed again while the
 * dialog stays open; a press it no longer needs (it closed meanwhile) is no error.
 */
export async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: button }) });
  for (let attempt = 1; attempt <= 3; attempt++) {
    await dialog
      .getByRole('button', { name: button })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const closed = await dialog.waitFor({ state: 'detached', timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
  }
  throw new Error(`The dialog with "${button}" stayed open`);
}

/**
 * Picks a staff action from a campaign's row menu on /admin/user-orders. The table may still be re-rendering
 * from a search (a menu opened on the old row closes with it), so the menu is opened again until it stays.
 */
export async function chooseStaffAction(page: Page, id: number, action: string) {
  const item = page.getByRole('menuitem', { name: action });
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await item.isVisible())) {
        await page.getByRole('button', { name: `Actions of campaign #${id}` }).click();
      }
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Clicks a download button and answers the download (a generated PDF can take a while on a loaded machine). */
export async function download(page: Page, button: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  return file;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page (or the part `within` selects) once its transitions end and fails on any serious or
 * critical violation, naming the rule and the elements. Evaluated through the browser protocol, so the page's script policy does not stop it.
 */
export async function expectAccessible(page: Page, what: string, within?: string, rules?: string[]) {
  let serious = await seriousViolations(page, within, rules);
  // A toast that starts fading out while axe reads the page is judged at half opacity: what is found is looked at
  // again on the settled page, and only what stays counts.
  if (serious.length) serious = await seriousViolations(page, within, rules);
  expect(serious, `axe on ${what}`).toEqual([]);
}

/**
 * Waits until no finite transition or animation runs (a drawer fading in, a layout change after a resize). A
 * transition may start a frame or two after its element mounts (a modal's enter stage), so look again until two
 * frames pass with none running.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let attempt = 0; attempt < 20; attempt++) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (!running.length) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * The serious and critical axe violations of the settled page, by rule and element (only the given `rules` when
 * set). Only violations are reported: axe then skips describing every passing element, most of a scan's time.
 */
async function seriousViolations(page: Page, within?: string, rules?: string[]): Promise<string[]> {
  // Contrast is judged on the settled page.
  await settled(page);
  // Injected once per loaded page (a route opened in the app keeps it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ({ selector, only }) =>
      (
        window as unknown as {
          axe: { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };
        }
      ).axe.run((selector && document.querySelector(selector)) || document, {
        resultTypes: ['violations'],
        ...(only && { runOnly: { type: 'rule', values: only } }),
      }),
    { selector: within, only: rules },
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

/** Signs in through the API and answers the bearer header (for the calls a journey checks directly). */
export async function apiAuth(page: Page, email: string, password = DEMO_PASSWORD) {
  const login = await page.request.post('/api/private/v1/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
}

/**
 * The demo customer orders direct installs of its first Google Play app through the API (`draft` saves it
 * unstarted); answers the campaign's id.
 */
export async function orderDemoInstalls(
  page: Page,
  plan: { days: number; installs: number; draft?: boolean },
): Promise<number> {
  const headers = await apiAuth(page, 'user@storelift.test');
  const apps = (await (await page.request.get('/api/private/v1/apps?limit=50', { headers })).json()) as {
    data: { package: string; appstore: number; country: { code: string } }[];
  };
  const app = apps.data.find((entry) => entry.appstore === 1);
  if (!app) throw new Error('The demo customer tracks no Google Play app');
  const order = await page.request.post('/api/private/v1/campaigns', {
    headers,
    data: { productType: 1, packageId: app.package, appstore: 1, country: app.country.code, ...plan },
  });
  expect(order.status(), await order.text()).toBe(201);
  return ((await order.json()) as { data: { id: number } }).data.id;
}

/** A call of the signed-in customer (the token the web app keeps). */
async function customerCall(page: Page, method: 'POST', path: string, data: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('storelift.token'));
  const response = await page.request.fetch(`/api/private/v1/${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** A fresh customer tracks the demo fitness app (Google Play) and tops up 100 by card on the payment sandbox. */
export async function tracksAnAppAndTopsUp(page: Page) {
  await customerCall(page, 'POST', 'apps', {
    appstore: 1,
    country: 'US',
    package: 'com.storelift.demo.fitness',
  });
  const checkout = await customerCall(page, 'POST', 'checkout', { amount: '100', paysystem_id: 30 });
  await page.goto(String(checkout.link));
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/top-up-balance/result?payment=*');
  await expect.poll(() => page.getByTestId('top-up-result').getAttribute('data-status')).toBe('credited');
}
