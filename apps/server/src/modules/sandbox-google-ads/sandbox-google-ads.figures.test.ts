import { DAY_MS } from '@storelift/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sandboxAdsDay, type FiguresCampaign } from './sandbox-google-ads.figures.js';

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'BR', 'IN', 'NG', 'PL', 'MX', 'EG', 'VN'];

const campaignArb = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 40 }),
  appStore: fc.constantFrom('GOOGLE_APP_STORE', 'APPLE_APP_STORE'),
  // Budgets 1-100000 and targets 0.01-100 (the wizard's ranges) in whole cents.
  budgetMicros: fc.bigInt({ min: 100n, max: 10_000_000n }).map((cents) => cents * 10_000n),
  targetCpaMicros: fc.bigInt({ min: 1n, max: 10_000n }).map((cents) => cents * 10_000n),
  countries: fc.uniqueArray(fc.constantFrom(...COUNTRIES), { minLength: 1, maxLength: COUNTRIES.length }),
});
const dateArb = fc
  .integer({ min: 0, max: 3000 })
  .map((n) => new Date(Date.UTC(2026, 0, 1) + n * DAY_MS).toISOString().slice(0, 10));
const total = (
  figures: ReturnType<typeof sandboxAdsDay>,
  key: 'costMicros' | 'conversions' | 'clicks' | 'impressions',
) => figures.reduce((sum, each) => sum + each[key], 0n);

describe('sandbox Google Ads figures', () => {
  it('never spend more than the day’s budget, in whole cents, and only grow while the day runs', () => {
    fc.assert(
      fc.property(
        campaignArb,
        dateArb,
        fc.integer({ min: 0, max: DAY_MS }),
        fc.integer({ min: 0, max: DAY_MS }),
        (campaign, date, a, b) => {
          const [early, late] = [
            sandboxAdsDay(campaign, date, Math.min(a, b)),
            sandboxAdsDay(campaign, date, Math.max(a, b)),
          ];
          const day = sandboxAdsDay(campaign, date, DAY_MS);
          expect(total(day, 'costMicros')).toBeLessThanOrEqual(campaign.budgetMicros);
          for (const each of day) {
            expect(each.costMicros % 10_000n).toBe(0n);
            expect(each.clicks).toBeLessThanOrEqual(each.impressions);
            expect(each.conversions).toBeLessThanOrEqual(each.clicks);
            expect(campaign.countries).toContain(each.country);
          }
          for (const key of ['costMicros', 'conversions', 'clicks', 'impressions'] as const)
            expect(total(late, key)).toBeGreaterThanOrEqual(total(early, key));
          // The same question, the same answer; beyond the day, the day's figures.
          expect(sandboxAdsDay(campaign, date, DAY_MS * 3)).toEqual(day);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('pay about the target where the market is dearer, less in cheap countries, and win few installs far below the market', () => {
    const base: FiguresCampaign = {
      id: 7,
      appStore: 'GOOGLE_APP_STORE',
      budgetMicros: 200_000_000n,
      targetCpaMicros: 2_000_000n,
      countries: ['US'],
    };
    const cpiOf = (campaign: FiguresCampaign) => {
      const days = Array.from({ length: 30 }, (_, n) =>
        sandboxAdsDay(campaign, `2026-12-${String(n + 1).padStart(2, '0')}`, DAY_MS),
      ).flat();
      return Number(total(days, 'costMicros')) / Number(total(days, 'conversions')) / 1e6;
    };
    // The US (market 1.20-3.50) at a 2.00 target: about the target.
    expect(cpiOf(base)).toBeGreaterThan(1.6);
    expect(cpiOf(base)).toBeLessThan(2.4);
    // Small volumes (under one install a day in a country) are not rounded away: 60 days of a 50.00 budget
    // over 16 dear countries still cost about the 2.50 target per install.
    const spread: FiguresCampaign = {
      ...base,
      budgetMicros: 50_000_000n,
      targetCpaMicros: 2_500_000n,
      countries: [
        'US',
        'GB',
        'DE',
        'FR',
        'JP',
        'AU',
        'CA',
        'NL',
        'SE',
        'NO',
        'CH',
        'AT',
        'BE',
        'DK',
        'IE',
        'NZ',
      ],
    };
    const days = Array.from({ length: 60 }, (_, n) =>
      sandboxAdsDay(spread, new Date(Date.UTC(2027, 0, 1) + n * DAY_MS).toISOString().slice(0, 10), DAY_MS),
    ).flat();
    const cpi = Number(total(days, 'costMicros')) / Number(total(days, 'conversions')) / 1e6;
    expect(cpi).toBeGreaterThan(1.8);
    expect(cpi).toBeLessThan(3.2);
    // India (0.10-0.70) is cheaper at the same target.
    expect(cpiOf({ ...base, countries: ['IN'] })).toBeLessThan(cpiOf(base));
    // 0.15 in Western Europe (0.80-2.50): a few per cent of the traffic.
    const low = { ...base, targetCpaMicros: 150_000n, countries: ['DE', 'FR', 'GB'] };
    const spent = total(sandboxAdsDay(low, '2026-12-01', DAY_MS), 'costMicros');
    expect(spent).toBeLessThan(base.budgetMicros / 10n);
    // Click-through 1-5 %, conversion of clicks 10-40 % on a day with traffic.
    for (const each of sandboxAdsDay(base, '2026-12-02', DAY_MS)) {
      expect(Number(each.clicks) / Number(each.impressions)).toBeGreaterThanOrEqual(0.01);
      expect(Number(each.clicks) / Number(each.impressions)).toBeLessThanOrEqual(0.051);
      expect(Number(each.conversions) / Number(each.clicks)).toBeGreaterThanOrEqual(0.09);
      expect(Number(each.conversions) / Number(each.clicks)).toBeLessThanOrEqual(0.41);
    }
  });
});
