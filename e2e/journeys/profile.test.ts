import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import {
  confirmDialog,
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

/** A 64 × 64 pink square: small enough to inline, a real PNG for the server to re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDau9cVW10rIh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHqbW8YeHEGZBAAAAAElFTkSuQmCC',
  'base64',
);

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name, selected: true }).count()).toBe(1);
};

describe('My profile', () => {
  it('edits the profile, uploads an avatar that the header shows, and deletes it', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'profile');
    await signIn(page, email, password);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await page.waitForURL('**/my-profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Your details' }).count()).toBe(1);
    await expectAccessible(page, 'my profile: details');

    // The sign-up rules apply: letters in the phone are dropped, no phone and no messenger is refused.
    await page.getByLabel('Full name').fill('Olena Kovalenko');
    await page.getByLabel('Phone').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Give a phone or a messenger').count()).toBeGreaterThan(0);
    await page.getByLabel('Phone').fill('380 50 111-22-33');
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('380501112233');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Action saved').count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Olena Kovalenko');

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const headerAvatar = page.getByTestId('user-menu').locator('img');
    await expect.poll(() => headerAvatar.getAttribute('src')).toMatch(/^\/avatars\/[\w-]{43}\.webp$/);
    const src = (await headerAvatar.getAttribute('src'))!;
    // The header loaded the image the server made: a square of the stored size.
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await expectAccessible(page, 'my profile: with an avatar');

    // Still there after a reload (it is the session's user, from `me`).
    await page.reload();
    await expect.poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src')).toBe(src);

    // A file that is not an image is refused with a message, and the avatar stays.
    await page.locator('input[type=file]').setInputFiles({
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg onload=alert(1)>'),
    });
    await expect.poll(() => page.getByText('Choose a JPEG, PNG, WebP or GIF image').count()).toBe(1);

    await page.getByRole('button', { name: 'Delete avatar' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Delete your avatar?' }).count()).toBe(1);
    await confirmDialog(page, 'Delete avatar');
    await expect.poll(() => page.getByTestId('user-menu').locator('img').count()).toBe(0);
    expect((await page.request.get(src)).status()).toBe(404);
    await page.close();
  });

  it('saves the invoice details, refusing a VAT ID that is not letters and digits', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'invoice');
    await signIn(page, email, password);
    await page.goto('/my-profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Invoice details' }).count()).toBe(1);

    await page.getByLabel('Company').fill('Kovalenko Apps GmbH');
    await page.getByLabel('Address').fill('Hauptstraße 1\n10115 Berlin');
    await page.getByLabel('VAT ID').fill('DE 123-456');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByText('VAT ID must be at most 20 letters and digits').count())
      .toBeGreaterThan(0);
    await expectAccessible(page, 'my profile: invoice details with an error');
    await page.getByLabel('VAT ID').fill('de123456789');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Action saved').count()).toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => page.getByLabel('VAT ID').inputValue()).toBe('DE123456789');
    expect(await page.getByLabel('Company').inputValue()).toBe('Kovalenko Apps GmbH');
    expect(await page.getByLabel('Address').inputValue()).toBe('Hauptstraße 1\n10115 Berlin');
    await page.close();
  });

  it('changes the password; the customer signs out and in with the new one', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'passwd');
    await signIn(page, email, password);
    await page.goto('/my-profile');
    await openTab(page, 'Password');
    await expectAccessible(page, 'my profile: password');

    const newPassword = 'Changed-456!';
    await page.getByRole('textbox', { name: 'Current password' }).fill('Wrong-123!');
    await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
    await expect
      .poll(() =>
        page
          .getByTestId('password-meter')
          .getByLabel(/Password strength/)
          .getAttribute('aria-label'),
      )
      .toBe('Password strength: 5 of 5');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The current password is not correct').count()).toBe(1);

    // Another device stays signed in when "Sign out everywhere else" (ticked by default) is unticked.
    const other = await page.request.post('/api/private/v1/login', { data: { email, password } });
    const otherAuth = { authorization: `Bearer ${(await other.json()).access_token}` };
    const everywhere = page.getByRole('checkbox', { name: 'Sign out everywhere else' });
    expect(await everywhere.isChecked()).toBe(true);
    await everywhere.uncheck();
    await page.getByRole('textbox', { name: 'Current password' }).fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText(/Your password has been changed/).count()).toBeGreaterThan(0);
    expect((await page.request.post('/api/private/v1/me', { headers: otherAuth })).status()).toBe(200);
    // The form is empty again for the next time.
    await expect.poll(() => page.getByRole('textbox', { name: 'Current password' }).inputValue()).toBe('');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');

    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('These credentials do not match our records').count()).toBe(1);
    await signIn(page, email, newPassword);
    await page.close();
  });

  it('shows a new API token once, masked afterwards, and the credits', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'apitoken');
    await signIn(page, email, password);
    await page.goto('/my-profile?tab=api');
    await expect.poll(() => page.getByTestId('api-token-masked').inputValue()).toBe('No token yet');
    await expect.poll(() => page.getByTestId('api-free-credits').textContent()).toBe('500 of 500');
    await expectAccessible(page, 'my profile: API');

    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const full = page.getByTestId('api-token-full');
    await expect.poll(() => full.inputValue()).toMatch(/^sl_[\w-]{32}$/);
    const token = await full.inputValue();
    await expectAccessible(page, 'my profile: API with a new token');

    // Shown once: after a reload only its last characters remain.
    await page.reload();
    await expect.poll(() => page.getByTestId('api-token-masked').inputValue()).toBe(`sl_…${token.slice(-4)}`);

    await page.getByRole('button', { name: 'Change token' }).click();
    await expect.poll(() => page.getByText(/the current one stops working at once/).count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Change token' }).click();
    await expect.poll(() => full.inputValue()).not.toBe(token);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The test token: created beside the live one, it calls the public API without spending credits.
    await page.getByRole('button', { name: 'Create test token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create test token' }).click();
    const testFull = page.getByTestId('api-test-token-full');
    await expect.poll(() => testFull.inputValue()).toMatch(/^sl_test_[\w-]{32}$/);
    await expectAccessible(page, 'my profile: API with a new test token');
    const balance = await page.request.get('/api/v1/balance', {
      headers: { authorization: `Bearer ${await testFull.inputValue()}` },
    });
    expect(balance.status()).toBe(200);
    expect(balance.headers()['x-credits-cost']).toBe('0');
    expect(balance.headers()['x-credits-remaining']).toBe('500');

    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('switch', { name: 'Auto-refresh' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Auto-refresh' }).isChecked()).toBe(true);
    await page.close();
  });

  it('turns on two-factor sign-in; sign-in then asks for the code, and a recovery code works once', async () => {
    const page = await newPage(browser);
    const { email, password } = await freshCustomer(page, 'totp');
    await signIn(page, email, password);
    await page.goto('/my-profile?tab=two-factor');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await expectAccessible(page, 'my profile: two-factor set-up');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    // The code of the step before: the sign-in below, in the same 30 seconds, needs a code not used yet.
    await page.getByLabel('Code from the app').fill(totp.generate({ timestamp: Date.now() - 30_000 }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('code');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!;
    await expect.poll(() => page.getByText('Recovery codes left: 10').count()).toBe(1);
    await expectAccessible(page, 'my profile: two-factor on');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const submit = async (code?: string) => {
      await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      if (code !== undefined) await page.getByLabel('Authentication code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await submit();
    await expect.poll(() => page.getByLabel('Authentication code').count()).toBe(1);
    await expectAccessible(page, 'sign-in asking for the code');
    await submit(totp.generate());
    await page.waitForURL('**/dashboard');

    // Phone lost: a recovery code signs in once.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await submit();
    await submit(recovery);
    await page.waitForURL('**/dashboard');
    await page.goto('/my-profile?tab=two-factor');
    await expect.poll(() => page.getByText('Recovery codes left: 9').count()).toBe(1);

    await page.getByRole('textbox', { name: 'Your password' }).fill(password);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Set up two-factor sign-in' }).count()).toBe(1);
    await page.close();
  });
});
