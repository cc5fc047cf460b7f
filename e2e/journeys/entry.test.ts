import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the root', () => {
  it('sends a visitor to sign-in', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
    await page.close();
  });

  it('sends a signed-in user to the dashboard', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: /Welcome/ }).count()).toBe(1);
    await page.close();
  });
});

describe('a cold load of a signed-in page', () => {
  it('asks once for the session check and the first page, and loads no zod where no form is checked', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await page.waitForLoadState('networkidle');
    for (const [path, ready] of [
      ['/campaigns', '[data-testid=campaigns-table] tbody tr'],
      ['/dashboard', 'h1'],
    ] as const) {
      const requests: string[] = [];
      page.on('request', (request) =>
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`),
      );
      // A reload: the early calls of the entry (lib/api.ts, startEarly) are taken by the page's own queries.
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      page.removeAllListeners('request');
      const count = (call: string) => requests.filter((request) => request === call).length;
      expect(count('POST /api/private/v1/me'), requests.join('\n')).toBe(1);
      if (path === '/campaigns') expect(count('GET /api/private/v1/campaigns'), path).toBe(1);
      expect(
        requests.filter((request) => /\/assets\/zod-[^/]*\.js$/.test(request)),
        path,
      ).toEqual([]);
    }
    await page.close();
  });
});

/** Switches maintenance through the admin endpoint, signed in as the demo admin. */
async function switchMaintenance(page: Page, enabled: boolean) {
  const login = await page.request.post('/api/private/v1/login', {
    data: { email: 'admin@storelift.test', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await page.request.put('/api/admin/v1/maintenance', {
    headers: { authorization: `Bearer ${token}` },
    data: { enabled, message: 'Journey' },
  });
  expect(res.status()).toBe(200);
}

describe('maintenance', () => {
  it('shows the 503 page to a customer signing in or signed in, and lets an admin in', async () => {
    const customer = await newPage(browser);
    await signIn(customer, 'user@storelift.test');
    const visitor = await newPage(browser);
    await switchMaintenance(visitor, true);
    try {
      await customer.goto('/dashboard');
      await customer.waitForURL('**/503');
      await expect
        .poll(() => customer.getByRole('heading', { name: 'Maintenance is in progress' }).count())
        .toBe(1);

      await visitor.goto('/login');
      await visitor.getByRole('textbox', { name: 'E-mail' }).fill('user@storelift.test');
      await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await visitor.getByRole('button', { name: 'Sign in' }).click();
      await visitor.waitForURL('**/503');
      await expect
        .poll(() => visitor.getByRole('heading', { name: 'Maintenance is in progress' }).count())
        .toBe(1);

      await visitor.getByRole('link', { name: 'Go to sign in' }).click();
      await signIn(visitor, 'admin@storelift.test');
    } finally {
      await switchMaintenance(visitor, false);
    }
    await customer.goto('/dashboard');
    await expect.poll(() => customer.getByRole('heading', { name: /Welcome/ }).count()).toBe(1);
    await customer.close();
    await visitor.close();
  });
});
