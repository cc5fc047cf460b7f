import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { apiAuth, baseUrl, PAGE_WAIT_MS, signIn } from './support.js';

/* The walks over every signed-in route (journeys/every-route*.test.ts): the routes and how each is opened. */

interface RouteAccess {
  public?: boolean;
  permission?: string;
}

/**
 * The web app's route table (apps/web/src/routes/navigation.ts), read at run time so new pages are walked without
 * a list here (the e2e project compiles only its own folder, hence the computed path).
 */
const navigation = fileURLToPath(new URL('../apps/web/src/routes/navigation.ts', import.meta.url));
const { ROUTE_ACCESS } = (await import(navigation)) as { ROUTE_ACCESS: Record<string, RouteAccess> };
export const signedIn = Object.entries(ROUTE_ACCESS).filter(([, access]) => !access.public);
/**
 * A walk's time limit grows with the routes it visits (opening a route and an axe scan take one to two seconds
 * each on 2 cores, twice that on slower ones).
 */
export const walk = { timeout: signedIn.length * 10_000 };

/** The axe rules whose outcome a colour scheme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export const LAPTOP = { width: 1366, height: 900 };

/** Admin (who also has the user role) signed in on a screen of the given size. */
export async function adminIn(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ page: Page; userId: number }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  await signIn(page, 'admin@storelift.test');
  const me = await page.request.post('/api/private/v1/me', {
    headers: await apiAuth(page, 'admin@storelift.test'),
  });
  const { user } = (await me.json()) as { user: { id: number } };
  return { page, userId: user.id };
}

/**
 * Opens a route (a `$param` segment gets a real id) and waits for its heading. Once the app is loaded, a route is
 * opened in the app, as a click on a link does (the router follows the history), not by loading the app again:
 * the walk looks at pages, and reloading the bundle for each was most of its time.
 */
export async function open(page: Page, path: string, userId: number) {
  const url = path.replace(/\$[a-z]+/gi, String(userId));
  if (!page.url().startsWith(baseUrl())) await page.goto(url);
  else if (new URL(page.url()).pathname !== url) {
    // The page before's heading is marked, so the wait is for the new page's own.
    await page.evaluate((to) => {
      document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-walked', ''));
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  }
  await page.locator('h1:not([data-walked])').first().waitFor();
  await page.getByTestId('header-balances').waitFor({ state: 'attached' });
}
