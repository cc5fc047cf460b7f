import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ImpactStatisticsResponse } from '@storelift/shared';
import { apiAuth, download, expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('campaign impact', () => {
  it('shows what a finished demo keyword campaign did to its ranks, in its details and in Statistics', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@storelift.test');
    // The demo data's finished keyword-installs campaigns (their keywords slipped, then climbed back).
    const auth = await apiAuth(page, 'user@storelift.test');
    const answer = await page.request.get('/api/private/v1/statistics/impact?limit=100', { headers: auth });
    const { data } = (await answer.json()) as ImpactStatisticsResponse;
    const finished = data.find((row) => !row.running && (row.places_gained ?? 0) > 0);
    expect(finished, 'a finished demo keyword campaign whose ranks moved').toBeDefined();
    const id = finished!.campaign_id;

    await page.goto('/campaigns');
    await page.getByTestId('campaigns-search').fill(String(id));
    const status = page.getByTestId(`campaign-status-${id}`);
    await expect.poll(() => status.textContent()).toMatch(/Completed|Canceled/);
    await page.getByTestId('campaigns-table').getByRole('row').filter({ has: status }).click();

    const impact = page.getByTestId('campaign-details').getByTestId('campaign-impact');
    await expect.poll(() => impact.getByTestId('impact-keyword').count()).toBeGreaterThan(0);
    expect(await impact.getByTestId('impact-caveat').textContent()).toContain('not what it alone caused');
    const report = impact.getByTestId('impact-keyword').filter({ hasText: finished!.keyword });
    expect(await report.getByTestId('impact-gained').textContent()).toMatch(/^\+\d/);
    expect(await report.getByTestId('impact-per-place').textContent()).toMatch(/\d/);
    expect(await report.getByTestId('impact-baseline').textContent()).toMatch(/month earlier/);
    await expectAccessible(page, 'the campaign impact report', '[data-testid="campaign-details"]');
    const csv = await download(page, impact.getByTestId('impact-export'));
    expect(csv.suggestedFilename()).toBe(`campaign-${id}-impact.csv`);
    await page.keyboard.press('Escape');

    // Statistics by keyword lists the period's reports too.
    await page.goto('/statistics?tab=keyword');
    const table = page.getByTestId('statistics-impact-table');
    await expect
      .poll(() =>
        table
          .getByRole('row')
          .filter({ hasText: `#${id}` })
          .count(),
      )
      .toBeGreaterThan(0);
    await expectAccessible(page, 'the statistics impact table');
    await page.close();
  });
});
