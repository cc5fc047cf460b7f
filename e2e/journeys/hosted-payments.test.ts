import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../global-setup.js';
import { expectAccessible, launchBrowser, PAGE_WAIT_MS, signIn } from '../support.js';

/*
 * Hosted payments end to end: a server of this journey's own, its PayPal (1) and Fondy (33) pointed at the
 * stand-ins the server's tests use (apps/server/test), paid through their checkout pages in the browser.
 */

/** What this journey uses of the stand-ins (apps/server/test/stand-in-paypal.ts, stand-in-fondy.ts). */
interface StandIn {
  url: string;
  violations: string[];
  close(): Promise<void>;
}
interface PayPalStandIn extends StandIn {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}
interface FondyStandIn extends StandIn {
  merchantId: string;
  paymentKey: string;
  orders: Map<string, { order_id: string }>;
  notification(orderId: string, status: 'approved'): { body: string; contentType: string };
}

// The stand-ins belong to the server's tests: loaded at run time (vitest compiles them), outside this
// project's type check, whose root is e2e/.
const standIns = new URL('../../apps/server/test/', import.meta.url).href;
const load = async <T>(file: string, start: string): Promise<T> => {
  const module = (await import(/* @vite-ignore */ `${standIns}${file}`)) as Record<string, () => Promise<T>>;
  return module[start]!();
};

let browser: Browser;
let paypal: PayPalStandIn;
let fondy: FondyStandIn;
let server: { server: { baseUrl: string }; stop(): Promise<void> };
beforeAll(async () => {
  [browser, paypal, fondy] = await Promise.all([
    launchBrowser(),
    load<PayPalStandIn>('stand-in-paypal.ts', 'startStandInPayPal'),
    load<FondyStandIn>('stand-in-fondy.ts', 'startStandInFondy'),
  ]);
  server = await startServer(5000 + Math.floor(Math.random() * 900), {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_URL: paypal.url,
    FONDY_MERCHANT_ID: fondy.merchantId,
    FONDY_PAYMENT_KEY: fondy.paymentKey,
    FONDY_API_URL: fondy.url,
  });
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await paypal?.close();
  await fondy?.close();
  expect(paypal.violations).toEqual([]);
  expect(fondy.violations).toEqual([]);
});

async function pageOnServer(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.server.baseUrl, locale: 'en-US' });
  // The stand-ins' checkout pages are theirs, not sites: the browser's icon request is no call to them.
  await context.route('**/favicon.ico', (route) => route.fulfill({ status: 404 }));
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  return page;
}

/** From the top-up page: the amount, the method, and on to its checkout. */
async function topUp(page: Page, paysystemId: number, amount: string) {
  await page.goto('/top-up-balance');
  await page.getByTestId(`paysystem-${paysystemId}`).click();
  await page.getByTestId('top-up-amount').fill(amount);
  await expect.poll(() => page.getByTestId('top-up-summary').textContent()).toContain('You pay');
  await page.getByTestId('top-up-pay').click();
}

const resultStatus = (page: Page) => page.getByTestId('top-up-result').getAttribute('data-status');

describe('hosted payments', () => {
  it('a customer pays through PayPal’s and Fondy’s checkouts; the result page waits until the credit; staff see the providers', async () => {
    const page = await pageOnServer();
    await signIn(page, 'user@storelift.test');
    // The header's main balance as a number ("1,234.00": digits and the point only).
    const balance = async () =>
      Number((await page.getByTestId('balance-main').textContent())?.replace(/[^\d.]/g, '') || NaN);
    await expect.poll(balance).not.toBeNaN();
    const before = await balance();

    // PayPal: its approval page, back through the server (the order is captured), credited.
    await topUp(page, 1, '100');
    await page.waitForURL(`${paypal.url}/checkoutnow?token=*`);
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await page.waitForURL('**/top-up-balance/result?payment=*');
    await expect.poll(() => resultStatus(page)).toBe('credited');
    expect(await page.getByTestId('top-up-result-title').textContent()).toBe('Payment credited');
    await expect.poll(balance).toBe(before + 100);

    // Fondy: its checkout page; the browser comes back before Fondy's server callback, so the page waits…
    await topUp(page, 33, '50');
    await page.waitForURL(`${fondy.url}/merchants/**`);
    const [uuid] = [...fondy.orders.keys()].slice(-1);
    await page.goto(`${server.server.baseUrl}/api/public/v1/payments/return/${uuid}`);
    await page.waitForURL('**/top-up-balance/result?payment=*');
    await expect.poll(() => resultStatus(page)).toBe('pending');
    expect(await page.getByTestId('top-up-result-title').textContent()).toBe('Waiting for the payment');
    expect(await page.getByTestId('top-up-result').textContent()).not.toContain('Paid');
    await expectAccessible(page, 'the top-up result while the payment waits');
    // …until the signed callback arrives, which it picks up by itself.
    const notice = fondy.notification(uuid!, 'approved');
    const callback = await fetch(`${server.server.baseUrl}/api/public/v1/payments/callback/fondy`, {
      method: 'POST',
      headers: { 'content-type': notice.contentType },
      body: notice.body,
    });
    expect(callback.status).toBe(200);
    await expect.poll(() => resultStatus(page)).toBe('credited');
    await expect.poll(balance).toBe(before + 150);

    // Staff: each system's provider, configured or not, live or sandbox.
    const admin = await pageOnServer();
    await signIn(admin, 'admin@storelift.test');
    await admin.goto('/admin/core-settings');
    const provider = (id: number) => admin.getByTestId(`paysystem-provider-${id}`).textContent();
    await expect.poll(() => provider(1)).toBe("PayPalProvider's sandbox");
    expect(await provider(33)).toBe("FondyProvider's sandbox");
    expect(await provider(30)).toBe('StripeNot configuredEmbedded sandbox');
    // Bank transfer: no credentials, live once the demo data's receiving details are set.
    expect(await provider(3)).toBe('Bank transfer (statements)Live');
    await expectAccessible(admin, 'the payment systems with their providers');
  });
});
