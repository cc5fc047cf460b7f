import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DAY_MS, type Campaign, type CpiEstimate, type CpiReport } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../../test/factories.js';
import { campaignCpi, campaignGoogleAds, cpiStats } from '../../../db/schema/index.js';
import { DEMO_APPS } from '../../../providers/store/offline/demo-apps.js';

let t: TestApp;

const cpiBody = {
  productType: 4,
  packageId: DEMO_APPS.googlePlay.fitness,
  appstore: 1,
  country: 'US',
  cpiGeo: ['europe'],
  cpiLevels: ['high'],
  cpiCountry: ['DE', 'FR'],
  cpiHeadline1: 'FitPulse workouts',
  cpiHeadline2: 'Train at home',
  cpiAdAssets: 'Short home workouts without equipment, a step counter and weekly plans.',
};

async function customer() {
  const user = await makeUser(t.deps.db);
  await makeApp(t.deps, user.user.id);
  await makeTopUp(t.deps.db, user.user.id, '100');
  return user;
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function order(who: Customer, body: object): Promise<Campaign> {
  const res = await t.call('POST', 'campaigns', who.auth, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = dateOf(Date.now());
const yesterday = dateOf(Date.now() - DAY_MS);

/** Two days in DE and FR as the hourly report writes them (conversions fractional, cost in micros). */
async function reportRows(campaignId: number) {
  const row = (
    date: string,
    country: string,
    impressions: number,
    clicks: number,
    conversions: string,
    cost: bigint,
  ) => ({
    campaign_id: campaignId,
    date,
    country,
    impressions,
    clicks,
    conversions,
    cost_micros: cost,
  });
  await t.deps.db
    .insert(cpiStats)
    .values([
      row(yesterday, 'DE', 1000, 50, '10.00', 1_500_000n),
      row(yesterday, 'FR', 400, 10, '2.50', 600_000n),
      row(today, 'DE', 2000, 30, '3.00', 1_000_000n),
    ]);
}

describe('GET campaigns/{id}/cpi-report', () => {
  let owner: Customer;
  let campaign: Campaign;
  beforeAll(async () => {
    owner = await customer();
    campaign = await order(owner, cpiBody);
    await reportRows(campaign.id);
  });

  it('answers per day and per country figures with exact ratios, pacing, the ad, charges and refund', async () => {
    // The order's start made the row (the ad network in tests is the server's own sandbox): the review and a refusal.
    const review = {
      time_zone: 'UTC',
      approval_status: 'DISAPPROVED',
      review_status: 'REVIEWED',
      policy_topics: ['TRADEMARKS_IN_AD_TEXT'],
      error_kind: 'policy',
      error_detail: 'policyFindingError: POLICY_FINDING',
      error_at: new Date('2026-11-28T10:00:00Z'),
    };
    await t.deps.db
      .insert(campaignGoogleAds)
      .values({ campaign_id: campaign.id, customer_id: '1234567890', ...review })
      .onConflictDoUpdate({ target: campaignGoogleAds.campaign_id, set: review });
    const res = await t.call('GET', `campaigns/${campaign.id}/cpi-report`, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    const report: CpiReport = res.json().data;
    expect(report.target_cpi).toBe('0.1500');
    expect(report.countries).toEqual(['DE', 'FR']);
    expect(report.totals).toEqual({
      impressions: 3400,
      clicks: 90,
      installs: '15.50',
      spend: '3.1000',
      ctr: '2.65',
      conversion_rate: '17.22',
      cpi: '0.2000',
    });
    expect(report.days).toEqual([
      {
        date: yesterday,
        impressions: 1400,
        clicks: 60,
        installs: '12.50',
        spend: '2.1000',
        ctr: '4.29',
        conversion_rate: '20.83',
        cpi: '0.1680',
      },
      {
        date: today,
        impressions: 2000,
        clicks: 30,
        installs: '3.00',
        spend: '1.0000',
        ctr: '1.50',
        conversion_rate: '10.00',
        cpi: '0.3333',
      },
    ]);
    expect(
      report.by_country.map((row) => [row.country, row.spend, row.ctr, row.conversion_rate, row.cpi]),
    ).toEqual([
      ['DE', '2.5000', '2.67', '16.25', '0.1923'],
      ['FR', '0.6000', '2.50', '25.00', '0.2400'],
    ]);
    expect(report.pacing).toEqual({ date: today, spent: '1.0000', daily_budget: '10.0000', percent: 10 });
    expect(report.ad).toEqual({
      headline1: 'FitPulse workouts',
      headline2: 'Train at home',
      description: cpiBody.cpiAdAssets,
      approval_status: 'DISAPPROVED',
      review_status: 'REVIEWED',
      policy_topics: ['TRADEMARKS_IN_AD_TEXT'],
      problem: 'policy',
      problem_at: '2026-11-28T10:00:00.000Z',
    });
    // The start charge: twice the daily budget, one posting.
    expect(report.charges.map((charge) => [charge.type, charge.amount])).toEqual([
      ['campaign_charge', '-20.0000'],
    ]);
    expect(report.refund).toEqual({ prepaid_left: '20.0000', due_at: null, refunded_at: null });
  });

  it('My campaigns lists a CPI campaign’s country count and spend so far', async () => {
    await t.deps.db.execute(sql`update campaign_cpi set spent = 2.1 where campaign_id = ${campaign.id}`);
    const res = await t.call('GET', 'campaigns?limit=100', owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    const listed: Campaign[] = res.json().data;
    expect(listed.find((row) => row.id === campaign.id)?.cpi_summary).toEqual({
      countries: 2,
      spent: '2.1000',
    });
  });

  it('shows the refund a cancel left due, then the refund made', async () => {
    const other = await order(owner, cpiBody);
    const due = new Date('2026-12-01T09:00:00Z');
    await t.deps.db
      .update(campaignCpi)
      .set({ refund_due_at: due })
      .where(eq(campaignCpi.campaign_id, other.id));
    const read = async (): Promise<CpiReport> =>
      (await t.call('GET', `campaigns/${other.id}/cpi-report`, owner.auth)).json().data;
    expect((await read()).refund).toEqual({
      prepaid_left: '20.0000',
      due_at: due.toISOString(),
      refunded_at: null,
    });
    const made = new Date('2026-12-01T09:00:05Z');
    await t.deps.db
      .update(campaignCpi)
      .set({ refunded_at: made })
      .where(eq(campaignCpi.campaign_id, other.id));
    expect((await read()).refund.refunded_at).toBe(made.toISOString());
    expect((await read()).totals).toMatchObject({
      impressions: 0,
      installs: '0.00',
      spend: '0.0000',
      ctr: null,
      cpi: null,
    });
  });

  it('is 404 for another user’s campaign and for a campaign of another type', async () => {
    const stranger = await customer();
    expect((await t.call('GET', `campaigns/${campaign.id}/cpi-report`, stranger.auth)).statusCode).toBe(404);
    const installs = await order(owner, directInstallsBody({ packageId: DEMO_APPS.googlePlay.fitness }));
    expect((await t.call('GET', `campaigns/${installs.id}/cpi-report`, owner.auth)).statusCode).toBe(404);
    expect((await t.call('GET', 'campaigns/0/cpi-report', owner.auth)).statusCode).toBe(422);
  });
});

describe('GET campaigns/cpi-estimate', () => {
  let owner: Customer;
  beforeAll(async () => {
    owner = await customer();
    const campaign = await order(owner, cpiBody);
    await reportRows(campaign.id);
  });
  const estimate = async (who: Customer, query: string): Promise<CpiEstimate> => {
    const res = await t.call('GET', `campaigns/cpi-estimate?${query}`, who.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('answers the benchmark ranges by tier and warns when the target is below one', async () => {
    const stranger = await customer();
    const { rows } = await estimate(stranger, 'appstore=1&countries=DE,fr,PL,US&target=0.15');
    expect(rows).toEqual([
      {
        source: 'benchmark',
        tier: 'northAmericaOceania',
        countries: ['US'],
        min: '1.2000',
        max: '3.5000',
        installs: null,
        below: true,
      },
      {
        source: 'benchmark',
        tier: 'westernEurope',
        countries: ['DE', 'FR'],
        min: '0.8000',
        max: '2.5000',
        installs: null,
        below: true,
      },
      {
        source: 'benchmark',
        tier: 'restOfEurope',
        countries: ['PL'],
        min: '0.2000',
        max: '0.9000',
        installs: null,
        below: true,
      },
    ]);
    const ios = await estimate(stranger, 'appstore=2&countries=PL&target=0.5');
    expect(ios.rows).toEqual([expect.objectContaining({ min: '0.4000', max: '1.5000', below: false })]);
  });

  it('replaces a country’s range by the customer’s own figures once they have enough installs', async () => {
    const { rows } = await estimate(owner, 'appstore=1&countries=DE,FR&target=0.19');
    // DE: 13 installs for 2.50 (0.1923 each); FR: 2.5 installs, too few, stays on the benchmark.
    expect(rows).toEqual([
      {
        source: 'own',
        tier: 'westernEurope',
        countries: ['DE'],
        min: '0.1923',
        max: '0.1923',
        installs: '13.00',
        below: true,
      },
      {
        source: 'benchmark',
        tier: 'westernEurope',
        countries: ['FR'],
        min: '0.8000',
        max: '2.5000',
        installs: null,
        below: true,
      },
    ]);
    const other = await estimate(owner, 'appstore=2&countries=DE');
    expect(other.rows).toEqual([
      expect.objectContaining({ source: 'benchmark', countries: ['DE'], below: false }),
    ]);
  });

  it('is 422 on unknown countries and a bad target', async () => {
    const bad = await t.call('GET', 'campaigns/cpi-estimate?appstore=1&countries=DE,XX', owner.auth);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toContain('countries');
    const target = await t.call(
      'GET',
      'campaigns/cpi-estimate?appstore=1&countries=DE&target=-1',
      owner.auth,
    );
    expect(target.statusCode).toBe(422);
  });
});
