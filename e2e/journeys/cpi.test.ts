import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshCustomer, launchBrowser, newPage, signIn, tracksAnAppAndTopsUp } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A header amount ("3 000.00") as a number of cents. */
async function cents(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Math.round(Number(text.replace(/[\s\u00a0]/g, '')) * 100);
}

describe('CPI campaign', () => {
  it('runs the CPI wizard with a suggestion and a fixed duplicate headline, saves a draft, edits it in place, orders, and is charged twice the daily budget', async () => {
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

    // 3. Budget: the default 10 a day would charge 20 at the start.
    await page.getByTestId('cpi-panel-budget').waitFor();
    expect(await page.getByTestId('cpi-target').inputValue()).toBe('0.15');
    expect(await page.getByTestId('cpi-days').inputValue()).toBe('7');
    expect(await page.getByTestId('cpi-budget').inputValue()).toBe('10');
    await expect.poll(() => page.getByTestId('cpi-start-charge').textContent()).toBe('20.00');
    expect(await page.getByTestId('cpi-installs').textContent()).toBe('66');
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

    // 5. Summary: the choices, the charge now, the balance; saved as a draft first.
    const summary = page.getByTestId('cpi-summary');
    await summary.waitFor();
    expect(await page.getByTestId('cpi-summary-countries').textContent()).toBe('DEFR');
    expect(await page.getByTestId('cpi-summary-headline1').textContent()).toBe(first);
    expect(await page.getByTestId('cpi-summary-charge').textContent()).toBe('20.00');
    expect(await page.getByTestId('cpi-summary-balance').textContent()).toBe('100.00');
    expect(await page.getByTestId('cpi-summary-balance-after').textContent()).toBe('80.00');
    expect(await page.getByTestId('cpi-short-balance').count()).toBe(0);
    // A delayed start can be set, and dropped again to start at once.
    await page.getByTestId('cpi-delayed').click();
    await page
      .getByTestId('delayed-date')
      .fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    await page.getByTestId('delayed-time').fill('10:00');
    await page.getByTestId('delayed-confirm').click();
    await expect.poll(() => page.getByTestId('cpi-start-at').textContent()).toMatch(/^Starts /);
    await page.getByRole('button', { name: 'Start now instead' }).click();
    await page.getByTestId('cpi-delayed').waitFor();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/private/v1/campaigns') && response.request().method() === 'POST',
    );
    await page.getByTestId('cpi-save-draft').click();
    const draft = (await (await saved).json()) as { data: { id: number; status: string } };
    expect(draft.data.status).toBe('draft');
    const id = draft.data.id;
    await page.waitForURL('**/campaigns');
    const status = page.getByTestId(`campaign-status-${id}`);
    await expect.poll(() => status.textContent()).toBe('Draft');

    // Edit the draft in place: the wizard opens on its summary; the daily budget becomes 12 (24 at the start).
    await page.getByRole('button', { name: `Actions of campaign #${id}` }).click();
    await page.getByTestId(`campaign-edit-${id}`).click();
    await page.waitForURL(`**/add-campaigns?campaignId=${id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Edit campaign #${id}`);
    await summary.waitFor();
    expect(await page.getByTestId('cpi-summary-charge').textContent()).toBe('20.00');
    expect(await page.getByTestId('cpi-summary-countries').textContent()).toBe('DEFR');
    expect(await page.getByTestId('tab-keyword-installs').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Edit: Daily budget' }).click();
    await page.getByTestId('cpi-budget').fill('12');
    await expect.poll(() => page.getByTestId('cpi-start-charge').textContent()).toBe('24.00');
    expect(await page.getByTestId('cpi-installs').textContent()).toBe('80');
    await page.getByTestId('cpi-next').click();
    await page.getByTestId('cpi-panel-ads').waitFor();
    await page.getByTestId('cpi-next').click();
    await summary.waitFor();
    expect(await page.getByTestId('cpi-summary-charge').textContent()).toBe('24.00');

    // Order: the draft is saved (PUT, no new campaign) and started.
    const put = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/private/v1/campaigns/${id}`) && response.request().method() === 'PUT',
    );
    await page.getByTestId('cpi-order').click();
    expect((await put).status()).toBe(200);

    // My campaigns: the same campaign runs, alone, and the start charge left the balance.
    await page.waitForURL('**/campaigns');
    // It starts once Google Ads (the server's own sandbox) has built it, right after the order or at the next
    // delivery tick on a busy machine; the list reads running campaigns again every 15 s.
    await expect.poll(() => status.textContent(), { timeout: 60_000, interval: 1_000 }).toBe('Active');
    await expect.poll(() => page.getByTestId('campaigns-tab-all').textContent()).toMatch(/^All\s*1$/);
    await expect
      .poll(async () => (await cents(page, 'balance-main')) + (await cents(page, 'balance-bonus')))
      .toBe(before - 2_400);
    await page.close();
  });
});
