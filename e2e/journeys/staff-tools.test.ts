import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@storelift/shared';
import { expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('staff tools', () => {
  it('the admin logs in as a customer in a new tab, sees the banner, returns, and the log viewer shows it', async () => {
    const admin = await newPage(browser);
    try {
      await signIn(admin, 'admin@storelift.test');
      await admin.goto('/admin/user-lists');
      await admin.getByRole('textbox', { name: 'Search' }).fill('user@storelift.test');
      const menu = admin.getByRole('button', { name: 'Actions for user@storelift.test' });
      await expect.poll(() => menu.count()).toBe(1);
      await menu.click();
      const opened = admin.context().waitForEvent('page');
      await admin.getByRole('menuitem', { name: 'Log in as user' }).click();
      const customer = await opened;
      await customer.waitForURL('**/dashboard');
      // The code was in the fragment and is gone from the address.
      expect(customer.url()).not.toContain('#');
      const banner = customer.getByTestId('impersonation-banner');
      await expect.poll(() => banner.textContent()).toContain('You are signed in as user@storelift.test');
      expect(await banner.textContent()).toContain('admin@storelift.test');
      await expectAccessible(customer, 'the impersonation banner', '[data-testid="impersonation-banner"]');
      // A customer's menu, not the admin's; the admin's own tab is still the admin's.
      const customerMenu = customer.getByRole('navigation', { name: 'Main menu' });
      await expect.poll(() => customerMenu.getByRole('link', { name: 'My apps' }).count()).toBe(1);
      expect(await customerMenu.getByRole('link', { name: 'Roles' }).count()).toBe(0);
      await admin.reload();
      const adminMenu = admin.getByRole('navigation', { name: 'Main menu' });
      await expect.poll(() => adminMenu.getByRole('link', { name: 'Roles' }).count()).toBe(1);
      expect(await admin.getByTestId('impersonation-banner').count()).toBe(0);

      // Back to the admin's account in that tab, by keyboard.
      await banner.getByRole('button', { name: 'Return to my account' }).focus();
      await customer.keyboard.press('Enter');
      await customer.waitForURL('**/admin/user-lists');
      expect(await customer.getByTestId('impersonation-banner').count()).toBe(0);
      await customer.close();

      await admin.goto('/admin/log-viewer');
      const table = admin.getByTestId('audit-table');
      await expect.poll(() => table.getByText('Logged in as the user').count()).toBeGreaterThan(0);
      expect(await table.getByText('user@storelift.test').count()).toBeGreaterThan(0);

      // Beside it, the server's own error log.
      await admin.getByRole('tab', { name: 'Server errors' }).click();
      await admin.getByTestId('server-errors-table').waitFor();
      await expectAccessible(admin, 'the server error log');
    } finally {
      await admin.close();
    }
  });

  it('the operations page shows the job queues and the last day', async () => {
    const admin = await newPage(browser);
    try {
      await signIn(admin, 'admin@storelift.test');
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Operations' })
        .click();
      await admin.waitForURL('**/admin/operations');
      const queues = admin.getByTestId('queues-table');
      await expect.poll(() => queues.getByText('campaigns.deliver').count()).toBe(1);
      await admin.getByTestId('failures-waiting').waitFor();
      await expectAccessible(admin, 'the operations page');
    } finally {
      await admin.close();
    }
  });

  it('a black-listed e-mail domain refuses a sign-up until the entry is deleted', async () => {
    const admin = await newPage(browser);
    const visitor = await newPage(browser);
    try {
      await signIn(admin, 'admin@storelift.test');
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Access lists' })
        .click();
      await admin.waitForURL('**/admin/access-lists');
      await admin.getByTestId('access-add').waitFor();
      await expectAccessible(admin, 'the access lists page');
      await admin.getByTestId('access-add').click();
      const modal = admin.getByTestId('access-entry-modal');
      await modal.getByText('Black list').click();
      await modal.getByRole('combobox', { name: 'Category' }).click();
      await admin.getByRole('option', { name: 'E-mail domain' }).click();
      await modal.getByRole('textbox', { name: 'Value' }).fill('@Blocked-Journey.test');
      await modal.getByRole('textbox', { name: 'Description' }).fill('Fraudulent sign-ups');
      await expectAccessible(admin, 'the add entry form');
      await modal.getByTestId('access-entry-save').click();
      const table = admin.getByTestId('access-table');
      await expect.poll(() => table.getByText('blocked-journey.test').count()).toBe(1);

      const signUp = async (email: string) => {
        await visitor.goto('/signup');
        await visitor.getByRole('textbox', { name: 'E-mail' }).fill(email);
        await visitor.getByLabel('Nickname').fill(`blocked${Date.now() % 100000}`);
        await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill('Journey123!');
        await visitor.getByRole('textbox', { name: 'Confirm password' }).fill('Journey123!');
        await visitor.getByLabel('Full name').fill('Journey Customer');
        await visitor.getByRole('combobox', { name: 'Business type' }).click();
        await visitor.getByRole('option', { name: 'App developer' }).click();
        await visitor.getByRole('combobox', { name: 'Country' }).fill('Ukra');
        await visitor.getByRole('option', { name: 'Ukraine' }).click();
        await visitor.getByLabel('Phone').fill('380501112233');
        await visitor.getByRole('checkbox', { name: /I accept the/ }).check();
        await visitor.getByRole('checkbox', { name: /18 years/ }).check();
        await visitor.getByRole('button', { name: 'Create account' }).click();
      };
      await signUp(`someone-${Date.now()}@blocked-journey.test`);
      await expect.poll(() => visitor.getByText(MESSAGES.accessBlocked).count()).toBeGreaterThan(0);
      expect(visitor.url()).toContain('/signup');

      // Deleted (with a confirmation), the domain may sign up again.
      await table.getByRole('button', { name: 'Delete the entry blocked-journey.test' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => table.getByText('blocked-journey.test').count()).toBe(0);
      await signUp(`someone-${Date.now()}@blocked-journey.test`);
      await visitor.waitForURL('**/login');
    } finally {
      await admin.close();
      await visitor.close();
    }
  });
});
