import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAuth, expectAccessible, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Staff credit a customer's main balance (a balance change), found by e-mail. */
async function fund(page: Page, email: string, amount: string) {
  const headers = await apiAuth(page, 'admin@storelift.test');
  const users = (await (
    await page.request.get(`/api/admin/v1/users?search=${encodeURIComponent(email)}`, { headers })
  ).json()) as { data: { id: number }[] };
  const credited = await page.request.put('/api/admin/v1/payments/change-user-balance', {
    headers,
    data: { id: users.data[0]!.id, amount, account_id: 1, description: 'Journey funds' },
  });
  expect(credited.status(), await credited.text()).toBe(200);
}

describe('transfers between accounts', () => {
  it('a customer sends money to another by e-mail, sees the masked name, confirms with the password; both balances move; staff see it', async () => {
    const sender = await newPage(browser);
    const { email, password } = await freshCustomer(sender, 'sender');
    const receiverPage = await newPage(browser);
    const receiver = await freshCustomer(receiverPage, 'receiver');
    await fund(sender, email, '100.00');

    await signIn(sender, email, password);
    await sender.getByRole('link', { name: 'Transfers' }).first().click();
    await sender.waitForURL('**/transfers');
    await expect.poll(() => sender.getByTestId('transfer-limits').textContent()).toContain('5 000.00');
    await expectAccessible(sender, 'the transfers page');

    await sender.getByTestId('transfer-email').fill(receiver.email);
    await sender.getByTestId('transfer-check').click();
    // freshCustomer names everyone "Journey Customer": only the initials show.
    await expect.poll(() => sender.getByTestId('transfer-receiver').textContent()).toContain('J*** C***');
    await sender.getByTestId('transfer-amount').fill('25.50');
    await sender.getByTestId('transfer-description').fill('Client budget');
    await sender.getByTestId('transfer-password').fill('Wrong-password1');
    await sender.getByTestId('transfer-send').click();
    // A wrong password is refused on its field and moves nothing.
    await expect.poll(() => sender.getByText('The password is not correct').count()).toBeGreaterThan(0);
    await sender.keyboard.press('Escape');
    await expect.poll(() => sender.getByTestId('balance-main').textContent()).toBe('100.00');

    await sender.getByTestId('transfer-password').fill(password);
    await sender.getByTestId('transfer-send').click();
    await expect.poll(() => sender.getByText('Transfer sent').count()).toBeGreaterThan(0);
    await expect.poll(() => sender.getByTestId('balance-main').textContent()).toBe('74.50');
    const sent = sender.getByTestId('transfers-list').getByRole('row').filter({ hasText: receiver.email });
    await expect.poll(() => sent.count()).toBe(1);
    expect(await sent.textContent()).toContain('Sent');
    expect(await sent.textContent()).toContain('25.50');
    await expectAccessible(sender, 'the transfers page after a transfer');

    await signIn(receiverPage, receiver.email, receiver.password);
    await expect.poll(() => receiverPage.getByTestId('balance-main').textContent()).toBe('25.50');
    await receiverPage.goto('/transfers');
    const received = receiverPage
      .getByTestId('transfers-list')
      .getByRole('row')
      .filter({ hasText: 'Received' });
    await expect.poll(() => received.count()).toBe(1);
    expect(await received.textContent()).toContain('Client budget');

    // Staff see it on user payments, Transfers tab.
    const staff = await newPage(browser);
    await signIn(staff, 'admin@storelift.test');
    await staff.goto('/admin/user-payments');
    await staff.getByTestId('tab-transfers').click();
    const row = staff.getByTestId('admin-transfers').getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(receiver.email);
    await expectAccessible(staff, 'the transfers tab of user payments');

    // The admin reverses it with a reason: the money goes back while the receiver still holds it.
    await row.getByRole('button', { name: 'Reverse' }).click();
    await staff.getByRole('textbox', { name: 'Reason' }).fill('Sent to the wrong client');
    await expectAccessible(staff, 'the reverse dialog');
    await staff.getByTestId('transfer-reverse-confirm').click();
    await expect.poll(() => row.textContent()).toContain('Sent to the wrong client');
    expect(await row.textContent()).toContain('Reversed');
    await sender.reload();
    await expect.poll(() => sender.getByTestId('balance-main').textContent()).toBe('100.00');
    await Promise.all([sender.close(), receiverPage.close(), staff.close()]);
  });
});
