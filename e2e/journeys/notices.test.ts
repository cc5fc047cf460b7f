import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  apiAuth,
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

/** The bell's unread count, read from its accessible name ("Notices, 2 unread"). */
async function bellCount(page: Page): Promise<number> {
  const name = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? NaN);
}

describe('notices', () => {
  it('an admin writes a template and sends a notice from it; the customer reads it from the bell and the count goes down', async () => {
    const customerPage = await newPage(browser);
    const customer = await freshCustomer(customerPage, 'notice');
    const headers = await apiAuth(customerPage, customer.email, customer.password);
    const me = (await (await customerPage.request.post('/api/private/v1/me', { headers })).json()) as {
      user: { id: number };
    };

    const admin = await newPage(browser);
    await signIn(admin, 'admin@storelift.test');
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Notice templates' })
      .click();
    await admin.waitForURL('**/admin/notice-templates');
    const name = `Welcome ${Date.now()}`;
    await admin.getByTestId('template-create').click();
    await admin.getByTestId('template-name').fill(name);
    await admin.getByTestId('template-text').fill('Welcome to Storelift! Your manager is here to help.');
    await expectAccessible(admin, 'the notice template dialog');
    await admin.getByTestId('template-save').click();
    await expect.poll(() => admin.getByRole('cell', { name, exact: true }).count()).toBe(1);
    await expectAccessible(admin, 'the notice templates page');

    await admin.goto(`/admin/user-details/${me.user.id}?tab=messages`);
    await admin.getByTestId('send-notice-template').click();
    await admin.getByRole('option', { name }).click();
    await expect
      .poll(() => admin.getByTestId('send-notice-text').inputValue())
      .toBe('Welcome to Storelift! Your manager is here to help.');
    await admin.getByLabel('Also pin it on the user’s dashboard').check();
    await admin.getByTestId('send-notice-submit').click();
    await expect.poll(() => admin.getByRole('cell', { name: /Welcome to Storelift!/ }).count()).toBe(1);
    await expectAccessible(admin, 'the messages tab of user details');

    await signIn(customerPage, customer.email, customer.password);
    await expect.poll(() => bellCount(customerPage)).toBe(1);
    await expect
      .poll(() => customerPage.getByTestId('pinned-notification').textContent())
      .toContain('Welcome to Storelift!');
    await expectAccessible(customerPage, 'the dashboard with a pinned notification');
    await customerPage.getByTestId('notice-bell').click();
    const item = customerPage.getByTestId('notice-item').first();
    await expect.poll(() => item.textContent()).toContain('Welcome to Storelift!');
    await expectAccessible(customerPage, 'the open bell');
    await customerPage.getByTestId('notice-view').first().click();
    await expect.poll(() => bellCount(customerPage)).toBe(0);
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await customerPage.keyboard.press('Escape');

    // Dismissed on the dashboard, the notification stays gone after a reload.
    await customerPage.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => customerPage.getByTestId('pinned-notification').count()).toBe(0);
    await customerPage.reload();
    await customerPage.getByTestId('notice-bell').waitFor();
    expect(await customerPage.getByTestId('pinned-notification').count()).toBe(0);
  });

  it('a customer sends a message about a campaign, staff see it unread on user orders and answer it', async () => {
    const customer = await newPage(browser);
    const headers = await apiAuth(customer, 'user@storelift.test');
    const apps = (await (
      await customer.request.get('/api/private/v1/apps?limit=50', { headers })
    ).json()) as {
      data: { package: string; appstore: number; country: { code: string } }[];
    };
    const app = apps.data.find((entry) => entry.appstore === 1)!;
    const order = await customer.request.post('/api/private/v1/campaigns', {
      headers,
      data: {
        productType: 1,
        packageId: app.package,
        appstore: 1,
        country: app.country.code,
        days: 5,
        installs: 5,
        draft: true,
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    const id = ((await order.json()) as { data: { id: number } }).data.id;

    await signIn(customer, 'user@storelift.test', DEMO_PASSWORD);
    await customer.goto(`/campaigns?search=${id}`);
    await customer.getByRole('button', { name: `Actions of campaign #${id}` }).click();
    await customer.getByRole('menuitem', { name: 'Send message' }).click();
    await customer.getByTestId('campaign-message-text').fill('Can it start on Monday?');
    await customer.getByTestId('campaign-message-send').click();
    await expect
      .poll(() => customer.getByTestId('campaign-message').first().textContent())
      .toContain('Can it start on Monday?');
    await expectAccessible(customer, 'the campaign message dialog');
    await customer.keyboard.press('Escape');

    const staff = await newPage(browser);
    await signIn(staff, 'admin@storelift.test');
    await staff.goto('/admin/user-orders');
    await staff.getByTestId('user-orders-search').fill(String(id));
    await staff.getByTestId('user-orders-table').getByLabel('1 unread').waitFor();
    await staff.getByRole('button', { name: `Actions of campaign #${id}` }).click();
    await staff.getByTestId(`order-messages-${id}`).click();
    await expect
      .poll(() => staff.getByTestId('campaign-message').first().textContent())
      .toContain('Can it start on Monday?');
    await staff.getByTestId('campaign-message-text').fill('Yes, it can.');
    await staff.getByTestId('campaign-message-send').click();
    await expect
      .poll(() => staff.getByTestId('campaign-message').first().textContent())
      .toContain('Yes, it can.');
    await expectAccessible(staff, 'the staff thread dialog');
    await staff.keyboard.press('Escape');
    await expect.poll(() => staff.getByLabel('1 unread').count()).toBe(0);

    // The customer hears of the answer under the bell.
    await customer.reload();
    await customer.getByTestId('notice-bell').click();
    await expect
      .poll(() => customer.getByTestId('notice-list').textContent())
      .toContain(`Support answered about campaign #${id}.`);
  });
});
