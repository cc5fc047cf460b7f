import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES,
  DAY_MS,
  addDays,
  cpiTargetCountries,
  dayInZone,
  geoTargetOf,
  parseMoney,
  type AdminCampaign,
  type Campaign,
} from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser } from '../../../../test/factories.js';
import { startStandInGoogleAds, type StandInGoogleAds } from '../../../../test/stand-in-google-ads.js';
import { campaignGoogleAds, cpiAccounts, notices } from '../../../db/schema/index.js';
import type { ReportRow } from '../../../providers/ad-network/google-ads/google-ads-operations.js';
import type { GoogleAdsNetwork } from '../../../providers/ad-network/google-ads/google-ads-network.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { startWaiting } from '../delivery/campaigns.delivery.js';
import { lockCampaign } from '../campaigns.repo.js';
import { cpiSweep } from './campaigns.cpi-charging.js';
import { adCampaignOf, cpiNetworkOf } from './campaigns.cpi-network.js';
import { findCpi } from './campaigns.cpi-repo.js';
import { googleAdsReportPass } from './campaigns.google-ads-report.js';
import { syncGoogleAds } from './campaigns.google-ads-sync.js';
import { DEMO_APPS } from '../../../providers/store/offline/demo-apps.js';

/*
 * CPI on Google Ads through HTTP against the stand-in Google Ads API (test/stand-in-google-ads.ts), configured
 * as the real API would be (GOOGLE_ADS_*), in a deployment without sandboxes: start, pause, resume, stop, a
 * budget change, a retried start, the hourly report billing each final day once, refusals reaching the
 * customer and staff, the ledger clean.
 */

const CUSTOMER = '1234567890';
const ZONE = 'America/New_York';

let t: TestApp;
let ads: StandInGoogleAds;
let admin: Awaited<ReturnType<typeof makeUser>>;

const cpiBody = (overrides: Record<string, unknown> = {}) => ({
  productType: 4,
  packageId: DEMO_APPS.googlePlay.fitness,
  appstore: 1,
  country: 'US',
  cpiGeo: ['europe'],
  cpiLevels: ['high'],
  cpiHeadline1: 'FitPulse workouts',
  cpiHeadline2: 'Train at home',
  cpiAdAssets: 'Short home workouts without equipment, a step counter and weekly plans.',
  ...overrides,
});

async function customer(money = '100') {
  const made = await makeUser(t.deps.db);
  await makeApp(t.deps, made.user.id);
  await makeTopUp(t.deps.db, made.user.id, money);
  return made;
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function order(who: Customer, body: object = cpiBody()): Promise<Campaign> {
  const res = await t.call('POST', 'campaigns', who.auth, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const act = (who: Customer, id: number, action: string) =>
  t.call('GET', `campaigns/${id}/${action}`, who.auth);
const stateOf = async (id: number) =>
  (await t.deps.db.select().from(campaignGoogleAds).where(eq(campaignGoogleAds.campaign_id, id)))[0]!;
const staffView = async (id: number): Promise<AdminCampaign> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/v1/campaigns/${id}`,
    headers: admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const googleCampaign = async (id: number) => ads.campaigns.get((await stateOf(id)).campaign_resource!)!;
const noticesOf = (userId: number, key: string) =>
  t.deps.db
    .select()
    .from(notices)
    .where(and(eq(notices.user_id, userId), eq(notices.key, key)));

/** A report row of the stand-in: a campaign's date in a country. */
function row(
  googleId: string,
  date: string,
  country: string,
  costMicros: number,
  conversions: number,
): ReportRow {
  return {
    campaign: { id: googleId },
    segments: { date },
    userLocationView: { countryCriterionId: String(geoTargetOf(country)) },
    metrics: { impressions: '1000', clicks: '40', conversions, costMicros: String(costMicros) },
  };
}

beforeAll(async () => {
  ads = await startStandInGoogleAds({
    customers: { [CUSTOMER]: ZONE },
    disapprove: { 'free money': 'UNRELIABLE_CLAIMS' },
  });
  t = await buildTestApp({ workers: false, config: { sandbox: false, googleAds: ads.options } });
  admin = await makeUser(t.deps.db, { roles: ['admin', 'user'] });
  await t.deps.db.insert(cpiAccounts).values({
    id_key: '123-456-7890',
    name: 'Google Ads main',
    network: 'google-ads',
    daily_limit: '100000',
  });
});
afterAll(async () => {
  await t?.close();
  await ads?.close();
});

describe('Google Ads network', () => {
  let who: Customer;
  let campaign: Campaign;
  beforeAll(async () => {
    who = await customer();
  });

  it('lets production order CPI once Google Ads is configured', async () => {
    const res = await t.call('GET', 'constants', who.auth);
    expect(res.json().data.orderableProductTypes).toContain(4);
  });

  it('starts a campaign as an App campaign: budget, campaign, a criterion per country, ad group, app ad', async () => {
    campaign = await order(who);
    expect(campaign.status).toBe('active');
    const state = await stateOf(campaign.id);
    expect(state.customer_id).toBe(CUSTOMER);
    expect(state.time_zone).toBe(ZONE);
    expect(state.start_date).toBe(dayInZone(ZONE, new Date()));
    const google = await googleCampaign(campaign.id);
    expect(google).toMatchObject({
      name: `Storelift #${campaign.id}`,
      status: 'ENABLED',
      targetCpaMicros: 150000n,
    });
    expect(google.appId).toBe(DEMO_APPS.googlePlay.fitness);
    expect(google.endDateTime).toBe(`${addDays(state.start_date!, 6)} 23:59:59`);
    expect(ads.budgets.get(state.budget_resource!)!.amountMicros).toBe(10_000_000n);
    const countries = cpiTargetCountries({ geo: ['europe'], levels: ['high'] }).filter((c) => geoTargetOf(c));
    expect(Object.keys(state.criteria).sort()).toEqual(countries.sort());
    const made = [...ads.criteria.values()].filter((c) => c.campaign === google.resourceName);
    expect(made.filter((c) => c.geoTargetConstant)).toHaveLength(countries.length);
    expect(made.filter((c) => c.languageConstant).map((c) => c.languageConstant)).toEqual([
      'languageConstants/1000',
    ]);
    const ad = ads.appAds.get(state.ad_resource!)!;
    expect(ad.headlines).toEqual(['FitPulse workouts', 'Train at home']);
    expect(ads.violations).toEqual([]);
    const staff = await staffView(campaign.id);
    expect(staff.vendor).toBe('Google Ads');
    expect(staff.google_ads).toMatchObject({ customer_id: CUSTOMER, status: 'ENABLED' });
  });

  it('pauses, resumes and follows a budget and target change', async () => {
    expect((await act(who, campaign.id, 'pause')).statusCode).toBe(200);
    expect((await googleCampaign(campaign.id)).status).toBe('PAUSED');
    expect((await act(who, campaign.id, 'resume')).statusCode).toBe(200);
    expect((await googleCampaign(campaign.id)).status).toBe('ENABLED');
    // The product edits no running campaign's terms: the network follows a change when one is made.
    const network = cpiNetworkOf(t.deps.db, t.config) as GoogleAdsNetwork;
    const row = (await lockCampaign(t.deps.db, campaign.id))!;
    const ad = adCampaignOf(row, (await findCpi(t.deps.db, campaign.id))!);
    await network.changeTerms(
      { ...ad, dailyBudget: '25', targetCpi: '0.3' },
      { dailyBudget: true, targetCpi: true },
    );
    const state = await stateOf(campaign.id);
    expect(ads.budgets.get(state.budget_resource!)!.amountMicros).toBe(25_000_000n);
    expect((await googleCampaign(campaign.id)).targetCpaMicros).toBe(300_000n);
    expect(ads.violations).toEqual([]);
  });

  it('a retried start finds what exists and creates nothing twice', async () => {
    const counts = () => [
      ads.budgets.size,
      ads.campaigns.size,
      ads.criteria.size,
      ads.adGroups.size,
      ads.appAds.size,
    ];
    const before = counts();
    // The names were lost (a start cut off before its transaction committed): found by name at Google.
    await t.deps.db
      .update(campaignGoogleAds)
      .set({
        campaign_resource: null,
        budget_resource: null,
        criteria: {},
        ad_group_resource: null,
        ad_resource: null,
      })
      .where(eq(campaignGoogleAds.campaign_id, campaign.id));
    const network = cpiNetworkOf(t.deps.db, t.config) as GoogleAdsNetwork;
    const row = (await lockCampaign(t.deps.db, campaign.id))!;
    await network.sync(adCampaignOf(row, (await findCpi(t.deps.db, campaign.id))!));
    expect(counts()).toEqual(before);
    const state = await stateOf(campaign.id);
    expect(state.campaign_resource).toBe((await googleCampaign(campaign.id)).resourceName);
    expect(state.ad_resource).not.toBeNull();
    expect(Object.keys(state.criteria).length).toBeGreaterThan(5);
  });

  it('a start the API refuses waits in pending with the reason; the retry reuses what was made', async () => {
    const other = await customer();
    ads.failNext({ kind: 'target' });
    const refused = await order(other);
    expect(refused.status).toBe('pending');
    expect(refused.price).toBe('20.0000');
    const details = (await t.call('GET', `campaigns/${refused.id}`, other.auth)).json().data as Campaign;
    expect(details.status_history!.at(-1)!.reason).toBe(CAMPAIGN_MESSAGES.campaignAdNetworkTarget);
    expect(await noticesOf(other.user.id, 'cpiTargetRefused')).toHaveLength(1);
    const staff = await staffView(refused.id);
    expect(staff.google_ads).toMatchObject({ error_kind: 'target' });
    expect(staff.google_ads!.error_detail).toMatch(/rangeError|biddingError/);
    const budgets = ads.budgets.size;
    // Within the hour the API is not asked again; after it, the start goes on from the stored budget.
    const soon = new Date(Date.now() + 60_000);
    await syncGoogleAds(t.deps, undefined, soon);
    await startWaiting(t.deps, refused.id, soon);
    expect((await stateOf(refused.id)).campaign_resource).toBeNull();
    const later = new Date(Date.now() + 2 * 3_600_000);
    await syncGoogleAds(t.deps, undefined, later);
    await startWaiting(t.deps, refused.id, later);
    const started = (await t.call('GET', `campaigns/${refused.id}`, other.auth)).json().data as Campaign;
    expect(started.status).toBe('active');
    expect(ads.budgets.size).toBe(budgets);
    expect((await stateOf(refused.id)).error_kind).toBeNull();
    expect(await noticesOf(other.user.id, 'cpiTargetRefused')).toHaveLength(1);
    expect(ads.violations).toEqual([]);
  });

  it('bills each final day once by the report, and not before the pass after its end', async () => {
    const payer = await customer('100');
    const running = await order(payer);
    const state = await stateOf(running.id);
    const googleId = state.campaign_resource!.split('/').at(-1)!;
    const start = state.start_date!;
    ads.setReport(CUSTOMER, [
      row(googleId, start, 'DE', 7_300_000, 40.6),
      row(googleId, start, 'FR', 1_200_000, 5),
      row(googleId, addDays(start, 1), 'DE', 9_990_000, 60),
      row(googleId, addDays(start, 2), 'GB', 30_000_000, 100),
    ]);
    const startedAt = Date.parse(running.started_at!);
    // Day 1 has ended on the campaign's clock, but no pass has read it after its end: nothing is billed.
    const day1 = new Date(startedAt + DAY_MS + 4 * 3_600_000);
    await cpiSweep(t.deps, day1);
    expect((await findCpi(t.deps.db, running.id))!.spent).toBe('0.0000');
    await googleAdsReportPass(t.deps, day1);
    expect((await stateOf(running.id)).final_through).toBe(start);
    await cpiSweep(t.deps, day1);
    await cpiSweep(t.deps, day1);
    expect((await findCpi(t.deps.db, running.id))!.spent).toBe('8.5000');
    const day = (await t.call('GET', `campaigns/${running.id}`, payer.auth)).json().data as Campaign;
    expect(day.orders![0]!.sequence[0]).toMatchObject({ day: 1, installs_actual: 45 });
    // Days 2 and 3: 9.99 then 30, past the 20 prepaid: the rest is charged from the balance, once.
    const day3 = new Date(startedAt + 3 * DAY_MS + 4 * 3_600_000);
    await googleAdsReportPass(t.deps, day3);
    await cpiSweep(t.deps, day3);
    await cpiSweep(t.deps, day3);
    expect((await findCpi(t.deps.db, running.id))!.spent).toBe('48.4900');
    const main = (await balancesOf(t.deps.db, payer.user.id)).main;
    expect(parseMoney(main)).toBe(parseMoney('100') - parseMoney('48.4900'));
    expect(ads.violations).toEqual([]);
  });

  it('a disapproved ad reaches the customer (plain words) and staff (the review)', async () => {
    const owner = await customer();
    const running = await order(owner);
    ads.setReview((await stateOf(running.id)).campaign_resource!, 'DISAPPROVED', ['UNRELIABLE_CLAIMS']);
    await googleAdsReportPass(t.deps, new Date());
    await googleAdsReportPass(t.deps, new Date());
    expect(await noticesOf(owner.user.id, 'cpiAdRefused')).toHaveLength(1);
    const staff = (await staffView(running.id)).google_ads!;
    expect(staff).toMatchObject({ approval_status: 'DISAPPROVED', error_kind: 'policy' });
    expect(staff.policy_topics).toEqual(['UNRELIABLE_CLAIMS']);
    expect(staff.error_detail).toContain('UNRELIABLE_CLAIMS');
    // An ad refused at its creation: the campaign waits, the customer is told what to do.
    ads.failNext({ kind: 'policy', topic: 'UNRELIABLE_CLAIMS' });
    const refused = await order(owner, cpiBody({ cpiHeadline2: 'Free money now' }));
    expect(refused.status).toBe('pending');
    expect(await noticesOf(owner.user.id, 'cpiAdRefused')).toHaveLength(2);
    expect((await staffView(refused.id)).google_ads!.error_kind).toBe('policy');
    // Canceled while waiting: refunded at once, and what its start built at Google is removed.
    expect((await googleCampaign(refused.id)).status).toBe('ENABLED');
    expect((await act(owner, refused.id, 'cancel')).statusCode).toBe(200);
    expect((await googleCampaign(refused.id)).status).toBe('REMOVED');
    expect(await balancesOf(t.deps.db, owner.user.id)).toMatchObject({ main: '80.0000' });
  });

  it('stops a campaign on cancel (REMOVED) and a never-started one needs nothing', async () => {
    const owner = await customer();
    const running = await order(owner);
    expect((await act(owner, running.id, 'cancel')).statusCode).toBe(200);
    expect((await googleCampaign(running.id)).status).toBe('REMOVED');
    expect((await stateOf(running.id)).status).toBe('REMOVED');
    expect(ads.violations).toEqual([]);
  });

  it('an expired refresh token shows on every campaign; staff are told once; nothing is billed', async () => {
    const owner = await customer();
    const running = await order(owner);
    ads.revokeRefreshToken();
    ads.revokeAccessTokens();
    const later = new Date(Date.parse(running.started_at!) + 2 * DAY_MS);
    await googleAdsReportPass(t.deps, later);
    await googleAdsReportPass(t.deps, later);
    expect((await stateOf(running.id)).error_kind).toBe('auth');
    expect((await stateOf(campaign.id)).error_kind).toBe('auth');
    expect((await staffView(running.id)).google_ads!.error_detail).toContain('invalid_grant');
    expect(await noticesOf(admin.user.id, 'googleAdsAccessLost')).toHaveLength(1);
    const report = await t.call('GET', `campaigns/${running.id}/cpi-report`, owner.auth);
    if (report.statusCode === 200) expect(report.json().data.ad.problem).toBe('auth');
    await cpiSweep(t.deps, later);
    expect((await findCpi(t.deps.db, running.id))!.spent).toBe('0.0000');
  });

  it('keeps the ledger check clean', async () => {
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    const rows = await t.deps.db.execute(sql`select count(*)::int as n from cpi_stats`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('on the sandbox Google Ads (the embedded default)', () => {
  let s: TestApp;
  beforeAll(async () => {
    // A sandbox day every 2 s: the server's own sandbox Google Ads over HTTP, as the demo runs it.
    s = await buildTestApp({ workers: false, listen: true, config: { vendorSandboxSpeed: 43_200 } });
  });
  afterAll(() => s?.close());

  it('builds, reports and bills the same way', async () => {
    const owner = await makeUser(s.deps.db);
    await makeApp(s.deps, owner.user.id);
    await makeTopUp(s.deps.db, owner.user.id, '100');
    const res = await s.call('POST', 'campaigns', owner.auth, cpiBody({ cpiBudget: '50', cpiTarget: '2' }));
    expect(res.statusCode, res.body).toBe(201);
    const ordered: Campaign = res.json().data;
    expect(ordered.status).toBe('active');
    const state = (
      await s.deps.db.select().from(campaignGoogleAds).where(eq(campaignGoogleAds.campaign_id, ordered.id))
    )[0]!;
    expect(state).toMatchObject({ status: 'ENABLED', wanted: 'ENABLED' });
    // Two sandbox days and the margin pass: day 1 is final and billed by what the sandbox reported of it.
    await new Promise((resolve) => setTimeout(resolve, 2 * 2000 + 2000 + 1500));
    const now = new Date();
    await googleAdsReportPass(s.deps, now);
    const read = (
      await s.deps.db.select().from(campaignGoogleAds).where(eq(campaignGoogleAds.campaign_id, ordered.id))
    )[0]!;
    expect(read.final_through! >= read.start_date!).toBe(true);
    await cpiSweep(s.deps, now);
    const view = (await s.call('GET', `campaigns/${ordered.id}`, owner.auth)).json().data as Campaign;
    const settled = view.cpi!.days_settled;
    expect(settled).toBeGreaterThanOrEqual(1);
    const last = addDays(read.start_date!, settled - 1);
    expect(last <= read.final_through!).toBe(true);
    const billed = await s.deps.db.execute(
      sql`select coalesce(sum(cost_micros), 0)::text as cost from cpi_stats
        where campaign_id = ${ordered.id} and date between ${read.start_date} and ${last}`,
    );
    const cost = BigInt((billed as unknown as { rows: { cost: string }[] }).rows[0]!.cost);
    expect(cost).toBeGreaterThan(0n);
    // Whole cents a day: the spend billed is exactly the cost the sandbox reported of the settled days.
    expect(parseMoney(view.cpi!.spent)).toBe(cost / 100n);
    expect((await checkLedger(s.deps.db)).problems).toEqual([]);
  });
});
