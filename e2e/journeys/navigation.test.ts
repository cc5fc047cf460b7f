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
  });

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
  });

  it('keeps the account menu and the first campaigns on the first screen of a 390 px phone', async () => {
    const page = await newPage(browser);
    const screen = { width: 390, height: 844 };
    await page.setViewportSize(screen);
    await signIn(page, 'user@storelift.test');
    const avatar = (await page.getByTestId('header-avatar').boundingBox())!;
    expect(avatar.x).toBeGreaterThanOrEqual(0);
    expect(avatar.x + avatar.width).toBeLessThanOrEqual(screen.width);
    expect(avatar.y + avatar.height).toBeLessThanOrEqual(screen.height);
    // The language switch left the header for the burger's menu.
    await page.getByRole('button', { name: 'Open or close the menu' }).click();
    expect(await page.locator('header').getByTestId('language-switch').count()).toBe(0);
    // On screen once the menu is open (the closed menu waits off to the left).
    await expect
      .poll(async () => (await page.getByTestId('language-switch').boundingBox())?.x)
      .toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Open or close the menu' }).click();

    // My campaigns: the status is one select and the filters wait behind a button, so the rows show at once.
    await page.goto('/campaigns');
    const firstRow = page.getByTestId('campaigns-table').locator('tbody tr').first();
    await firstRow.waitFor();
    const row = (await firstRow.boundingBox())!;
    expect(row.y + row.height).toBeLessThanOrEqual(screen.height);
    expect(await page.getByTestId('campaigns-tab-all').count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('campaigns-search').isVisible()).toBe(false);
    // By keyboard: the button opens them, and counts the filters in use.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('campaigns-search').isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('campaigns-search').fill('FitPulse');
    await page.getByRole('switch', { name: 'Favorites only' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.textContent()).toBe('Filters2active: 2');
    await expectAccessible(page, 'My campaigns at 390 px with the filters open');
    await page.close();
  });
});
