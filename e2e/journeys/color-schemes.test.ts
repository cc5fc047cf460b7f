import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, expectAccessible, launchBrowser, PAGE_WAIT_MS, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A page of a browser whose system prefers the scheme (the app's default follows it). */
async function pageIn(scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', colorScheme: scheme });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  return page;
}

describe.each(['light', 'dark'] as const)('the %s scheme', (scheme) => {
  it('keeps the dashboard, My campaigns with a campaign open, and the top-up page free of serious axe violations', async () => {
    const page = await pageIn(scheme);
    await signIn(page, 'user@storelift.test');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe(scheme);
    // The header's balances are in place: their contrast and name are judged on every page.
    await page.getByTestId('header-balances').waitFor();
    await expectAccessible(page, `the dashboard (${scheme})`);

    await page.goto('/campaigns');
    const status = page.locator('[data-testid^="campaign-status-"]').first();
    await status.waitFor();
    await expectAccessible(page, `My campaigns (${scheme})`);
    await status.click();
    const details = page.getByTestId('campaign-details');
    // Its delivery bar is named (at 0 % its section has no width, so it is attached rather than visible).
    await details.getByRole('progressbar', { name: 'Delivered' }).waitFor({ state: 'attached' });
    await expect.poll(() => details.getByRole('button', { name: 'Close' }).count()).toBe(1);
    await expectAccessible(page, `a campaign's details (${scheme})`);

    await page.goto('/top-up-balance');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, `the top-up page (${scheme})`);
    await page.context().close();
  });
});
