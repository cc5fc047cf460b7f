import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  expectAccessible,
  freshCustomer,
  launchBrowser,
  newPage,
  signIn,
  tracksAnAppAndTopsUp,
} from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const FITNESS = 'com.storelift.demo.fitness';

/** A call of the signed-in customer with the token the web app keeps. */
async function call(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('storelift.token'));
  const response = await page.request.fetch(`/api/private/v1/${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

describe('rank history', () => {
  it('shows a keyword-installs campaign on the rank chart, the day in a tooltip and who ranks around the app', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'ranks');
    await signIn(page, email, password);
    await tracksAnAppAndTopsUp(page);

    // The demo account already tracks "home workout" for this app: the new keyword starts with that history.
    const added = await call(page, 'POST', 'keywords', {
      keyword: 'home workout',
      packageId: FITNESS,
      appstore: 1,
      country: 'US',
    });
    const keywordId = added.data.id as number;
    await call(page, 'POST', 'keywords', {
      keyword: 'fitness',
      packageId: FITNESS,
      appstore: 1,
      country: 'US',
    });
    const ordered = await call(page, 'POST', 'campaigns', {
      productType: 2,
      packageId: FITNESS,
      appstore: 1,
      country: 'US',
      days: 2,
      installs: 5,
      deliveryType: 0,
      serializedChildKeywords: ['home workout'],
    });
    const campaignId = ordered.data.id as number;
    // It shows on the chart once started.
    await expect
      .poll(
        async () =>
          (
            (await call(page, 'GET', `keywords/chartRank?id=${keywordId}&period=month`))
              .campaigns as unknown[]
          ).length,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);

    await page.goto(`/keywords?packageId=${FITNESS}&appstore=1&country=US`);
    const table = page.getByTestId('keyword-table');
    await expect.poll(() => table.getByTestId('keyword-text').count()).toBe(2);
    await table.getByRole('button', { name: 'Rank chart of “home workout”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rank of “home workout”' });
    const chart = dialog.getByTestId('rank-chart');
    await expect.poll(() => chart.locator('.recharts-reference-area').count()).toBe(1);
    expect(await chart.getByText(`#${campaignId}`, { exact: true }).count()).toBe(1);
    expect(await dialog.getByTestId('rank-chart-campaigns').textContent()).toContain('(1)');
    // Shared history: a month of ranked days, not one dot.
    expect(await chart.locator('.recharts-line-dots circle').count()).toBeGreaterThan(20);

    // The tooltip of today (the last day, on the right): the rank, the campaign running.
    const box = (await chart.locator('.recharts-surface').boundingBox())!;
    const tooltip = page.getByTestId('rank-chart-tooltip');
    const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
    for (let x = box.x + box.width - 4; x > box.x + box.width / 2; x -= 6) {
      await page.mouse.move(x, box.y + box.height / 2);
      if ((await tooltip.count()) && (await tooltip.textContent())?.startsWith(`${day}.${month}.${year}`))
        break;
    }
    await expect.poll(() => tooltip.textContent()).toMatch(/home workout: #\d+/);
    expect(await tooltip.textContent()).toContain(`Campaign: #${campaignId}`);

    // Who ranks around the app: the store's top 10, the app among them.
    const around = dialog.getByTestId('ranks-around');
    await expect.poll(() => around.getByTestId('ranked-app').count()).toBeGreaterThanOrEqual(10);
    expect(await around.locator('[data-own]').textContent()).toContain('Your app');
    await expectAccessible(page, 'the annotated rank chart', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Compared keywords keep their line colours beside them in the table.
    await table.getByRole('checkbox', { name: 'Select “home workout”' }).check();
    await table.getByRole('checkbox', { name: 'Select “fitness”' }).check();
    await expect.poll(() => table.getByTestId('keyword-line-color').count()).toBe(2);
    await page.getByRole('button', { name: 'Compare ranks' }).click();
    const compare = page.getByRole('dialog', { name: 'Ranks of the selected keywords' });
    await expect.poll(() => compare.getByTestId('rank-chart').locator('.recharts-line').count()).toBe(2);
    await expectAccessible(page, 'the compared ranks', '[role="dialog"]');
    await page.close();
  });
});
