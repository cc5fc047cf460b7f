import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  chooseStaffAction,
  findUserOrder,
  launchBrowser,
  newPage,
  orderDemoInstalls,
  signIn,
} from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The demo customer orders direct installs through the API: a month long, so it stays active here (or
 * saved as a draft).
 */
const customerCampaign = (page: Page, draft = false) =>
  orderDemoInstalls(page, { days: 30, installs: 5, draft });

describe('staff user orders and vendors', () => {
  it("finds a customer's campaign from the user lists, pauses and resumes it, gives it a new vendor and a partner, then deactivates and deletes that vendor", async () => {
    const page = await newPage(browser);
    const id = await customerCampaign(page);
    const vendor = `Journey vendor ${Date.now()}`;
    await signIn(page, 'admin@storelift.test');

    // User lists link each customer to their orders: the campaign by its id, active.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'User lists' })
      .click();
    await page.waitForURL('**/admin/user-lists');
    await page.getByTestId('users-search').fill('user@storelift.test');
    // By keyboard: the link may sit under the pinned menu column while the table scrolls sideways.
    await page.getByRole('link', { name: 'User orders user@storelift.test', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/user-orders?userId=*');
    await page.getByTestId('user-orders-user').waitFor();
    await page.getByTestId('user-orders-search').fill(String(id));
    const status = page.getByTestId(`order-status-${id}`);
    await expect.poll(() => status.textContent()).toBe('Active');
    const row = page.getByTestId('user-orders-table').getByRole('row').filter({ has: status });
    await expect.poll(() => row.textContent()).toContain('user@storelift.test');

    // Pause, then resume: each answer replaces the row.
    await chooseStaffAction(page, id, 'Pause');
    await expect.poll(() => status.textContent()).toBe('Paused');
    await expect.poll(() => page.getByText('Action saved').count()).toBeGreaterThan(0);
    await chooseStaffAction(page, id, 'Resume');
    await expect.poll(() => status.textContent()).toBe('Active');

    // Vendors: a new vendor for direct installs.
    await page.getByRole('link', { name: 'Vendors' }).click();
    await page.waitForURL('**/admin/vendors');
    await page.getByTestId('vendor-add').click();
    await page.getByTestId('vendor-name').fill(vendor);
    await page.getByTestId('vendor-products').click();
    await page.getByRole('option', { name: 'Direct installs' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('vendor-share').fill('40');
    await page.getByTestId('vendor-save').click();
    await expect.poll(() => page.getByText('Vendor saved').count()).toBeGreaterThan(0);
    await page.getByTestId('vendors-search').fill(vendor);
    const vendorRow = page.getByTestId('vendors-table').getByRole('row').filter({ hasText: vendor });
    await expect.poll(() => vendorRow.textContent()).toContain('40.00 %');

    // Back on the campaign: the new vendor and a partner, from the details drawer.
    await page.getByRole('link', { name: 'User orders' }).click();
    await page.getByTestId('user-orders-search').fill(String(id));
    await expect.poll(() => status.textContent()).toBe('Active');
    await row.getByText('user@storelift.test').waitFor();
    await status.click();
    const details = page.getByTestId('order-details');
    await expect.poll(() => details.getByTestId('order-details-status').textContent()).toBe('Active');
    const vendorPicker = page.getByTestId('order-vendor');
    await vendorPicker.scrollIntoViewIfNeeded();
    await vendorPicker.fill(vendor);
    await page.getByRole('option', { name: vendor }).click();
    await page.getByTestId('order-vendor-save').click();
    // Vendor and partner show in the drawer (their columns give way below 1600 px).
    await expect.poll(() => details.textContent()).toContain(vendor);
    await page.getByTestId('order-partner').fill('Journey Partners');
    await page.getByTestId('order-partner-save').click();
    await expect.poll(() => details.textContent()).toContain('Journey Partners');
    await expect
      .poll(() => details.getByTestId('order-details-history').textContent())
      .toContain(`Vendor: ${vendor}`);
    await page.keyboard.press('Escape');

    // The vendor switched off, then deleted.
    await page.getByRole('link', { name: 'Vendors' }).click();
    await page.getByTestId('vendors-search').fill(vendor);
    // The search has settled (one row left) before the switch is used: a row the next page replaces loses the click.
    await expect.poll(() => page.getByTestId('vendors-table').locator('tbody tr').count()).toBe(1);
    const activeSwitch = vendorRow.getByRole('switch');
    await expect.poll(() => activeSwitch.isChecked()).toBe(true);
    // The switch's input is visually hidden behind its track: scroll the row's end into view first.
    await activeSwitch.scrollIntoViewIfNeeded();
    await activeSwitch.click({ force: true });
    await expect.poll(() => activeSwitch.isChecked()).toBe(false);
    await page.getByRole('button', { name: `Actions of ${vendor}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Vendor deleted').count()).toBeGreaterThan(0);
    await expect.poll(() => vendorRow.count()).toBe(0);
    await page.close();
  });

  it("schedules a customer's draft: the start dialog takes a start time, and the campaign waits delayed", async () => {
    const page = await newPage(browser);
    const id = await customerCampaign(page, true);
    await signIn(page, 'admin@storelift.test');
    const status = await findUserOrder(page, id);
    await expect.poll(() => status.textContent()).toBe('Draft');

    await chooseStaffAction(page, id, 'Start now');
    const dialog = page.getByTestId('staff-action-dialog');
    await dialog.getByTestId('staff-start-delayed').click();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByTestId('delayed-date')
      .fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`);
    await page.getByTestId('delayed-time').fill('10:30');
    await page.getByTestId('delayed-confirm').click();
    await expect.poll(() => dialog.getByTestId('staff-start-start-at').textContent()).toContain('10:30');
    await dialog.getByRole('button', { name: 'Schedule start' }).click();
    await expect.poll(() => status.textContent()).toBe('Delayed');
    await page.close();
  });
});
