import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAuth, expectAccessible, freshCustomer, launchBrowser, newPage, signIn } from '../support.js';

/** What this journey uses of the statement fixtures (apps/server/test/statements.ts). */
interface Statements {
  camt053(entries: { amount: string; ref: string; texts: string[]; debtor?: string }[]): string;
}

// The fixtures belong to the server's tests: loaded at run time (vitest compiles them), outside this project's
// type check, whose root is e2e/.
const fixtures = new URL('../../apps/server/test/statements.ts', import.meta.url).href;

let browser: Browser;
let statements: Statements;
beforeAll(async () => {
  browser = await launchBrowser();
  statements = (await import(/* @vite-ignore */ fixtures)) as Statements;
});
afterAll(() => browser?.close());

describe('reconciliation', () => {
  it('staff upload a bank statement, see the transfer credited, assign the unmatched line, and the customer’s balance moves', async () => {
    const customer = await newPage(browser);
    const admin = await newPage(browser);
    try {
      const { email, password } = await freshCustomer(customer, 'reconcile');
      const auth = await apiAuth(customer, email, password);
      const checkout = await customer.request.post('/api/private/v1/checkout', {
        headers: auth,
        data: { amount: '600', paysystem_id: 3 },
      });
      expect(checkout.status(), await checkout.text()).toBe(201);
      const { reference, total } = ((await checkout.json()) as { data: { reference: string; total: string } })
        .data;
      await signIn(customer, email, password);
      await expect.poll(() => customer.getByTestId('balance-main').textContent()).toBe('0.00');

      const stamp = Date.now();
      const xml = statements.camt053([
        // The reference in the middle of the remittance text, spaced and in lower case as people type it.
        {
          ref: `E2E-${stamp}-1`,
          amount: total,
          texts: [`Invoice for ads ${reference.slice(0, 6).toLowerCase()} ${reference.slice(6)} thanks`],
        },
        { ref: `E2E-${stamp}-2`, amount: '50.00', texts: [`Top-up ${stamp}`], debtor: 'Journey Ltd' },
      ]);

      await signIn(admin, 'admin@storelift.test');
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Reconciliation' })
        .click();
      await admin.waitForURL('**/admin/reconciliation');
      await admin.getByText('currency conversion is out of scope', { exact: false }).waitFor();
      const [chooser] = await Promise.all([
        admin.waitForEvent('filechooser'),
        admin.getByTestId('statement-upload').click(),
      ]);
      await chooser.setFiles({ name: 'camt053.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
      await expect
        .poll(() => admin.getByTestId('statement-result').textContent())
        .toContain('1 credited, 1 to reconcile by hand');
      await expect
        .poll(() => customer.reload().then(() => customer.getByTestId('balance-main').textContent()))
        .toBe('600.00');

      // The unmatched line, assigned to the customer by e-mail as a new payment.
      const row = admin.getByRole('row').filter({ hasText: `Top-up ${stamp}` });
      await row.getByRole('button', { name: 'Assign' }).click();
      const dialog = admin.getByTestId('assign-line-modal');
      await dialog.getByTestId('assign-search').fill(email);
      await dialog.getByRole('radio', { name: `${email}` }).check();
      await expect
        .poll(() => dialog.getByTestId('assign-confirm-text').textContent())
        .toContain(`50.00 USD will be credited to ${email} as a new payment`);
      await expectAccessible(admin, 'the assign dialog');
      await dialog.getByTestId('assign-submit').click();
      await expect.poll(() => admin.getByText('Line credited').count()).toBeGreaterThan(0);
      await expect.poll(() => row.count()).toBe(0);
      await expectAccessible(admin, 'the reconciliation page');

      // The statement's lines: one matched, one credited by hand.
      await admin.getByTestId('tab-statements').click();
      await admin
        .getByRole('row')
        .filter({ hasText: 'camt053.xml' })
        .first()
        .getByRole('button', { name: 'Lines' })
        .click();
      const lines = admin.getByTestId('statement-lines-modal');
      await expect.poll(() => lines.getByText('Matched, credited').count()).toBe(1);
      await expect.poll(() => lines.getByText('Credited by hand').count()).toBe(1);

      // The transfer's 600.00 and the 50.00 assigned by hand.
      await expect
        .poll(() => customer.reload().then(() => customer.getByTestId('balance-main').textContent()))
        .toBe('650.00');
    } finally {
      await customer.close();
      await admin.close();
    }
  });
});
