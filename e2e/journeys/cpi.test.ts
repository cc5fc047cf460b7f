import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const FITNESS = 'com.storelift.demo.fitness';

/** A header amount ("3 000.00") as a number of cents. */
async function cents(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Math.round(Number(text.replace(/[\s\u00a0]/g, '')) * 100);
}

/** A call of the signed-in customer (the token the web app keeps). */
async function call(page: Page, method: 'POST', path: string, data: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('storelift.token'));
  const response = await page.request.fetch(`/api/private/v1/${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** Tracks the demo fitness app and tops up 100 by card on the payment sandbox. */
async function tracksAnAppAndTopsUp(page: Page) {
  await call(page, 'POST', 'apps', { appstore: 1, country: 'US', package: FITNESS });
  const checkout = await call(page, 'POST', 'checkout', { amount: '100', paysystem_id: 30 });
  await page.goto(String(checkout.link));
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/top-up-balance/result?payment=*');
  await expect.poll(() => page.getByTestId('top-up-result').getAttribute('data-status')).toBe('credited');
}

describe('CPI campaign', () => {
  it('runs the CPI wizard with a suggestion and a fixed duplicate headline, orders, and is charged twice the daily budget', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'cpi');
    await signIn(page, email, password);
    await tracksAnAppAndTopsUp(page);
    await expect.poll(() => cents(page, 'balance-main')).toBe(10_000);
    const before = (await cents(page, 'balance-main')) + (await cents(page, 'balance-bonus'));

    await page.getByRole('link', { name: 'Add campaigns' }).click();
    await page.waitForURL('**/add-campaigns');
    await page.getByTestId('tab-cpi').click();

    // The intro says how charging works.
    const intro = page.getByTestId('cpi-intro');
    await expect.poll(() => intro.textContent()).toContain('twice the daily budget');
    expect(await intro.textContent()).toContain('refunded 24 hours later');
    await page.getByTestId('cpi-next').click();

    // 1. Target countries: nothing chosen is refused; Europe at the high level names its countries.
    await page.getByTestId('cpi-panel-target').waitFor();
    await page.getByTestId('cpi-next').click();
    await expect
      .poll(() => page.getByText('Choose target countries: a GEO group or a CPI level').count())
      .toBe(1);
    // The only tracked app is already chosen.
    expect(await page.getByTestId('cpi-app').inputValue()).toContain('FitPulse');
    await page.getByLabel('Europe').check();
    await page.getByLabel('High', { exact: true }).check();
    await expect.poll(() => page.getByTestId('cpi-target-countries').textContent()).toContain('DE');
    expect(await page.getByTestId('cpi-target-countries').textContent()).not.toContain('US');
    await page.getByTestId('cpi-next').click();

    // 2. Promotion countries: Germany and France, in English.
    await page.getByTestId('cpi-panel-promotion').waitFor();
    const countries = page.getByTestId('cpi-countries');
    for (const name of ['Germany', 'France']) {
      await countries.click();
      await countries.fill(name);
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('cpi-next').click();

    // 3. Budget: 12 a day charges 24 at the start.
    await page.getByTestId('cpi-panel-budget').waitFor();
    expect(await page.getByTestId('cpi-target').inputValue()).toBe('0.15');
    expect(await page.getByTestId('cpi-days').inputValue()).toBe('7');
    await page.getByTestId('cpi-budget').fill('12');
    await expect.poll(() => page.getByTestId('cpi-start-charge').textContent()).toBe('24.00');
    expect(await page.getByTestId('cpi-installs').textContent()).toBe('80');
    await page.getByTestId('cpi-next').click();

    // 4. Headlines and description from the store listing; the same headline twice is refused.
    await page.getByTestId('cpi-panel-ads').waitFor();
    await page.getByTestId('cpi-suggest').click();
    const headlines = page.getByTestId('cpi-suggested-headline');
    await expect.poll(() => headlines.count()).toBeGreaterThan(1);
    await headlines
      .nth(0)
      .getByRole('button', { name: /as Headline 1$/ })
      .click();
    await headlines
      .nth(0)
      .getByRole('button', { name: /as Headline 2$/ })
      .click();
    await page.getByTestId('cpi-suggested-description').first().getByRole('button').click();
    await page.getByTestId('cpi-suggestions-close').click();
    const first = await page.getByTestId('cpi-headline1').inputValue();
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('cpi-headline2').inputValue()).toBe(first);
    await page.getByTestId('cpi-next').click();
    await expect
      .poll(() => page.getByText('Headline 1, headline 2 and the description must all be different').count())
      .toBe(1);
    expect(await page.getByTestId('cpi-panel-ads').count()).toBe(1);

    await page.getByTestId('cpi-suggest').click();
    await headlines
      .nth(1)
      .getByRole('button', { name: /as Headline 2$/ })
      .click();
    await page.getByTestId('cpi-suggestions-close').click();
    const second = await page.getByTestId('cpi-headline2').inputValue();
    expect(second).not.toBe(first);
    await page.getByTestId('cpi-next').click();

    // 5. Summary: the choices, the charge now, the balance.
    const summary = page.getByTestId('cpi-summary');
    await summary.waitFor();
    expect(await page.getByTestId('cpi-summary-countries').textContent()).toBe('DEFR');
    expect(await page.getByTestId('cpi-summary-headline1').textContent()).toBe(first);
    expect(await page.getByTestId('cpi-summary-charge').textContent()).toBe('24.00');
    expect(await page.getByTestId('cpi-summary-balance').textContent()).toBe('100.00');
    expect(await page.getByTestId('cpi-short-balance').count()).toBe(0);
    await page.getByTestId('cpi-order').click();

    // My campaigns: the CPI campaign runs and the start charge left the balance.
    await page.waitForURL('**/campaigns');
    const row = page.getByTestId('campaigns-table').getByRole('row').filter({ hasText: 'Advertising (CPI)' });
    await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1);
    await expect
      .poll(async () => (await cents(page, 'balance-main')) + (await cents(page, 'balance-bonus')))
      .toBe(before - 2_400);
    await page.close();
  }, 120_000);
});
