import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, mailLink, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a new customer', () => {
  it('signs up, confirms the e-mail from the outbox, signs in, switches to Ukrainian and signs out', async () => {
    const page = await newPage(browser);
    const email = `journey-${Date.now()}@example.com`;
    const password = 'Journey123!';

    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Nickname').fill(`journey${Date.now() % 100000}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await expect
      .poll(() =>
        page
          .getByTestId('password-meter')
          .getByLabel(/Password strength/)
          .getAttribute('aria-label'),
      )
      .toBe('Password strength: 5 of 5');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
    await page.getByLabel('Full name').fill('Journey Customer');
    await page.getByRole('combobox', { name: 'Business type' }).click();
    await page.getByRole('option', { name: 'App developer' }).click();
    await page.getByRole('combobox', { name: 'Country' }).fill('Ukra');
    await page.getByRole('option', { name: 'Ukraine' }).click();
    await page.getByLabel('Phone').fill('380501112233');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('checkbox', { name: /18 years/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/login');

    // Not activated yet: the server refuses and offers to re-send the mail.
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Your account is not activated').count()).toBeGreaterThan(0);

    const link = await mailLink(email);
    expect(new URL(link).origin).toBe(baseUrl());
    await page.goto(link);
    await page.waitForURL('**/login?verified=1');
    await expect.poll(() => page.getByTestId('verified-notice').textContent()).toContain('verified');

    await signIn(page, email, password);
    await expect.poll(() => page.getByRole('heading', { name: /Welcome, journey/ }).count()).toBe(1);

    await page.getByTestId('language-switch').selectOption('uk-UA');
    await expect.poll(() => page.getByRole('heading', { name: /Вітаємо, journey/ }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: /Вітаємо, journey/ }).count()).toBe(1);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Вийти' }).click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.close();

    // The language was saved on the account: signing in from a fresh browser brings it back.
    const fresh = await newPage(browser);
    await signIn(fresh, email, password);
    await expect.poll(() => fresh.getByRole('heading', { name: /Вітаємо, journey/ }).count()).toBe(1);
    await fresh.close();
  });
});

describe('guards', () => {
  it('sends a visitor opening /apps to sign-in', async () => {
    const page = await newPage(browser);
    await page.goto('/apps');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
    await page.close();
  });

  it('sends a customer opening an admin route to the dashboard, without an admin menu', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    await page.goto('/admin/user-lists');
    await page.waitForURL('**/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'User lists' }).count()).toBe(0);
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('shows staff the admin menu and the users list with search', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@storelift.test');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'User lists' })
      .click();
    await page.waitForURL('**/admin/user-lists');
    // Newest first: other journeys' customers may fill page 1, so the search finds the admin.
    await page.getByRole('textbox', { name: 'Search' }).fill('admin@storelift');
    await expect
      .poll(() => page.getByRole('cell', { name: 'admin@storelift.test', exact: true }).count())
      .toBe(1);
    await page.getByRole('textbox', { name: 'Search' }).fill('support');
    await expect
      .poll(() => page.getByRole('cell', { name: 'admin@storelift.test', exact: true }).count())
      .toBe(0);
    expect(await page.getByRole('cell', { name: 'support@storelift.test', exact: true }).count()).toBe(1);
    await page.close();
  });
});
