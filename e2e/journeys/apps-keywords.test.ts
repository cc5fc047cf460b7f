import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const FITNESS_LINK = 'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness&hl=en&gl=US';
const FITNESS_TITLE = 'FitPulse: Home Workout Tracker';

describe('apps and keywords', () => {
  it('adds an app from a pasted Google Play link, tracks three keywords, updates ranks and opens the chart', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'apps');
    await signIn(page, email, password);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My apps' }).click();
    await page.waitForURL('**/apps');
    await expect.poll(() => page.getByTestId('apps-empty').getByText('No apps yet').count()).toBe(1);

    // A bad package id is refused on the field, before the server is asked.
    await page.getByTestId('apps-empty').getByRole('button', { name: 'Add app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an app' });
    const appField = dialog.getByRole('textbox', { name: 'App id, store link or name' });
    await appField.fill('Com.Bad.Id');
    await dialog.getByRole('button', { name: 'Add app' }).click();
    await expect
      .poll(() => dialog.getByText('Android package id must be lowercase words separated by dots').count())
      .toBe(1);

    // A pasted link names the app, the store and the country.
    await appField.fill(FITNESS_LINK);
    await expect
      .poll(() => dialog.getByTestId('link-recognized').textContent())
      .toContain('com.storelift.demo.fitness on Google Play, country US');
    expect(await dialog.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United States (US)');
    await expect
      .poll(() => dialog.getByTestId('store-search-result').first().textContent())
      .toContain(FITNESS_TITLE);
    await dialog.getByRole('button', { name: 'Add app' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Add an app' }).count()).toBe(0);

    const card = page.getByTestId('app-card').filter({ hasText: FITNESS_TITLE });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('app-country-status').allTextContents()).toEqual(['US']);

    // Its keywords, from the card.
    await card.getByRole('link', { name: 'Keywords' }).click();
    await page.waitForURL(/\/keywords\?packageId=com\.storelift\.demo\.fitness&appstore=1&country=US/);
    await expect.poll(() => page.getByTestId('keywords-empty').getByText('No keywords yet').count()).toBe(1);

    const input = page.getByRole('textbox', { name: 'Add a keyword' });
    const table = page.getByTestId('keyword-table');
    const keywords = ['home workout', 'fitness', 'step counter'];
    for (const [index, keyword] of keywords.entries()) {
      await input.fill(keyword);
      await input.press('Enter');
      await expect.poll(() => table.getByTestId('keyword-text').count()).toBe(index + 1);
      await expect.poll(() => input.inputValue()).toBe('');
    }
    expect((await table.getByTestId('keyword-text').allTextContents()).sort()).toEqual([...keywords].sort());

    // A keyword with a special symbol is refused by the shared rule.
    await input.fill('#workout');
    await input.press('Enter');
    await expect
      .poll(() =>
        page.getByText('Keyword must not contain quotes, slashes, hashtags or special symbols').count(),
      )
      .toBe(1);
    await input.fill('');

    await page.getByTestId('update-all-ranks').click();
    await expect.poll(() => page.getByText('Ranks updated').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('rank-update-progress').count()).toBe(0);

    // Every keyword has a rank now (the fitness app ranks for all three in the offline catalog).
    const ranks = await table.getByTestId('keyword-rank').allTextContents();
    expect(ranks).toHaveLength(3);
    for (const rank of ranks) expect(rank).toMatch(/^\d+$/);

    await table.getByRole('button', { name: 'Rank chart of “home workout”' }).click();
    const chart = page.getByRole('dialog', { name: 'Rank of “home workout”' });
    await expect.poll(() => chart.getByTestId('rank-chart').locator('.recharts-line').count()).toBe(1);
    await chart.getByText('3 months').click();
    await expect.poll(() => chart.getByTestId('rank-chart').locator('.recharts-line').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.close();
  });
});
