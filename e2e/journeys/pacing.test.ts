import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Adds a keyword to the keyword-installs form's keywords (typed, then Enter). */
async function addKeyword(page: Page, keyword: string) {
  const input = page.getByTestId('campaign-keywords');
  await input.click();
  await input.fill(keyword);
  await input.press('Enter');
}

describe('pacing', () => {
  it('shows the chosen keywords with a suggestion, fills the plan with it and shows it on the review step', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    // The demo fitness app in the US: the demo's delivered campaigns there are enough to calibrate on.
    await page.goto('/add-campaigns?packageId=com.storelift.demo.fitness&appstore=1&isAdvancedMode=1');
    await page.getByTestId('tab-keyword-installs').click();
    await expect.poll(() => page.getByTestId('campaign-country').inputValue()).toContain('(US)');
    await addKeyword(page, 'home workout');
    await addKeyword(page, 'yoga');
    await page.keyboard.press('Escape');

    // Each keyword with its rank, score and difficulty; what the figures rest on.
    await expect.poll(() => page.getByTestId('pacing-row').count()).toBe(2);
    await expect
      .poll(() => page.getByTestId('pacing-basis').textContent())
      .toMatch(/^Based on \d+ delivered campaigns in this store and country/);
    // Aiming for the top: at least one keyword below rank 1 gets installs a day and days.
    await page.getByTestId('pacing-target').fill('1');
    await expect
      .poll(() => page.getByTestId('pacing-use').textContent())
      .toMatch(/^Use this plan: \d+ a day for \d+ days?$/);
    expect(await page.getByTestId('pacing-suggestion').allTextContents()).toContainEqual(
      expect.stringMatching(/^\d+ a day · \d+ days?/),
    );
    await expectAccessible(
      page,
      'the keyword-installs form with its pacing panel',
      '[data-testid="add-campaign-form"]',
    );

    // "Use this plan" fills installs, days and each day of the plan; the customer can still change them.
    const [, perDay, days] = (await page.getByTestId('pacing-use').textContent())!.match(
      /(\d+) a day for (\d+) day/,
    )!;
    await page.getByTestId('pacing-use').click();
    await expect.poll(() => page.getByTestId('campaign-installs').inputValue()).toBe(perDay);
    expect(await page.getByTestId('campaign-days').inputValue()).toBe(days);
    expect(await page.getByTestId('campaign-plan').getByRole('textbox').count()).toBe(Number(days));
    expect(await page.getByTestId('campaign-plan-day-1').inputValue()).toBe(perDay);
    await page.getByTestId('campaign-plan-day-1').fill('5');

    // The review step: the suggested pace and the rank range this plan is expected to reach, beside the price.
    await expect.poll(() => page.getByTestId('campaign-price').textContent()).toMatch(/\d\.\d\d$/);
    await page.getByTestId('campaign-review').click();
    await expect
      .poll(() => page.getByTestId('review-pacing').textContent())
      .toContain(`${perDay} a day · ${days} day`);
    expect(await page.getByTestId('review-pacing').textContent()).toContain('Based on');
    expect(await page.getByTestId('review-expected-rank').textContent()).toMatch(/(home workout|yoga): \d+/);
    expect(await page.getByTestId('review-plan').textContent()).toMatch(/^day 1: 5 · /);
    await expectAccessible(page, 'the review step with the pacing rows', '[data-testid="order-review"]');
    await page.getByTestId('review-back').click();
  });
});
