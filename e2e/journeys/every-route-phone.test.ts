import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support.js';
import { adminIn, open, signedIn, walk } from '../route-walk.js';

/* The walk at 390 px, a file of its own so that it runs beside every-route.test.ts's walk on the other worker. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('every signed-in route at 390 px wide (staff tables scroll inside their own box)', () => {
  it('does not scroll the page sideways', walk, async () => {
    const { page, userId } = await adminIn(browser, { width: 390, height: 844 });
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
