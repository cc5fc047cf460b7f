import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { download, expectAccessible, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('paying by bank transfer', () => {
  it('shows our account, the exact amount and the reference, gives the pro-forma invoice, and cancels', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'transfer');
    await signIn(page, email, password);

    // The demo data holds our receiving details, so the bank transfer is offered.
    await page.getByRole('link', { name: 'Top-up balance' }).first().click();
    await page.waitForURL('**/top-up-balance');
    await page.getByTestId('paysystem-3').click();
    await page.getByTestId('top-up-amount').fill('600');
    await expect.poll(() => page.getByTestId('top-up-summary').textContent()).toContain('You pay');
    await page.getByTestId('top-up-pay').click();
    await page.waitForURL('**/top-up-balance/transfer/*');

    const transfer = page.getByTestId('transfer-payment');
    await expect.poll(() => transfer.getAttribute('data-status')).toBe('pending');
    expect(await transfer.textContent()).toContain('Awaiting transfer');
    const reference = (await page.getByTestId('transfer-reference').textContent())!;
    expect(reference).toMatch(/^SL[2-9A-HJKMNP-TV-Z]{9}$/);
    expect(await page.getByTestId('transfer-amount').textContent()).toBe('600.00 USD');
    const receiving = (await page.getByTestId('transfer-receiving').textContent())!;
    expect(receiving).toContain('Storelift Demo Ltd');
    expect(receiving).toContain('DE89 3704 0044 0532 0130 00');
    expect(await page.getByTestId('transfer-expires').textContent()).not.toBe('');
    await expectAccessible(page, 'the transfer payment page');

    // The reference is copied with its button.
    await page.getByRole('button', { name: 'Copy Reference' }).click();
    await expect.poll(() => page.getByText('Reference copied to clipboard').count()).toBe(1);

    const proforma = await download(page, page.getByTestId('transfer-proforma'));
    expect(proforma.suggestedFilename()).toBe(`storelift-proforma-${reference}.pdf`);
    const file = await readFile((await proforma.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The billing history shows it awaiting the transfer, and leads back to the page.
    await page.getByRole('link', { name: 'Back to top-up' }).click();
    await page.waitForURL('**/top-up-balance');
    const history = page.getByTestId('billing-history');
    await expect.poll(() => history.getByText('Awaiting transfer').count()).toBe(1);
    await history.getByRole('link', { name: /where and how to transfer/ }).click();
    await page.waitForURL('**/top-up-balance/transfer/*');
    await expect.poll(() => page.getByTestId('transfer-reference').textContent()).toBe(reference);

    // Canceled after a confirmation: no pro-forma, no account to pay to, no cancel any more.
    await page.getByTestId('transfer-cancel').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await expectAccessible(page, 'the cancel confirmation', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(() => transfer.getAttribute('data-status')).toBe('canceled');
    expect(await page.getByTestId('transfer-cancel').count()).toBe(0);
    expect(await page.getByTestId('transfer-proforma').count()).toBe(0);
    expect(await page.getByTestId('transfer-receiving').count()).toBe(0);
    await expectAccessible(page, 'the canceled transfer payment');
    await page.close();
  });
});
