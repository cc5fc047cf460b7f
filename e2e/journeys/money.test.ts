import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { download, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the top-up page from the side menu, picks the amount and the card, and goes to the checkout. */
async function startCardTopUp(page: Page, amount: string) {
  await page.getByRole('link', { name: 'Top-up balance' }).first().click();
  await page.waitForURL('**/top-up-balance');
  // Any amount can be typed; the presets fill it in.
  await page.getByTestId('top-up-amount').fill('1234');
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${amount.replace('.', '\\.')}$`) })
    .click();
  await expect.poll(() => page.getByTestId('top-up-amount').inputValue()).toBe('500');
  await page.getByTestId('paysystem-30').click();
  await expect.poll(() => page.getByTestId('top-up-summary').textContent()).toContain('You pay');
  await page.getByTestId('top-up-pay').click();
  await page.waitForURL('**/sandbox/checkout/**');
}

describe('money', () => {
  it('tops up 500 by card on the sandbox, sees it credited, in the header and the history, and gets the invoice', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'money');
    await signIn(page, email, password);
    await expect.poll(() => page.getByTestId('balance-main').textContent()).toBe('0.00');

    await startCardTopUp(page, '500.00');
    // The sandbox's hosted checkout: amount, the card's fee, the total, Pay and Cancel.
    await expect.poll(() => page.getByRole('heading', { name: 'Pay with Card' }).count()).toBe(1);
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL('**/top-up-balance/result?payment=*');
    await expect.poll(() => page.getByTestId('top-up-result').getAttribute('data-status')).toBe('credited');
    expect(await page.getByTestId('top-up-result-title').textContent()).toBe('Payment credited');
    await expect.poll(() => page.getByTestId('balance-main').textContent()).toBe('500.00');

    // The payment is in the billing history, with its invoice.
    await page.getByRole('link', { name: 'Top up again' }).click();
    await page.waitForURL('**/top-up-balance');
    const history = page.getByTestId('billing-history');
    await expect.poll(() => history.getByRole('row').filter({ hasText: 'Credited' }).count()).toBe(1);
    const row = history.getByRole('row').filter({ hasText: 'Credited' });
    expect(await row.textContent()).toContain('500.00');

    const invoice = await download(page, row.getByRole('button', { name: /Download invoice/ }));
    const file = await readFile((await invoice.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const response = await page.request.get(invoice.url());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // A second checkout, canceled on the sandbox page.
    await startCardTopUp(page, '500.00');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/top-up-balance/result?payment=*');
    await expect.poll(() => page.getByTestId('top-up-result').getAttribute('data-status')).toBe('canceled');
    expect(await page.getByTestId('top-up-result-title').textContent()).toBe('Payment is canceled');
    // Nothing was charged, so nothing reads as paid.
    expect(await page.getByTestId('top-up-result').textContent()).not.toContain('Paid');
    await expect.poll(() => page.getByTestId('balance-main').textContent()).toBe('500.00');
    await page.close();
  });
});
