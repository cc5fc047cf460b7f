import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAuth, expectAccessible, launchBrowser, newPage, orderDemoInstalls, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The demo customer orders a day of 20 direct installs on a Google Play app, through the API (the sandbox panel's
 * service takes 1 to 50 000 a day).
 */
const customerCampaign = (page: Page) => orderDemoInstalls(page, { days: 1, installs: 20 });

/** Picks an option of a select: opens it (typing `typed` to filter a searchable one), then the option. */
async function pick(page: Page, testId: string, option: RegExp | string, typed?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (typed !== undefined) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Where the mapping of a product and a country is in the editor (the server orders the list it answers). */
async function mappingIndex(page: Page, product: string, country: string): Promise<number> {
  const count = await page.locator('[data-testid^="vendor-mapping-figures-"]').count();
  for (let index = 0; index < count; index++) {
    const productValue = await page.getByTestId(`vendor-mapping-product-${index}`).inputValue();
    const countryValue = await page.getByTestId(`vendor-mapping-country-${index}`).inputValue();
    if (productValue === product && countryValue === country) return index;
  }
  return -1;
}

describe('panel vendors', () => {
  it("staff load a panel vendor's services, map one, save it; the operations page shows the vendors; an admin sees cost, margin and the vendor calls of a delivered order", async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin@storelift.test');

    // The vendors list links each vendor to its page; by keyboard.
    await page.goto('/admin/vendors');
    await page.getByTestId('vendors-search').fill('Sandbox vendor');
    const link = page.getByRole('link', { name: 'Sandbox vendor', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/vendors\/\d+$/);
    await expect.poll(() => page.getByTestId('vendor-page-title').textContent()).toBe('Sandbox vendor');
    await page.getByTestId('vendor-mappings-save').waitFor();
    await expectAccessible(page, 'the vendor page');

    // "Load services" asks the sandbox panel for its list: the time it was loaded and the services.
    await page.getByTestId('vendor-services-load').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('vendor-services-loaded').textContent(), { timeout: 30_000 })
      .toMatch(/^Loaded \d\d\.\d\d\.\d{4}/);
    expect(await page.getByTestId('vendor-services-error').count()).toBe(0);
    const rows = page.getByTestId('vendor-services-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const service = (await rows.first().locator('td').first().textContent())!.trim();
    await page.getByTestId('vendor-services-search').fill(service);
    await expect.poll(() => rows.first().locator('td').first().textContent()).toBe(service);
    await expectAccessible(page, 'the loaded services');
    // Loading the services read the panel's balance too: routing can now take the vendor for a customer's order.
    const id = await customerCampaign(page);

    // A new mapping: keyword installs on Google Play in Germany, to that service; saved with the whole list.
    const index = await page.locator('[data-testid^="vendor-mapping-figures-"]').count();
    await page.getByTestId('vendor-mapping-add').click();
    // Saved before anything is picked: each missing choice is told on its field, and nothing is sent.
    await page.getByTestId('vendor-mappings-save').click();
    const row = page.getByTestId(`vendor-mapping-${index}`);
    await row
      .getByText('Pick a product', { exact: true })
      .and(row.locator('.mantine-InputWrapper-error'))
      .waitFor();
    expect(await row.locator('.mantine-InputWrapper-error').count()).toBe(2);
    await pick(page, `vendor-mapping-product-${index}`, 'Keyword installs');
    await pick(page, `vendor-mapping-country-${index}`, 'Germany (DE)', 'Germany');
    await pick(page, `vendor-mapping-service-${index}`, new RegExp(`^${service} · `), service);
    await page.getByTestId('vendor-mappings-unsaved').waitFor();
    await page.getByTestId('vendor-mappings-save').click();
    await page.getByText('The mappings are saved').first().waitFor();
    expect(await page.getByTestId('vendor-mappings-unsaved').count()).toBe(0);
    // Beside it, the vendor's rate and our price per 1000, and the margin between them.
    const saved = await mappingIndex(page, 'Keyword installs', 'Germany (DE)');
    expect(saved).toBeGreaterThanOrEqual(0);
    const figures = page.getByTestId(`vendor-mapping-figures-${saved}`);
    await expect.poll(() => figures.textContent()).toMatch(/Vendor rate per 1000\d/);
    await expect.poll(() => figures.textContent()).toMatch(/Our price per 1000\d/);
    await expect.poll(() => page.getByTestId(`vendor-mapping-margin-${saved}`).textContent()).toMatch(/%\)$/);
    await expectAccessible(page, 'the saved mapping');

    // Saved: it is there after a reload, and removing it asks first.
    await page.reload();
    await page.getByTestId('vendor-mappings-save').waitFor();
    await expect.poll(() => mappingIndex(page, 'Keyword installs', 'Germany (DE)')).toBe(saved);
    await page.getByTestId(`vendor-mapping-remove-${saved}`).click();
    const question = page.getByRole('dialog', { name: 'Remove this mapping?' });
    await question.waitFor();
    await expectAccessible(page, 'the question before removing a mapping');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('vendor-mappings-unsaved').count()).toBe(0);

    // The vendor's dialog: protocol, API and the low-balance threshold.
    await page.goto('/admin/vendors');
    await page.getByTestId('vendors-search').fill('Sandbox vendor');
    await page.getByRole('button', { name: 'Actions of Sandbox vendor' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByTestId('vendor-modal');
    await page.getByTestId('vendor-threshold').waitFor();
    expect(await dialog.getByText('Panel protocol').count()).toBe(1);
    await expectAccessible(page, 'the vendor dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('vendor-threshold').waitFor({ state: 'hidden' });

    // The operations page: each vendor's balance, threshold, open orders and failures.
    await page.goto('/admin/operations');
    const health = page.getByTestId('vendors-health');
    await expect.poll(() => health.textContent()).toContain('Sandbox vendor');
    await expectAccessible(page, 'the operations page with its vendors');

    // The customer's day is delivered by the sandbox panel: the admin sees what it cost, the margin and the calls.
    const admin = await apiAuth(page, 'admin@storelift.test');
    const status = async () =>
      (
        (await (await page.request.get(`/api/admin/v1/campaigns/${id}`, { headers: admin })).json()) as {
          data: { status: string };
        }
      ).data.status;
    await expect.poll(status, { timeout: 150_000, interval: 3_000 }).toBe('completed');
    await page.goto(`/admin/user-orders?campaign=${id}`);
    const details = page.getByTestId('order-details');
    await expect.poll(() => details.getByTestId('order-details-cost').textContent()).toMatch(/^\d/);
    await expect.poll(() => details.getByTestId('order-details-margin').textContent()).toMatch(/^-?\d/);
    const calls = details.getByTestId('order-vendor-calls');
    await expect.poll(() => calls.textContent()).toContain('Sandbox vendor');
    await expectAccessible(page, 'the order drawer with its vendor calls');
    await page.close();
  }, 240_000);
});
