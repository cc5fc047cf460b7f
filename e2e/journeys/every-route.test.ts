import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser } from '../support.js';
import { adminIn, COLOUR_RULES, LAPTOP, open, signedIn, walk } from '../route-walk.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The boxes of the page that scroll sideways (a table's scroll area hiding columns), with how far. */
const sidewaysBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .map((element) => `${element.className}: ${element.scrollWidth - element.clientWidth} px`),
  );

/**
 * One walk, each route opened once and looked at in both schemes: axe in the light one at 1366 px (and no staff
 * table scrolling sideways there), then the rules a scheme can change in the dark one (the app follows the
 * system's scheme as it changes). The walk at 390 px is every-route-phone.test.ts, on the other worker.
 */
describe('every signed-in route', () => {
  it(
    'has no serious or critical axe violation in either scheme, and shows staff tables whole at 1366 px',
    walk,
    async () => {
      expect(signedIn.length).toBeGreaterThan(20);
      const { page, userId } = await adminIn(browser, LAPTOP);
      const problems: string[] = [];
      for (const [path, access] of signedIn) {
        await page.emulateMedia({ colorScheme: 'light' });
        await open(page, path, userId);
        await expectAccessible(page, `${path} (light)`);
        if (access.permission) {
          await page.waitForLoadState('networkidle');
          problems.push(...(await sidewaysBoxes(page)).map((box) => `${path}: ${box}`));
        }
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
        await expectAccessible(page, `${path} (dark)`, undefined, COLOUR_RULES);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );
});

describe('staff user orders at 1366 px wide', () => {
  it('shows its columns without scrolling the table sideways', async () => {
    const { page, userId } = await adminIn(browser, LAPTOP);
    await open(page, '/admin/user-orders', userId);
    await page.locator('[data-testid^="order-status-"]').first().waitFor();
    expect(await sidewaysBoxes(page)).toEqual([]);
    await page.context().close();
  });
});
