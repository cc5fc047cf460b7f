import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAuth, expectAccessible, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('reseller e-mail templates, the internal blog and the account switch', () => {
  it('a reseller edits a template with a live preview, saves it and resets it', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'templates');
    // A manager puts the customer on a reseller plan (only then may they edit).
    const admin = await apiAuth(page, 'admin@storelift.test');
    const found = await page.request.get(`/api/admin/v1/users?search=${encodeURIComponent(email)}`, {
      headers: admin,
    });
    const userId = ((await found.json()) as { data: { id: number }[] }).data[0]!.id;
    const plan = await page.request.put(`/api/admin/v1/priceplans/user/${userId}`, {
      headers: admin,
      data: { priceplan_id: 8 },
    });
    expect(plan.status(), await plan.text()).toBe(200);

    await signIn(page, email, password);
    await page.goto('/my-profile?tab=templates');
    const body = page.getByTestId('template-body');
    await expect.poll(() => body.inputValue()).toContain('{{client_name}}');
    await expectAccessible(page, 'my profile: e-mail templates');

    // The preview fills the placeholders with sample values and shows markup as text.
    await body.fill('Dear {{client_name}}, <b>order {{order_id}}</b> is on its way.');
    await expect
      .poll(() => page.getByTestId('template-preview-body').textContent())
      .toBe('Dear Alex Morgan, <b>order 1042</b> is on its way.');
    expect(await page.getByTestId('template-preview-body').locator('b').count()).toBe(0);

    // An unknown placeholder is refused before anything is sent.
    await body.fill('Dear {{client}}');
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.getByText('Unknown placeholder {{client}}').count()).toBeGreaterThan(0);

    await body.fill('Dear {{client_name}}, thank you.');
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.getByText('Template saved').count()).toBeGreaterThan(0);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('template-body').inputValue())
      .toBe('Dear {{client_name}}, thank you.');
    await expect.poll(() => page.getByText('Your text').count()).toBe(1);

    await page.getByTestId('template-reset').click();
    await expectAccessible(page, 'my profile: reset confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Reset to default' }).click();
    await expect
      .poll(() => page.getByTestId('template-body').inputValue())
      .toContain('Thank you for your order');

    // The tab in another of the four languages.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('uk-UA');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Шаблони листів', selected: true }).count())
      .toBe(1);
    await expect.poll(() => page.getByText('Попередній перегляд').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'my profile: e-mail templates in Ukrainian');
    await page.close();
  });

  it('a marketer writes a pinned post and a customer sees it on the dashboard', async () => {
    const staff = await newPage(browser);
    await signIn(staff, 'marketer@storelift.test');
    await staff.getByRole('link', { name: 'Blog' }).click();
    await staff.waitForURL('**/admin/blog');
    await expect.poll(() => staff.getByRole('heading', { name: 'Blog' }).count()).toBe(1);
    await expectAccessible(staff, 'admin blog');

    const title = `Pinned news ${Date.now()}`;
    await staff.getByTestId('blog-post-create').click();
    await staff.getByTestId('blog-post-title').fill(title);
    await staff.getByTestId('blog-post-body').fill('Reports are **here**.\n\n- per campaign\n- per keyword');
    await staff.getByTestId('blog-post-published').check();
    await staff.getByTestId('blog-post-pinned').check();
    await expectAccessible(staff, 'admin blog: post editor');
    await staff.getByTestId('blog-post-save').click();
    await expect.poll(() => staff.getByRole('cell', { name: title }).count()).toBeGreaterThan(0);
    // Saved once, published and pinned.
    const listed = await staff.request.get(`/api/admin/v1/blog-posts?search=${encodeURIComponent(title)}`, {
      headers: await apiAuth(staff, 'marketer@storelift.test'),
    });
    const posts = ((await listed.json()) as { data: { published: boolean; pinned: boolean }[] }).data;
    expect(posts).toMatchObject([{ published: true, pinned: true }]);
    await staff.close();

    const customer = await newPage(browser);
    await signIn(customer, 'user@storelift.test');
    const pinned = customer.getByTestId('widget-blog-pinned');
    await expect.poll(() => pinned.getByRole('heading', { name: title }).count()).toBe(1);
    // The minimal markdown is rendered as elements: bold text and a list, no markup characters.
    await expect.poll(() => pinned.locator('strong', { hasText: 'here' }).count()).toBeGreaterThan(0);
    await expect.poll(() => pinned.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => customer.getByTestId('widget-blog-internal').getByText(title).count())
      .toBeGreaterThan(0);
    await expectAccessible(customer, 'dashboard with news');
    await customer.close();
  });

  it('staff switch to another account from the side menu; it opens in a new tab without a switch', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin@storelift.test');
    await admin.getByTestId('account-switch').click();
    const dialog = admin.getByRole('dialog', { name: 'Open another account' });
    await dialog.getByRole('textbox', { name: /e-mail/ }).fill('user@storelift.test');
    await expectAccessible(admin, 'account switch');
    const opened = admin.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open in a new tab' }).click();
    const customer = await opened;
    await customer.waitForURL('**/dashboard');
    await expect
      .poll(() => customer.getByTestId('impersonation-banner').textContent())
      .toContain('You are signed in as user@storelift.test');
    // The tab opened as the user holds no staff rights, so no switch; the admin's own tab keeps its own.
    expect(await customer.getByTestId('account-switch').count()).toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await admin.getByTestId('impersonation-banner').count()).toBe(0);
    await customer.close();
    await admin.close();
  });
});
