import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, freshCustomer, launchBrowser, mailLink, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('user lists and user details', () => {
  it('support finds an unverified user, opens their details and resends the verification e-mail', async () => {
    const page = await newPage(browser);
    try {
      // A sign-up that never clicked its link.
      const stamp = `${Date.now()}`.slice(-9);
      const email = `unverified-${stamp}@example.com`;
      const registered = await page.request.post('/api/private/v1/register', {
        data: {
          email,
          password: 'Journey123!',
          password_confirmation: 'Journey123!',
          nickname: `unverified${stamp}`,
          full_name: 'Waiting Customer',
          business_type: 'developer',
          country: 'US',
          phone: '15551234567',
          terms: true,
          adult: true,
          locale: 'en-US',
        },
      });
      expect(registered.status(), await registered.text()).toBeLessThan(300);
      const firstLink = await mailLink(email);

      await signIn(page, 'support@storelift.test');
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'User lists' })
        .click();
      await page.waitForURL('**/admin/user-lists');
      await page.getByTestId('users-table').getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'the user lists page');

      await page.getByTestId('users-search').fill(`unverified${stamp}`);
      const link = page.getByRole('link', { name: email, exact: true });
      await link.waitFor();
      await expect.poll(() => page.getByTestId('users-table').getByRole('row').count()).toBe(2);
      // Support holds no edit or delete rights: the row menu offers neither.
      await page.getByRole('button', { name: `Actions for ${email}` }).click();
      expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await link.click();
      await page.waitForURL('**/admin/user-details/*');
      await page.getByRole('heading', { name: `unverified${stamp}` }).waitFor();
      await page.getByText('E-mail not verified').waitFor();
      await expectAccessible(page, 'user details');
      // Support sees no balance change tab and no audit trail.
      expect(await page.getByRole('tab', { name: 'Change balance' }).count()).toBe(0);

      await page.getByRole('button', { name: `Actions for ${email}` }).click();
      await page.getByRole('menuitem', { name: 'Resend verification e-mail' }).click();
      await page.getByText('A new verification e-mail is on its way').first().waitFor();
      await expect.poll(() => mailLink(email)).not.toBe(firstLink);

      // A user that cannot be loaded: the page goes to the dashboard, showing no error.
      await page.goto('/admin/user-details/999999');
      await page.waitForURL('**/dashboard');
    } finally {
      await page.context().close();
    }
  });

  it('the admin adds 10.00 to a balance and the user sees it in My transactions', async () => {
    const customerPage = await newPage(browser);
    const admin = await newPage(browser);
    try {
      const customer = await freshCustomer(customerPage, 'topped');
      await signIn(admin, 'admin@storelift.test');
      await admin.goto('/admin/user-lists');
      await admin.getByTestId('users-search').fill(customer.email);
      // The list re-renders when the search applies: a click on the row it replaces goes nowhere, so click again.
      const link = admin.getByRole('link', { name: customer.email, exact: true });
      await expect
        .poll(
          async () => {
            if (!admin.url().includes('/admin/user-details/'))
              await link.click({ timeout: 2_000 }).catch(() => {});
            return admin.url();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toContain('/admin/user-details/');
      await expect.poll(() => admin.getByTestId('user-balance-main').textContent()).toBe('0.00');

      // Every tab opens by keyboard and passes axe.
      for (const tab of [
        'Payments',
        'Transactions',
        'Messages',
        'Referrals',
        'Apps',
        'Reseller program',
        'Price plan',
        'Audit trail',
        'Change balance',
      ]) {
        await admin.getByRole('tab', { name: tab }).click();
        await expect
          .poll(() => admin.getByRole('tab', { name: tab }).getAttribute('aria-selected'))
          .toBe('true');
        await expectAccessible(admin, `the ${tab} tab`);
      }

      await admin.getByTestId('balance-amount').fill('10.00');
      await admin.getByLabel('Reason').fill('Goodwill credit');
      await admin.getByTestId('balance-submit').click();
      await admin.getByRole('dialog', { name: 'Change the balance?' }).waitFor();
      await expectAccessible(admin, 'the balance change confirmation');
      await admin.getByRole('dialog').getByRole('button', { name: 'Change balance' }).click();
      await admin.getByText('Action saved').first().waitFor();

      await admin.getByRole('tab', { name: 'Details' }).click();
      await expect.poll(() => admin.getByTestId('user-balance-main').textContent()).toBe('10.00');
      await admin.getByRole('tab', { name: 'Audit trail' }).click();
      await admin.getByTestId('audit-table').getByText('Balance changed').first().waitFor();

      await signIn(customerPage, customer.email, customer.password);
      await customerPage.goto('/my-transactions');
      const table = customerPage.getByTestId('transactions-table');
      await table.getByText('+10.00').first().waitFor();
      await table.getByText('Goodwill credit').waitFor();
    } finally {
      await admin.context().close();
      await customerPage.context().close();
    }
  });
});
