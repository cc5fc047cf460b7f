import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const quickActions = (page: Page) => page.getByTestId('quick-actions');

describe('navigation', () => {
  it('opens the quick actions of the side menu by keyboard and the simple or advanced Add campaigns', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await expect
      .poll(() => page.getByRole('region', { name: 'Quick actions' }).getByRole('link').count())
      .toBe(4);
    // The dashboard's widgets are another journey's: axe looks at the menu here.
    await expectAccessible(page, 'the side menu with its quick actions', 'nav[aria-label="Main menu"]');

    // Keyboard: focus a quick action and press Enter.
    await quickActions(page).getByRole('link', { name: 'Add app' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apps**');
    await expect.poll(() => page.getByRole('dialog', { name: 'Add an app' }).count()).toBe(1);
    await page.keyboard.press('Escape');

    await quickActions(page).getByRole('link', { name: 'Top up' }).click();
    await page.waitForURL('**/top-up-balance');
    await quickActions(page).getByRole('link', { name: 'Add keywords' }).click();
    await page.waitForURL('**/keywords**');

    // omitAdvancedMode: the simple form without the switch; isAdvancedMode: the per-day plan is there.
    await page.goto('/add-campaigns?omitAdvancedMode=1&productType=1');
    await page.getByTestId('campaign-app').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect.poll(() => page.getByTestId('campaign-days').count()).toBe(1);
    expect(await page.getByTestId('campaign-advanced-mode').count()).toBe(0);
    expect(await page.getByTestId('campaign-plan-toggle').count()).toBe(0);

    await page.goto('/add-campaigns?isAdvancedMode=1&productType=1');
    await page.getByTestId('campaign-app').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect.poll(() => page.getByTestId('campaign-plan-toggle').count()).toBe(1);
    expect(await page.getByTestId('campaign-advanced-mode').isChecked()).toBe(true);
    await expectAccessible(page, 'Add campaigns in the advanced mode');
    await page.close();
  }, 120_000);

  it('shows payment systems and plans from the server in the interface language', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await expect.poll(() => page.getByRole('heading', { name: /Welcome/ }).count()).toBe(1);
    // The account's language, saved through the API: the next page load speaks it.
    const token = await page.evaluate(() => localStorage.getItem('storelift.token'));
    const saved = await page.request.post('/api/private/v1/changeLocale', {
      headers: { Authorization: `Bearer ${token}` },
      data: { locale: 'uk-UA' },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    await expect.poll(() => quickActions(page).getByRole('link', { name: 'Поповнити' }).count()).toBe(1);

    await quickActions(page).getByRole('link', { name: 'Поповнити' }).click();
    await page.waitForURL('**/top-up-balance');
    await expect.poll(() => page.getByText('Картка', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Pay with your PayPal account').count()).toBe(0);
    // The menu in Ukrainian, with the active quick action (the top-up page itself is the money journey's).
    await expectAccessible(page, 'the side menu in Ukrainian', 'nav');

    await page.goto('/priceplans');
    await expect.poll(() => page.getByText('Бронзовий', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Bronze', { exact: true }).count()).toBe(0);

    // The ledger's descriptions too.
    await page.goto('/my-transactions');
    await expect.poll(() => page.getByText(/^Поповнення #\d+$/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/^Top-up #\d+$/).count()).toBe(0);

    await page.goto('/priceplans');
    await expect.poll(() => page.getByText('Бронзовий', { exact: true }).count()).toBeGreaterThan(0);
    // Back to English: the answers are asked for again.
    await page.getByTestId('language-switch').selectOption('en-US');
    await expect.poll(() => page.getByText('Bronze', { exact: true }).count()).toBeGreaterThan(0);
    await page.close();
  }, 120_000);
});
