import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseStaffAction, findUserOrder, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('guaranteed reviews', () => {
  it('orders guaranteed reviews written, imported and from the random pack, waits in moderation, is approved by staff and runs', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');

    await page.getByRole('link', { name: 'Add campaigns' }).click();
    await page.waitForURL('**/add-campaigns');
    await page.getByTestId('tab-guaranteed-reviews').click();
    await page.getByTestId('campaign-app').click();
    await page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasText: 'com.storelift.demo.fitness' })
      .click();
    // 2 a day for 4 days: 8 review texts.
    await page.getByTestId('campaign-installs').fill('2');
    await page.getByTestId('campaign-days').fill('4');
    await expect.poll(() => page.getByTestId('campaign-price').textContent()).toMatch(/^\d[\d\s]*\.\d\d$/);

    // One written in the modal (the shared rule checks it first).
    await page.getByTestId('reviews-add').click();
    const modal = page.getByTestId('review-modal');
    await modal.getByTestId('review-title').fill('Best workout tracker');
    await modal.getByTestId('review-body').fill('short');
    await modal.getByTestId('review-save').click();
    await expect.poll(() => modal.textContent()).toContain('Review text must be from 10 to 500 symbols');
    await modal.getByTestId('review-body').fill('Simple plans, clear charts and it reminds me to train.');
    await modal.getByTestId('review-save').click();
    const cards = page.getByTestId('review-card');
    await expect.poll(() => cards.count()).toBe(1);

    // Five from the random pack, in the language and at the rating the form chose (positive: 5 stars).
    await page.getByTestId('campaign-rate-type').click();
    await page.getByRole('option', { name: 'Positive', exact: true }).click();
    await page.getByTestId('campaign-language').click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    const pack = page.waitForRequest((request) => request.url().includes('/api/private/v1/reviews/common'));
    await page.getByTestId('reviews-random').click();
    const asked = new URL((await pack).url()).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ language: 'spanish', gender: 'both', rates: '5' });
    await expect.poll(() => cards.count()).toBe(6);
    await expect.poll(() => cards.nth(5).textContent()).toContain('Spanish');
    expect(await cards.nth(5).getByLabel('5 of 5 stars').count()).toBe(1);

    // Two imported from CSV text; the bad line is reported and left out.
    await page.getByTestId('reviews-import').click();
    const importer = page.getByTestId('import-reviews-modal');
    await importer
      .getByTestId('import-text')
      .fill(
        'title,body,rates\nGreat coach,Keeps me on track every single morning.,5\nX,short,9\nLoving it,The home workouts are varied and fun.,4\n',
      );
    await expect.poll(() => importer.getByTestId('import-summary').textContent()).toContain('2');
    await expect.poll(() => importer.getByTestId('import-errors').textContent()).toContain('Line 3');
    await importer.getByTestId('import-confirm').click();
    await expect.poll(() => cards.count()).toBe(8);
    await expect.poll(() => page.getByTestId('review-editor').textContent()).toContain('Loving it');

    // Terms first: ordering without them is refused on the checkbox.
    await page.getByTestId('campaign-review').click();
    await expect
      .poll(() => page.getByTestId('add-campaign-form').textContent())
      .toContain('Please accept the terms to order rates and reviews');
    await page.getByTestId('campaign-terms').check();
    // The review step: 2 a day for 4 days, 8 in all; then Pay.
    await page.getByTestId('campaign-review').click();
    await expect.poll(() => page.getByTestId('review-product').textContent()).toBe('Guaranteed reviews');
    expect(await page.getByTestId('review-total').textContent()).toBe('8');
    const ordered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/private/v1/campaigns') && response.request().method() === 'POST',
    );
    await page.getByTestId('campaign-pay').click();
    const answer = (await (await ordered).json()) as { data: { id: number; status: string } };
    expect(answer.data.status).toBe('moderation');
    const id = answer.data.id;
    await page.waitForURL('**/campaigns');
    // By id ascending (customer-area §9): the demo customer's newest may be on a later page.
    await page.getByTestId('campaigns-search').fill(String(id));

    // My campaigns: in moderation, with its reviews and the 12-48 hour window in the details.
    const status = page.getByTestId(`campaign-status-${id}`);
    await expect.poll(() => status.textContent()).toBe('Moderation');
    await page.getByTestId('campaigns-table').getByRole('row').filter({ has: status }).click();
    const details = page.getByTestId('campaign-details');
    await expect
      .poll(() => details.getByTestId('details-moderation').textContent())
      .toContain('12 to 48 hours');
    await expect.poll(() => details.getByTestId('review-card').count()).toBe(8);
    await page.keyboard.press('Escape');

    // Staff approve it on the user orders page.
    const staff = await newPage(browser);
    await signIn(staff, 'admin@storelift.test');
    const staffStatus = await findUserOrder(staff, id);
    await expect.poll(() => staffStatus.textContent()).toBe('Moderation');
    await chooseStaffAction(staff, id, 'Approve');
    await staff.getByTestId('staff-action-dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => staffStatus.textContent()).toBe('Active');
    await staff.close();

    // The customer's list reads itself again while a campaign is in moderation.
    await expect.poll(() => status.textContent(), { timeout: 30_000, interval: 1_000 }).toBe('Active');
    await page.close();
  });
});
