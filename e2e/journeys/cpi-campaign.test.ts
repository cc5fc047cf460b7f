import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

describe('CPI campaign: estimate, preview and report', () => {
  it('estimates the cost per install and warns of a low target, previews the ad, orders, and shows the campaign per day and per country', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'cpi-report');
    await signIn(page, email, password);
    await tracksAnAppAndTopsUp(page);

    await page.goto('/add-campaigns');
    await page.getByTestId('tab-cpi').click();
    await page.getByTestId('cpi-next').click();

    // Western Europe's high-CPI countries, promoted in Germany and France.
    await page.getByTestId('cpi-panel-target').waitFor();
    await page.getByLabel('Europe').check();
    await page.getByLabel('High', { exact: true }).check();
    await page.getByTestId('cpi-next').click();
    await page.getByTestId('cpi-panel-promotion').waitFor();
    const countries = page.getByTestId('cpi-countries');
    for (const name of ['Germany', 'France']) {
      await countries.click();
      await countries.fill(name);
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('cpi-next').click();

    // Budget: the default target 0.15 is below Western Europe's range on Google Play: a warning says so.
    await page.getByTestId('cpi-panel-budget').waitFor();
    const tier = page.getByTestId('cpi-estimate-benchmark-westernEurope');
    await expect.poll(() => tier.textContent()).toContain('Western Europe');
    expect(await tier.textContent()).toContain('0.80 – 2.50');
    expect(await tier.textContent()).toContain('DEFR');
    const warning = page.getByTestId('cpi-estimate-warning');
    await expect
      .poll(() => warning.textContent())
      .toContain(
        'At 0.15 in Western Europe expect few installs: an install there usually costs 0.80 – 2.50.',
      );
    await expectAccessible(page, 'the CPI budget step with the estimate');
    // A target within the range: no warning (the estimate is asked again after the typing pauses).
    await page.getByTestId('cpi-target').fill('1');
    await expect.poll(() => warning.count()).toBe(0);
    await page.getByTestId('cpi-next').click();

    // Headlines and description read together in the ad preview, live.
    await page.getByTestId('cpi-panel-ads').waitFor();
    const preview = page.getByTestId('cpi-ad-preview');
    expect(await preview.getByTestId('cpi-ad-preview-headline').textContent()).toBe(
      'Your headlines appear here',
    );
    await page.getByTestId('cpi-headline1').fill('Train at home');
    await page.getByTestId('cpi-headline2').fill('Workouts in 7 minutes');
    await page
      .getByTestId('cpi-description')
      .fill('Short daily workouts with no equipment and a weekly plan.');
    await expect
      .poll(() => preview.getByTestId('cpi-ad-preview-headline').textContent())
      .toBe('Train at home | Workouts in 7 minutes');
    expect(await preview.getByTestId('cpi-ad-preview-description').textContent()).toBe(
      'Short daily workouts with no equipment and a weekly plan.',
    );
    expect(await preview.textContent()).toContain('FitPulse');
    await expectAccessible(page, 'the CPI ads step with the preview');
    await page.getByTestId('cpi-next').click();

    // Summary: the preview again, no warning at 1.00; order.
    await page.getByTestId('cpi-summary').waitFor();
    expect(await page.getByTestId('cpi-summary-preview-headline').textContent()).toBe(
      'Train at home | Workouts in 7 minutes',
    );
    expect(await page.getByTestId('cpi-estimate-warning').count()).toBe(0);
    const ordered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/private/v1/campaigns') && response.request().method() === 'POST',
    );
    await page.getByTestId('cpi-order').click();
    const { data } = (await (await ordered).json()) as { data: { id: number } };
    const id = data.id;

    // My campaigns: the row names its two countries, and its spend so far.
    await page.waitForURL('**/campaigns');
    const status = page.getByTestId(`campaign-status-${id}`);
    const row = page.getByTestId('campaigns-table').getByRole('row').filter({ has: status });
    await expect.poll(() => row.textContent()).toContain('countries: 2');
    expect(await page.getByTestId(`campaign-cpi-spent-${id}`).textContent()).toMatch(/^spent \d/);

    // The campaign page: the ad with its review, the countries, the start charge, the prepayment held.
    await row.click();
    const report = page.getByTestId('campaign-details').getByTestId('cpi-report');
    await report.waitFor();
    expect(await report.getByTestId('cpi-report-ad-headline').textContent()).toBe(
      'Train at home | Workouts in 7 minutes',
    );
    expect(await report.getByTestId('cpi-report-countries-list').textContent()).toBe('DEFR');
    await expect.poll(() => report.getByTestId('cpi-report-charges').textContent()).toContain('-20.00');
    expect(await report.getByTestId('cpi-report-refund').textContent()).toContain('Prepayment left');
    expect(await report.getByTestId('cpi-report-pacing').textContent()).toMatch(/ of 10\.00$/);

    // The sandbox ad network runs a day in 15 s and the report pass reads it: per-day and per-country figures
    // (the drawer is opened again to read the report again).
    const days = report.getByTestId('cpi-report-days');
    await expect
      .poll(
        async () => {
          if ((await days.count()) > 0) return true;
          await page.keyboard.press('Escape');
          await row.click();
          await report.waitFor();
          return (await days.count()) > 0;
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toBe(true);
    // The chart is a lazy chunk: it comes a moment after the tables.
    await expect.poll(() => report.getByTestId('cpi-report-chart').count()).toBe(1);
    await report.getByTestId('cpi-report-tab-countries').click();
    const byCountry = report.getByTestId('cpi-report-countries');
    await expect.poll(() => byCountry.locator('tbody tr').count()).toBeGreaterThan(0);
    const countryNames = await byCountry.locator('tbody tr td:first-child').allTextContents();
    expect(countryNames.every((name) => ['Germany', 'France'].includes(name))).toBe(true);
    await expectAccessible(page, 'the CPI campaign page', '[data-testid="campaign-details"]');
    await page.close();

    // Staff see where the campaign lives at Google Ads and its ad's review on the order.
    const staff = await newPage(browser);
    await signIn(staff, 'admin@storelift.test');
    await staff.goto(`/admin/user-orders?campaign=${id}`);
    const ads = staff.getByTestId('order-details').getByTestId('order-details-google-ads');
    await expect.poll(() => ads.textContent(), { timeout: 30_000 }).toMatch(/customers\/\d+\/campaigns\/\d+/);
    expect(await ads.textContent()).toMatch(/ENABLED/);
    await expectAccessible(
      staff,
      'the CPI order drawer with its Google Ads state',
      '[data-testid="order-details"]',
    );
    await staff.close();
  }, 240_000);
});
