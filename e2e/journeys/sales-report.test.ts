import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('sales report and personal managers', () => {
  it('a customer requests a personal manager; a manager assigns themselves, sets a status and a note; the customer sees the card', async () => {
    const customerPage = await newPage(browser);
    const managerPage = await newPage(browser);
    try {
      const customer = await freshCustomer(customerPage, 'wants-manager');
      await signIn(customerPage, customer.email, customer.password);
      await customerPage.getByTestId('manager-request-open').click();
      await customerPage.getByTestId('manager-request-send').click();
      await customerPage
        .getByTestId('manager-request-confirmation')
        .getByText('Your request has been sent. A personal manager will be assigned to you shortly.')
        .waitFor();
      await expectAccessible(customerPage, 'the personal-manager dialog');
      await customerPage.keyboard.press('Escape');
      // No manager yet: no card.
      expect(await customerPage.getByTestId('personal-manager-card').count()).toBe(0);

      await signIn(managerPage, 'manager@storelift.test');
      await managerPage
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Sales report' })
        .click();
      await managerPage.waitForURL('**/admin/sales-report');
      await expectAccessible(managerPage, 'the sales report, My clients');
      await managerPage.getByRole('tab', { name: 'New clients' }).click();
      const requestRow = managerPage.getByRole('row').filter({ hasText: customer.email });
      await requestRow.getByText('Asked for a manager').waitFor();
      await expectAccessible(managerPage, 'the sales report, New clients');
      await requestRow.getByRole('button', { name: 'Assign to me' }).click();
      await managerPage.getByText('The manager has been assigned').first().waitFor();
      await expect.poll(() => requestRow.count()).toBe(0);

      await managerPage.getByRole('tab', { name: 'My clients' }).click();
      const clientRow = managerPage.getByRole('row').filter({ hasText: customer.email });
      await clientRow.waitFor();
      await clientRow.getByRole('combobox', { name: /^Sales status of / }).click();
      await managerPage.getByRole('option', { name: 'Contacted' }).click();
      await managerPage.getByText('The status has been saved').first().waitFor();

      await clientRow.getByRole('button', { name: /^History note of / }).click();
      await managerPage.getByTestId('sales-note').fill('Called: wants keyword installs in May');
      await expectAccessible(managerPage, 'the notes dialog');
      await managerPage.getByTestId('sales-note-save').click();
      await managerPage.getByText('The note has been saved').first().waitFor();
      await clientRow.getByRole('button', { name: /Called: wants keyword installs/ }).click();
      const history = managerPage.getByTestId('sales-history');
      await history.getByText('Called: wants keyword installs in May').waitFor();
      await expect.poll(() => history.getByText('Contacted').count()).toBe(2);
      await managerPage.keyboard.press('Escape');

      await managerPage.getByRole('tab', { name: 'Statistics' }).click();
      await managerPage.getByTestId('sales-totals').waitFor();
      await expectAccessible(managerPage, 'the sales report, Statistics');

      await customerPage.reload();
      const card = customerPage.getByTestId('personal-manager-card');
      await card.getByText('manager@storelift.test').waitFor();
      await expectAccessible(customerPage, 'the dashboard with the personal-manager card');
    } finally {
      await customerPage.context().close();
      await managerPage.context().close();
    }
  });

  it('staff open the clients report; a marketer has no sales report', async () => {
    const page = await newPage(browser);
    try {
      await signIn(page, 'marketer@storelift.test');
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      expect(await menu.getByRole('link', { name: 'Sales report' }).count()).toBe(0);
      await menu.getByRole('link', { name: 'Clients report' }).click();
      await page.waitForURL('**/admin/clients-report');
      await page.getByRole('heading', { name: 'Clients report' }).waitFor();
      await page.getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'the clients report');
      await page.goto('/admin/sales-report');
      await page.waitForURL('**/dashboard');
    } finally {
      await page.context().close();
    }
  });
});
