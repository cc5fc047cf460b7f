import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAuth, expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('marketing', () => {
  it('a marketer creates a discount action, then loads a spend CSV with an unknown code and edits a row', async () => {
    const page = await newPage(browser);
    try {
      // A reflink for the ads to lead to (reflinks are the admin's).
      const code = `E2E${Date.now() % 1_000_000_000}`;
      const admin = await apiAuth(page, 'admin@storelift.test');
      const reflink = await page.request.post('/api/admin/v1/reflinks', {
        headers: admin,
        data: { name: 'Journey ads', code, category: 'ads', bonus: '0' },
      });
      expect(reflink.status(), await reflink.text()).toBe(200);

      await signIn(page, 'marketer@storelift.test');
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Marketing actions' })
        .click();
      await page.waitForURL('**/admin/marketing-actions');
      await page.getByRole('heading', { name: 'Marketing actions' }).waitFor();
      await expectAccessible(page, 'the marketing actions page');

      // A narrow discount (App Store impressions in Iceland), so other journeys' prices stay as they are.
      const name = `Journey discount ${Date.now()}`;
      await page.getByTestId('action-create').click();
      const dialog = page.getByTestId('action-modal');
      await dialog.getByText('Campaign discount').click();
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Action text').fill('Impressions in Iceland cost 20 % less this week');
      await dialog.getByLabel('Store', { exact: true }).click();
      await page.getByRole('option', { name: 'App Store' }).click();
      await dialog.getByLabel('Countries', { exact: true }).fill('Iceland');
      await page.getByRole('option', { name: 'Iceland' }).click();
      await dialog.getByLabel('Products', { exact: true }).click();
      await page.getByRole('option', { name: 'Impressions' }).click();
      await dialog.getByRole('heading').click();
      // Above the marketing percent limit (50 %) only an admin saves: the field says so.
      await dialog.getByTestId('tier-percent-0').fill('60');
      await dialog.getByTestId('action-save').click();
      await expect.poll(() => dialog.getByText('At most 50 %: only an admin may give more').count()).toBe(1);
      await dialog.getByTestId('tier-percent-0').fill('20');
      await expectAccessible(page, 'the marketing action dialog', '[data-testid="action-modal"]');
      await dialog.getByTestId('action-save').click();
      await expect.poll(() => page.getByText('Marketing action saved').count()).toBeGreaterThan(0);
      const row = page.getByRole('row').filter({ hasText: name });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('from 0.00: 20 %');
      expect(await row.textContent()).toContain('Running');

      // Delete it again, after the confirmation.
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect
        .poll(() => page.getByText('Marketing action deleted successfully').count())
        .toBeGreaterThan(0);
      await expect.poll(() => row.count()).toBe(0);

      // The ads report: upload a spend file with one unknown code.
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Ads report' })
        .click();
      await page.waitForURL('**/admin/google-ads-report');
      await page.getByRole('heading', { name: 'Google Ads report' }).waitFor();
      await expectAccessible(page, 'the Google Ads report');
      const csv = [
        'type,code,from,to,amount',
        `1,${code},2026-01-01,2026-01-31,123.45`,
        '1,NO-SUCH-CODE,2026-01-01,2026-01-31,9',
      ].join('\n');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByTestId('report-upload').click(),
      ]);
      await chooser.setFiles({ name: 'spend.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByTestId('report-unknown-codes').waitFor();
      expect(await page.getByTestId('report-unknown-codes').textContent()).toContain('NO-SUCH-CODE');
      await expectAccessible(page, 'the Google Ads report with unknown codes');

      await page.getByLabel('Search by code or reflink').fill(code);
      const spend = page.getByRole('row').filter({ hasText: code });
      await expect.poll(() => spend.count()).toBe(1);
      expect(await spend.textContent()).toContain('123.45');
      await spend.getByRole('button', { name: `Actions for ${code}` }).click();
      await page.getByRole('menuitem', { name: 'Edit amount' }).click();
      await page.getByTestId('report-amount').fill('150');
      await page.getByTestId('report-save').click();
      await expect.poll(() => spend.textContent()).toContain('150.00');
    } finally {
      await page.close();
    }
  });
});
