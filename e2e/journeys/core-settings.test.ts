import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAuth, expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('core settings', () => {
  it('the admin switches a payment system off (gone from the top-up), edits an e-mail template with its preview, and sees each tab', async () => {
    const admin = await newPage(browser);
    const customer = await newPage(browser);
    const adminApi = await apiAuth(admin, 'admin@storelift.test');
    try {
      await signIn(admin, 'admin@storelift.test');
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Core settings' })
        .click();
      await admin.waitForURL('**/admin/core-settings');

      // Payment systems: Alipay (31) switched off after the confirm dialog.
      const alipay = admin.getByTestId('paysystem-active-31');
      await expect.poll(() => alipay.isChecked()).toBe(true);
      await expectAccessible(admin, 'the payment systems tab');
      await alipay.focus();
      await admin.keyboard.press('Space');
      await admin.getByRole('dialog', { name: 'Switch Alipay off?' }).waitFor();
      await expectAccessible(admin, 'the switch-off dialog');
      await admin.getByRole('button', { name: 'Switch off' }).click();
      await expect.poll(() => alipay.isChecked()).toBe(false);

      // The customer's top-up no longer offers it; the card still is.
      await signIn(customer, 'user@storelift.test');
      await customer.goto('/top-up-balance');
      await customer.getByTestId('paysystem-30').waitFor();
      expect(await customer.getByTestId('paysystem-31').count()).toBe(0);

      // Options: the fee of Fondy (33) edited in its form.
      await admin.getByTestId('paysystem-edit-33').click();
      const modal = admin.getByTestId('paysystem-modal');
      await modal.getByTestId('paysystem-fee').waitFor();
      await expectAccessible(admin, 'the payment system form');
      await modal.getByTestId('paysystem-fee').fill('101');
      await modal.getByTestId('paysystem-save').click();
      await modal.getByText('Enter a percent from 0 to 100').waitFor();
      await modal.getByTestId('paysystem-fee').fill('2.75');
      await modal.getByTestId('paysystem-save').click();
      await expect.poll(() => admin.getByTestId('paysystem-33').getByText('2.75 %').count()).toBe(1);

      // Products: the price grid of each store.
      await admin.getByTestId('tab-products').click();
      await admin.getByTestId('price-1').waitFor();
      expect(await admin.getByTestId('price-1').inputValue()).toBe('0.12');
      await expectAccessible(admin, 'the products tab');

      // E-mail templates: the password reset mail in Spanish, previewed, then saved.
      await admin.getByTestId('tab-templates').click();
      await admin.getByTestId('template-name').click();
      await admin.getByRole('option', { name: 'Password reset' }).click();
      await admin.getByTestId('template-locale').click();
      await admin.getByRole('option', { name: 'Spanish' }).click();
      const subject = admin.getByTestId('template-subject');
      await expect.poll(() => subject.inputValue()).toBe('Restablece tu contraseña de Storelift');
      await subject.fill('Nueva contraseña para {{name}}');
      await admin.getByTestId('template-preview').click();
      await expect
        .poll(() => admin.getByTestId('preview-subject').textContent())
        .toBe('Nueva contraseña para Alex');
      await expectAccessible(admin, 'the e-mail templates tab with a preview');
      await subject.fill('Nueva contraseña para {{nombre}}');
      await admin.getByTestId('template-save').click();
      await admin.getByText('Unknown placeholder: nombre').first().waitFor();
      await admin.keyboard.press('Escape');
      await subject.fill('Nueva contraseña para {{name}}');
      await admin.getByTestId('template-save').click();
      await expect.poll(() => admin.getByText('E-mail template saved').count()).toBeGreaterThan(0);

      // Maintenance: the switch asks first; canceled, nothing changes.
      await admin.getByTestId('tab-maintenance').click();
      await admin.getByTestId('maintenance-state').waitFor();
      await expectAccessible(admin, 'the maintenance tab');
      await admin.getByTestId('maintenance-switch').check();
      await admin.getByTestId('maintenance-save').click();
      await admin.getByRole('dialog', { name: 'Turn maintenance mode on?' }).waitFor();
      await admin.getByRole('button', { name: 'Cancel' }).click();
      expect(await admin.getByTestId('maintenance-state').textContent()).toBe('Off');
    } finally {
      // The other journeys find the seeded settings.
      await admin.request.put('/api/admin/v1/paysystems/change-is-active-paysystem', {
        headers: adminApi,
        data: { id: 31, is_active: true },
      });
      await admin.context().close();
      await customer.context().close();
    }
  });
});
