import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAuth, baseUrl, expectAccessible, launchBrowser, signIn } from '../support.js';

interface RouteAccess {
  public?: boolean;
  permission?: string;
}

/**
 * The web app's route table (apps/web/src/routes/navigation.ts), read at run time so new pages are walked without
 * a list here (the e2e project compiles only its own folder, hence the computed path).
 */
const navigation = fileURLToPath(new URL('../../apps/web/src/routes/navigation.ts', import.meta.url));
const { ROUTE_ACCESS } = (await import(navigation)) as { ROUTE_ACCESS: Record<string, RouteAccess> };
const signedIn = Object.entries(ROUTE_ACCESS).filter(([, access]) => !access.public);
/** A walk's time limit grows with the routes it visits (an axe scan takes one to two seconds on 2 cores). */
const walk = { timeout: signedIn.length * 5_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Admin (who also has the user role) signed in, in a browser whose system prefers `scheme`. */
async function adminIn(scheme: 'light' | 'dark'): Promise<{ page: Page; userId: number }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'en-US',
    colorScheme: scheme,
    // A common laptop screen: staff tables must show their columns at this width.
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin@storelift.test');
  const me = await page.request.post('/api/private/v1/me', {
    headers: await apiAuth(page, 'admin@storelift.test'),
  });
  const { user } = (await me.json()) as { user: { id: number } };
  return { page, userId: user.id };
}

/** Opens a route (a `$param` segment gets a real id) and waits for its heading. */
async function open(page: Page, path: string, userId: number) {
  await page.goto(path.replace(/\$[a-z]+/gi, String(userId)));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByTestId('header-balances').waitFor({ state: 'attached' });
}

/** The boxes of the page that scroll sideways (a table's scroll area hiding columns), with how far. */
const sidewaysBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .map((element) => `${element.className}: ${element.scrollWidth - element.clientWidth} px`),
  );

describe.each(['light', 'dark'] as const)('every signed-in route in the %s scheme', (scheme) => {
  it(
    'has no serious or critical axe violation (and, in light, no staff table scrolls sideways at 1366 px)',
    walk,
    async () => {
      expect(signedIn.length).toBeGreaterThan(20);
      const { page, userId } = await adminIn(scheme);
      const sideways: string[] = [];
      for (const [path, access] of signedIn) {
        await open(page, path, userId);
        await expectAccessible(page, `${path} (${scheme})`);
        if (scheme === 'light' && access.permission) {
          await page.waitForLoadState('networkidle');
          sideways.push(...(await sidewaysBoxes(page)).map((box) => `${path}: ${box}`));
        }
      }
      expect(sideways).toEqual([]);
      await page.context().close();
    },
  );
});

describe('every signed-in route at 390 px wide (staff tables scroll inside their own box)', () => {
  it('does not scroll the page sideways', walk, async () => {
    const { page, userId } = await adminIn('light');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflowing: string[] = [];
    for (const [path] of signedIn) {
      await open(page, path, userId);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth} px`);
    }
    expect(overflowing).toEqual([]);
    await page.context().close();
  });
});

describe('staff user orders at 1366 px wide', () => {
  it('shows its columns without scrolling the table sideways', async () => {
    const { page, userId } = await adminIn('light');
    await open(page, '/admin/user-orders', userId);
    await page.locator('[data-testid^="order-status-"]').first().waitFor();
    expect(await sidewaysBoxes(page)).toEqual([]);
    await page.context().close();
  });
});
