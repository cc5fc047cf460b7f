import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

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

/**
 * My campaigns lists by id ascending (customer-area §9): the demo customer's newest campaign may be on a
 * later page, so the list is searched for its id.
 */
async function showCampaign(page: Page, id: number) {
  await page.getByTestId('campaigns-search').fill(String(id));
}

/** Pays the order the review step shows and answers the `POST campaigns` answer. */
async function pay<Answer>(page: Page): Promise<Answer> {
  const ordered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/private/v1/campaigns') && response.request().method() === 'POST',
  );
  await page.getByTestId('campaign-pay').click();
  return (await (await ordered).json()) as Answer;
}

describe('campaigns', () => {
  it('orders keyword installs for a tracked app, sees it active and charged, opens its details and watches it complete', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await expect.poll(() => page.getByTestId('balance-main').textContent()).toMatch(/\d/);
    const before = (await cents(page, 'balance-main')) + (await cents(page, 'balance-bonus'));

    await page.getByRole('link', { name: 'Add campaigns' }).click();
    await page.waitForURL('**/add-campaigns');
    await page.getByTestId('tab-keyword-installs').click();
    await page.getByTestId('campaign-app').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    // A tracked keyword of the app in its country.
    await page.getByTestId('campaign-keywords').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    // Out of range is refused with its limit, not changed: 6000 installs stay 6000.
    const installs = page.getByTestId('campaign-installs');
    await installs.fill('6000');
    await installs.blur();
    await expect
      .poll(() => page.getByTestId('add-campaign-form').textContent())
      .toContain('Installs per day must be from 5 to 5000');
    expect(await installs.inputValue()).toBe('6000');
    await installs.fill('5');
    await page.getByTestId('campaign-days').fill('1');
    // Notes not in English do not keep the price from showing (the order refuses them).
    await page.getByRole('textbox', { name: 'Notes' }).fill('Привет');
    // The quote of 5 installs in all (the form starts at 10 a day for 3 days: wait until it is read again).
    await expect
      .poll(() => page.getByTestId('campaign-price-detail').textContent())
      .toMatch(/^5 installs × /);
    await expect.poll(() => page.getByTestId('campaign-price').textContent()).toMatch(/^\d[\d\s]*\.\d\d$/);
    const price = Math.round(Number((await page.getByTestId('campaign-price').textContent())!.trim()) * 100);
    expect(price).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'Notes' }).fill('');

    // Order opens the review step: what is ordered, the price and the balance after; nothing charged yet.
    await page.getByTestId('campaign-review').click();
    await expect.poll(() => page.getByTestId('review-product').textContent()).toBe('Keyword installs');
    expect(await page.getByTestId('review-country').textContent()).toContain('(US)');
    expect(await page.getByTestId('review-keywords').textContent()).not.toBe('');
    expect(await page.getByTestId('review-plan').textContent()).toBe('day 1: 5');
    expect(await page.getByTestId('review-total').textContent()).toBe('5');
    expect(await cents(page, 'review-price')).toBe(price);
    expect(await cents(page, 'review-balance')).toBe(before);
    expect(await cents(page, 'review-balance-after')).toBe(before - price);
    await expectAccessible(page, 'the order review', '[role="dialog"]');
    // Escape goes back to the form; nothing was ordered.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await cents(page, 'balance-main')) + (await cents(page, 'balance-bonus'))).toBe(before);

    // By keyboard: the order button, then Tab to Pay and Enter.
    const ordered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/private/v1/campaigns') && response.request().method() === 'POST',
    );
    await page.getByTestId('campaign-review').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('campaign-pay').waitFor();
    for (let tabs = 0; tabs < 10; tabs += 1) {
      if (await page.getByTestId('campaign-pay').evaluate((button) => button === document.activeElement))
        break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    const answer = (await (await ordered).json()) as { data: { id: number; status: string; price: string } };
    expect(answer.data.status).toBe('active');
    expect(Math.round(Number(answer.data.price) * 100)).toBe(price);
    const id = answer.data.id;
    const orderedAt = Date.now();
    await page.waitForURL('**/campaigns');

    // The demo customer has other campaigns (active, completed): everything below follows this one by id.
    await showCampaign(page, id);
    const status = page.getByTestId(`campaign-status-${id}`);
    const row = page.getByTestId('campaigns-table').getByRole('row').filter({ has: status });
    await expect.poll(() => status.textContent()).toBe('Active');
    await expect.poll(() => row.textContent()).toContain('Keyword installs');

    // Charged at the start: the header's balances (bonus first, then main) drop by the price.
    await expect
      .poll(async () => (await cents(page, 'balance-main')) + (await cents(page, 'balance-bonus')))
      .toBe(before - price);

    // The dashboard shows it running; its Active count opens the Active tab of My campaigns.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect.poll(() => page.getByTestId(`dashboard-running-status-${id}`).textContent()).toBe('Active');
    await page.getByTestId('dashboard-count-active').click();
    await page.waitForURL('**/campaigns?status=active');

    // The Active tab lists it.
    await page.getByTestId('campaigns-tab-active').click();
    await showCampaign(page, id);
    await expect.poll(() => status.textContent()).toBe('Active');

    // The details drawer: the per-day chart and the status history of the order.
    await row.click();
    const details = page.getByTestId('campaign-details');
    await expect.poll(() => details.getByTestId('campaign-chart').count()).toBe(1);
    await expect
      .poll(() => details.getByTestId('details-history').textContent())
      .toContain('Pending → Active');
    await page.keyboard.press('Escape');

    // The sandbox vendor runs a day in 15 s and, accelerated, ticks every 10 s; the list reads itself again
    // every 15 s while a campaign runs.
    await page.getByTestId('campaigns-tab-all').click();
    await showCampaign(page, id);
    await expect.poll(() => status.textContent(), { timeout: 120_000, interval: 2_000 }).toBe('Completed');
    console.log(`campaign completed ${Math.round((Date.now() - orderedAt) / 1000)} s after the order`);
    await page.getByTestId('campaigns-tab-completed').click();
    await expect.poll(() => page.getByTestId(`campaign-installs-${id}`).textContent()).toBe('5 / 5');
    await page.close();
  });

  it('orders direct installs with a per-day plan set by hand and finds that plan in the details', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await page.goto('/add-campaigns');
    await page.getByTestId('tab-direct-installs').click();
    await page.getByTestId('campaign-app').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByTestId('campaign-days').fill('3');
    // The simple mode hides the per-day plan; the advanced mode's switch shows it.
    expect(await page.getByTestId('campaign-plan-toggle').count()).toBe(0);
    await page.getByTestId('campaign-advanced-mode').check({ force: true });
    await page.getByTestId('campaign-plan-toggle').check({ force: true });
    for (const [day, installs] of [
      [1, '5'],
      [2, '0'],
      [3, '25'],
    ] as const)
      await page.getByTestId(`campaign-plan-day-${day}`).fill(installs);
    await expect
      .poll(() => page.getByTestId('campaign-price-detail').textContent())
      .toMatch(/^30 installs × /);

    await page.getByTestId('campaign-review').click();
    await expect
      .poll(() => page.getByTestId('review-plan').textContent())
      .toBe('day 1: 5 · day 2: 0 · day 3: 25');
    expect(await page.getByTestId('review-total').textContent()).toBe('30');
    const answer = await pay<{
      data: { id: number; installsPlan: number[]; orders: { sequence: { installs_total: number }[] }[] };
    }>(page);
    expect(answer.data.installsPlan).toEqual([5, 0, 25]);
    expect(answer.data.orders[0]!.sequence.map((day) => day.installs_total)).toEqual([5, 0, 25]);
    await page.waitForURL('**/campaigns');
    await showCampaign(page, answer.data.id);
    await expect
      .poll(() => page.getByTestId(`campaign-installs-${answer.data.id}`).textContent())
      .toMatch(/ \/ 30$/);
    await page.close();
  });
});
