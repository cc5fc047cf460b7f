import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAuth, expectAccessible, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const FITNESS_LINK = 'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness&hl=en&gl=US';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const stepDone = (page: Page, step: string) => page.getByTestId(`step-${step}`).getAttribute('data-done');

describe('programs and information pages', () => {
  it('a new customer follows the starting checklist as they add an app', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'starting');
    await signIn(page, email, password);

    await menu(page).getByRole('link', { name: 'Getting started' }).click();
    await page.waitForURL('**/starting');
    await expect.poll(() => page.getByText('1 of 5 done').count()).toBe(1);
    expect(await stepDone(page, 'email_verified')).toBe('true');
    expect(await stepDone(page, 'app_added')).toBe('false');
    await expectAccessible(page, 'the starting page');

    // The step's link leads to where it is done.
    await page.getByRole('link', { name: 'Add an app' }).click();
    await page.waitForURL('**/apps');
    await page.getByTestId('apps-empty').getByRole('button', { name: 'Add app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an app' });
    await dialog.getByRole('textbox', { name: 'App id, store link or name' }).fill(FITNESS_LINK);
    await expect.poll(() => dialog.getByTestId('store-search-result').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Add app' }).click();
    await expect.poll(() => page.getByTestId('app-card').count()).toBe(1);

    await menu(page).getByRole('link', { name: 'Getting started' }).click();
    await page.waitForURL('**/starting');
    await expect.poll(() => stepDone(page, 'app_added')).toBe('true');
    await expect.poll(() => page.getByText('2 of 5 done').count()).toBe(1);
    expect(await stepDone(page, 'keywords_tracked')).toBe('false');
  });

  it('a customer applies to the reseller program, sees it pending, and then approved by a manager', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'reseller');
    await signIn(page, email, password);

    await menu(page).getByRole('link', { name: 'Resellers program' }).click();
    await page.waitForURL('**/resellers-program');
    await expect.poll(() => page.getByText('Who can become a reseller').count()).toBe(1);
    await expectAccessible(page, 'the resellers program');

    // Sent empty: the shared rule names what is missing, and nothing is sent.
    const form = page.getByRole('form', { name: 'Apply' });
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => form.getByText('Choose at least one channel').count()).toBe(1);
    expect(await form.getByText('Choose at least one service').count()).toBe(1);

    // Filled by keyboard.
    await form.getByRole('textbox', { name: 'Where do your customers come from?' }).fill('My ASO blog');
    await form.getByRole('textbox', { name: 'Installs you sell a month' }).fill('20000');
    await form.getByRole('checkbox', { name: 'SEO' }).focus();
    await page.keyboard.press('Space');
    await form.getByRole('checkbox', { name: 'Android installs' }).focus();
    await page.keyboard.press('Space');
    await form.getByRole('button', { name: 'Send request' }).focus();
    await page.keyboard.press('Enter');

    const request = page.getByTestId('reseller-request');
    await expect.poll(() => request.getByText('Under review').count()).toBe(1);
    expect(await page.getByRole('form', { name: 'Apply' }).count()).toBe(0);
    await expectAccessible(page, 'the resellers program with a pending request');

    // A manager approves it on the user's details page, reseller tab.
    const manager = await apiAuth(page, 'manager@storelift.test');
    const list = await page.request.get('/api/admin/v1/resellers/requests?status=pending', {
      headers: manager,
    });
    const pending = ((await list.json()) as { data: { user: { id: number; email: string } }[] }).data;
    const customer = pending.find((row) => row.user.email === email)!.user;
    const staff = await newPage(browser);
    await signIn(staff, 'manager@storelift.test');
    await staff.goto(`/admin/user-details/${customer.id}?tab=reseller`);
    const requests = staff.getByTestId('user-reseller');
    await expect.poll(() => requests.getByText('Under review').count()).toBe(1);
    await expectAccessible(staff, 'the reseller tab of user details');
    await requests.getByRole('button', { name: 'Approve' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Approve the reseller request?' });
    await confirm.getByRole('textbox', { name: 'Note to the request (optional)' }).fill('Welcome aboard');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => requests.getByText('Approved', { exact: true }).count()).toBe(1);
    expect(await requests.getByText('Note: Welcome aboard').count()).toBe(1);

    await page.reload();
    await expect.poll(() => request.getByText('Approved', { exact: true }).count()).toBe(1);
    expect(
      await page
        .getByText('You are on the Reseller Base plan: reseller prices apply to every order.')
        .count(),
    ).toBe(1);
  });

  it('the dashboard widgets, partners, contacts and API support pages show the account and pass axe', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'info');
    await signIn(page, email, password);

    // The dashboard's widgets each load on their own.
    await expect
      .poll(() => page.getByTestId('widget-top-regions').textContent())
      .toContain("Your campaigns' countries appear here once you order one.");
    await expect
      .poll(() => page.getByTestId('widget-popular-apps').textContent())
      .toContain('Apps you promote appear here.');
    await expect
      .poll(() => page.getByTestId('widget-referrals').textContent())
      .toContain('Nobody has signed up with your link yet.');
    await expect
      .poll(() => page.getByTestId('widget-blog-external').getByRole('link').count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('widget-popular-countries').locator('table, p').count())
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'When is my balance charged?' }).click();
    await expect
      .poll(() => page.getByText('When the campaign starts', { exact: false }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'the dashboard with its widgets');

    await menu(page).getByRole('link', { name: 'Partners program' }).click();
    await page.waitForURL('**/partners-program');
    await expect.poll(() => page.getByTestId('partner-link').inputValue()).toContain('/signup?ref=');
    expect(await page.getByTestId('partner-earned').textContent()).toMatch(/0/);
    await expectAccessible(page, 'the partners program');

    await menu(page).getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL('**/contacts');
    await expect.poll(() => page.getByText('No personal manager is assigned to you yet.').count()).toBe(1);
    await expectAccessible(page, 'contacts');
    const form = page.getByRole('form', { name: 'Write to us' });
    await form.getByRole('textbox', { name: 'Subject' }).fill('Invoice question');
    await form.getByRole('textbox', { name: 'Message' }).fill('Hello,\nwhere is my invoice?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByText('Your message has been sent. We will answer by e-mail.').count())
      .toBe(1);
    await expect.poll(() => form.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');

    await menu(page).getByRole('link', { name: 'API support' }).click();
    await page.waitForURL('**/api-support');
    await expect.poll(() => page.getByText('500 free credits every month').count()).toBe(1);
    // The public API's operations with their price, each linked to its examples on the reference page.
    await expect
      .poll(() => page.getByRole('link', { name: 'Examples: POST /api/v1/campaigns/{id}/cancel' }).count())
      .toBe(1);
    await expectAccessible(page, 'API support');
  });
});
