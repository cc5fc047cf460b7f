import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  confirmDialog,
  expectAccessible,
  freshCustomer,
  launchBrowser,
  newPage,
  signIn,
} from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A public address (an IP, so it needs no DNS here); its deliveries are attempted and logged, whatever answers. */
const PUBLIC_URL = 'https://93.184.216.34/storelift-hook';

describe('Webhooks', () => {
  it('registers an endpoint, shows its secret once, sends a test event and shows the log', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'webhooks');
    await signIn(page, email, password);

    // From My profile's API tab to the webhooks on API support.
    await page.goto('/my-profile?tab=api');
    await page.getByRole('link', { name: /^Webhooks:/ }).click();
    await page.waitForURL('**/api-support#webhooks');
    await expect.poll(() => page.getByTestId('webhooks-empty').count()).toBe(1);
    await expectAccessible(page, 'api support: no webhooks');

    // A private address is refused on the field, and nothing is registered.
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill('http://169.254.169.254/latest/meta-data');
    await page.getByTestId('webhook-save').click();
    await expect
      .poll(() => page.getByText('The URL must be a public http:// or https:// address').count())
      .toBeGreaterThan(0);
    await expectAccessible(page, 'webhook form with an error', '[data-testid=webhook-modal]');

    await page.getByTestId('webhook-url').fill(PUBLIC_URL);
    await page.getByTestId('webhook-save').click();
    const secretBox = page.getByTestId('webhook-secret');
    await expect.poll(() => secretBox.count()).toBe(1);
    const secret = (await secretBox.locator('code').innerText()).trim();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const table = page.getByTestId('webhooks-table');
    await expect.poll(() => table.getByText(PUBLIC_URL).count()).toBe(1);
    await expect.poll(() => table.getByText(`whsec_…${secret.slice(-4)}`).count()).toBe(1);
    await expectAccessible(page, 'api support: a new endpoint with its secret');

    // Shown once: after a reload only the masked hint is left.
    await page.reload();
    await expect.poll(() => table.getByText(`whsec_…${secret.slice(-4)}`).count()).toBe(1);
    expect(await page.getByText(secret).count()).toBe(0);
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    // A test event is delivered by the job; its attempt (an answer or none) shows in the log.
    await page.getByTestId('webhook-test').click();
    const log = page.getByTestId('webhook-log');
    await expect.poll(() => log.getByText('ping').count()).toBe(1);
    await expect
      .poll(() => log.getByText(/ · \d+ ms$/).count(), { timeout: 45_000, interval: 1000 })
      .toBeGreaterThan(0);
    await log.getByText('ping').click();
    await expect.poll(() => log.getByRole('columnheader', { name: 'Latency' }).count()).toBe(1);
    await expect.poll(() => log.getByRole('button', { name: 'Redeliver' }).count()).toBe(1);
    await expectAccessible(page, 'api support: the delivery log');

    // Delete asks first.
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await confirmDialog(page, 'Delete');
    await expect.poll(() => page.getByTestId('webhooks-empty').count()).toBe(1);
  });
});
