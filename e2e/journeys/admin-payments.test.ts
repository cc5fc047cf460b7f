import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiAuth,
  download,
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

const INVOICE = Buffer.from(
  '%PDF-1.4\n% Storelift journey invoice\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n',
);

describe('user payments', () => {
  it('the admin uploads an invoice for a customer’s payment, and the customer downloads that one', async () => {
    const customer = await newPage(browser);
    const admin = await newPage(browser);
    try {
      const { email, password } = await freshCustomer(customer, 'invoice');
      // The admin records a manual card payment of 10.00 for the customer.
      const adminAuth = await apiAuth(admin, 'admin@storelift.test');
      const users = (await (
        await admin.request.get(`/api/admin/v1/users?search=${encodeURIComponent(email)}`, {
          headers: adminAuth,
        })
      ).json()) as { data: { id: number }[] };
      const credited = await admin.request.put('/api/admin/v1/payments/change-user-balance', {
        headers: adminAuth,
        data: {
          id: users.data[0]!.id,
          amount: '10.00',
          account_id: 1,
          paysystem_id: 30,
          payment_id: `e2e-${Date.now()}`,
        },
      });
      expect(credited.status(), await credited.text()).toBe(200);
      const paymentId = ((await credited.json()) as { data: { payment: { id: number } } }).data.payment.id;

      await signIn(admin, 'admin@storelift.test');
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'User payments' })
        .click();
      await admin.waitForURL('**/admin/user-payments');
      await admin.getByTestId('payments-search').fill(String(paymentId));
      const row = admin.getByRole('row').filter({ hasText: email });
      await expect.poll(() => row.count()).toBe(1);
      await expect.poll(() => admin.getByTestId('payments-totals').textContent()).toContain('Payments: 1');
      await expectAccessible(admin, 'the user payments page');

      // CSV export of the filtered set.
      const csv = await download(admin, admin.getByTestId('payments-export'));
      const exported = await readFile((await csv.path())!, 'utf8');
      expect(exported.split('\n')[0]).toContain('id,date,user_id,email');
      expect(exported).toContain(email);

      // Upload the PDF from the row's menu, by keyboard.
      await admin.getByTestId(`payment-menu-${paymentId}`).focus();
      await admin.keyboard.press('Enter');
      await admin.getByRole('menuitem', { name: 'Upload invoice (PDF)' }).waitFor();
      const [chooser] = await Promise.all([
        admin.waitForEvent('filechooser'),
        admin.getByRole('menuitem', { name: 'Upload invoice (PDF)' }).click(),
      ]);
      await chooser.setFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: INVOICE });
      await expect.poll(() => admin.getByText('Invoice uploaded').count()).toBeGreaterThan(0);
      await expect.poll(() => row.getByLabel('Uploaded invoice').count()).toBe(1);

      // The edit dialog: description, by keyboard.
      await admin.getByTestId(`payment-menu-${paymentId}`).click();
      await admin.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = admin.getByTestId('payment-edit-modal');
      await dialog.getByTestId('payment-description').fill('Invoice sent by hand');
      await expectAccessible(admin, 'the payment edit dialog');
      await dialog.getByTestId('payment-description').press('Tab');
      await dialog.getByTestId('payment-save').click();
      await expect.poll(() => row.textContent()).toContain('Invoice sent by hand');

      // User apps: every customer's apps, with their owners.
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'User apps' })
        .click();
      await admin.waitForURL('**/admin/user-apps');
      await expect.poll(() => admin.getByRole('row').count()).toBeGreaterThan(1);
      await expectAccessible(admin, 'the user apps page');
      // Keyboard: the all-apps filter is a radio group.
      await admin.getByRole('radio', { name: 'Banned' }).focus();
      await admin.keyboard.press('Space');
      await expect.poll(() => admin.getByRole('radio', { name: 'Banned' }).isChecked()).toBe(true);
      await admin.getByTestId('user-apps-search').fill('demo');
      await expectAccessible(admin, 'the user apps page, filtered');

      // The customer's billing history downloads the uploaded invoice.
      await signIn(customer, email, password);
      await customer.goto('/top-up-balance');
      const history = customer.getByTestId('billing-history');
      const own = history.getByRole('row').filter({ hasText: 'Credited' });
      await expect.poll(() => own.count()).toBe(1);
      const invoice = await download(customer, own.getByRole('button', { name: /Download invoice/ }));
      expect((await readFile((await invoice.path())!)).equals(INVOICE)).toBe(true);
    } finally {
      await customer.close();
      await admin.close();
    }
  });

  it('the admin manages reflinks and CPI accounts; a duplicate ID key shows the spec’s message', async () => {
    const admin = await newPage(browser);
    try {
      await signIn(admin, 'admin@storelift.test');
      const menu = admin.getByRole('navigation', { name: 'Main menu' });
      const stamp = Date.now().toString(36);

      await menu.getByRole('link', { name: 'Reflinks' }).click();
      await admin.waitForURL('**/admin/reflinks');
      await admin.getByTestId('reflink-create').click();
      const reflink = admin.getByTestId('reflink-modal');
      await reflink.getByLabel('Name').fill('Spring partner');
      await reflink.getByTestId('reflink-code').fill(`spring-${stamp}`);
      await reflink.getByLabel('Bonus').fill('5');
      await expectAccessible(admin, 'the reflink form');
      await reflink.getByTestId('reflink-save').click();
      await expect
        .poll(() =>
          admin
            .getByRole('row')
            .filter({ hasText: `spring-${stamp}` })
            .count(),
        )
        .toBe(1);
      await expectAccessible(admin, 'the reflinks page');

      await menu.getByRole('link', { name: 'CPI accounts' }).click();
      await admin.waitForURL('**/admin/cpi-accounts');
      for (const attempt of [1, 2]) {
        await admin.getByTestId('cpi-account-create').click();
        const form = admin.getByTestId('cpi-account-modal');
        await form.getByTestId('cpi-account-id-key').fill(`ACT-${stamp}`);
        await form.getByLabel('Name').fill(`Ads account ${attempt}`);
        await form.getByLabel('Network').fill('Sandbox');
        await form.getByTestId('cpi-account-limit').fill('50');
        if (attempt === 1) await expectAccessible(admin, 'the CPI account form');
        await form.getByTestId('cpi-account-save').click();
      }
      await expect
        .poll(() => admin.getByText('ID key is duplicated. Please provide an unique ID.').count())
        .toBeGreaterThan(0);
      await admin.keyboard.press('Escape');
      await expect
        .poll(() =>
          admin
            .getByRole('row')
            .filter({ hasText: `ACT-${stamp}` })
            .count(),
        )
        .toBe(1);
      await expectAccessible(admin, 'the CPI accounts page');
    } finally {
      await admin.close();
    }
  });
});
