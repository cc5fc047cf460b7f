import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DAY_MS,
  addDays,
  CAMPAIGN_MESSAGES,
  cpiDraftSchema,
  cpiTargetCountries,
  formatMoney,
  parseMoney,
  statisticsDay,
  type Campaign,
  type ProductStatisticsResponse,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../../test/factories.js';
import { campaigns, campaignGoogleAds, cpiAccounts } from '../../../db/schema/index.js';
import type { AdCampaign, AdControl, AdNetwork } from '../../../providers/ad-network/ad-network.js';
import type { ReportRow } from '../../../providers/ad-network/google-ads/google-ads-operations.js';
import { startStandInGoogleAds, type StandInGoogleAds } from '../../../../test/stand-in-google-ads.js';
import { clockAt } from '../campaigns.plan.js';
import { googleAdsReportPass } from './campaigns.google-ads-report.js';
import { DEMO_APPS } from '../../../providers/store/offline/demo-apps.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { cpiSweep as sweepOnly, refundDue, settleCpi } from './campaigns.cpi-charging.js';
import { deliveryTick as tickOnly } from '../delivery/campaigns.delivery.js';
import { lockCampaign } from '../campaigns.repo.js';

let t: TestApp;
let ads: StandInGoogleAds;

/** A valid CPI order: Europe's high-CPI countries, defaults for budget (10), target (0.15) and days (7). */
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

/** A customer with the demo app tracked and `money` on the main balance. */
async function customer(money: string) {
  const user = await makeUser(t.deps.db);
  await makeApp(t.deps, user.user.id);
  if (money !== '0') await makeTopUp(t.deps.db, user.user.id, money);
  return {
    auth: user.auth,
    id: user.user.id,
    main: async () => (await balancesOf(t.deps.db, user.user.id)).main,
  };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const call = (who: Customer, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  t.call(method, url, who.auth, body);
async function order(who: Customer, body: object = cpiBody()): Promise<Campaign> {
  const res = await call(who, 'POST', 'campaigns', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function details(who: Customer, id: number): Promise<Campaign> {
  const res = await call(who, 'GET', `campaigns/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/**
 * `days` campaign days after the campaign started, and 4 hours: the report pass then has read the last of
 * those days after it ended (Google's figures settle 3 hours after a day).
 */
const after = (campaign: Campaign, days: number) =>
  new Date(Date.parse(campaign.started_at!) + days * DAY_MS + 4 * 3_600_000);
/**
 * What Google Ads reports of a whole day of a campaign on the defaults (10 a day at 0.15): the whole installs
 * the budget buys at the target, 80-100 % of them (fixed per campaign and day), each at the target.
 */
function reported(id: number, day: number) {
  const whole = Math.floor((66 * (80 + ((id * 31 + day * 17) % 21))) / 100);
  return { installs: whole, spend: formatMoney(parseMoney('0.15') * BigInt(whole)) };
}

/**
 * The stand-in Google Ads reports each day a campaign's clock has ended (in DE), then the hourly pass reads
 * them at `at`: what charging bills next.
 */
async function report(at: Date) {
  const rows: ReportRow[] = [];
  const running = await t.deps.db
    .select({
      id: campaigns.id,
      progress_ms: campaigns.progress_ms,
      clock_at: campaigns.clock_at,
      g: campaignGoogleAds,
    })
    .from(campaignGoogleAds)
    .innerJoin(campaigns, eq(campaigns.id, campaignGoogleAds.campaign_id));
  for (const c of running) {
    if (!c.g.campaign_resource || !c.g.start_date) continue;
    const days = Math.floor(clockAt(c, at, 1) / DAY_MS);
    for (let day = 1; day <= days; day += 1) {
      const figures = reported(c.id, day);
      rows.push({
        campaign: { id: c.g.campaign_resource.split('/').at(-1)! },
        segments: { date: addDays(c.g.start_date, day - 1) },
        userLocationView: { countryCriterionId: '2276' },
        metrics: { conversions: figures.installs, costMicros: String(parseMoney(figures.spend) * 100n) },
      });
    }
  }
  ads.setReport(ads.customerId, rows);
  await googleAdsReportPass(t.deps, at);
}
const cpiSweep = async (deps: TestApp['deps'], at: Date) => {
  await report(at);
  return sweepOnly(deps, at);
};
const deliveryTick = async (deps: TestApp['deps'], at: Date) => {
  await report(at);
  return tickOnly(deps, at);
};
const spendOf = (id: number, day: number) => parseMoney(reported(id, day).spend);
const installsOf = (id: number, day: number) => reported(id, day).installs;
const money = (value: string) => parseMoney(value);

beforeAll(async () => {
  ads = await startStandInGoogleAds();
  t = await buildTestApp({ workers: false, config: { vendorSandboxSpeed: 1, googleAds: ads.options } });
  await t.deps.db
    .insert(cpiAccounts)
    .values({ id_key: ads.customerId, name: 'Google Ads', network: 'google-ads', daily_limit: '1000000' });
});
afterAll(async () => {
  expect(ads.violations).toEqual([]);
  await t.close();
  await ads.close();
});

describe('CPI target countries (shared)', () => {
  it('resolves GEO groups and CPI levels to country codes', () => {
    const europeHigh = cpiTargetCountries({ geo: ['europe'], levels: ['high'] });
    expect(europeHigh).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'NO']));
    expect(europeHigh).not.toContain('PL');
    expect(europeHigh).not.toContain('US');
    expect(cpiTargetCountries({ levels: ['high'] })).toEqual(expect.arrayContaining(['US', 'JP', 'DE']));
    expect(cpiTargetCountries({ geo: ['worldwide'] }).length).toBe(
      cpiTargetCountries({ levels: ['high', 'medium', 'low'] }).length,
    );
    expect(cpiTargetCountries({})).toEqual([]);
    expect(cpiTargetCountries({ geo: ['africa'], levels: ['high'] })).toEqual([]);
  });
  it('lets the wizard check a step with the same rules', () => {
    const result = cpiDraftSchema.safeParse({ cpiHeadline1: 'Same', cpiHeadline2: 'same', cpiGeo: ['asia'] });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['cpiHeadline2', 'cpiAdAssets']));
  });
});

describe('POST campaigns (CPI) rules', () => {
  let who: Customer;
  beforeAll(async () => {
    who = await customer('100');
  });
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no headline 1', { cpiHeadline1: undefined }, 'cpiHeadline1', 'Headline 1 is required'],
    ['an empty headline 2', { cpiHeadline2: '  ' }, 'cpiHeadline2', 'Headline 2 is required'],
    ['no description', { cpiAdAssets: undefined }, 'cpiAdAssets', 'Description is required'],
    [
      'a short headline',
      { cpiHeadline1: 'ab' },
      'cpiHeadline1',
      'A headline must be from 3 to 30 characters',
    ],
    [
      'a long headline',
      { cpiHeadline2: long(31) },
      'cpiHeadline2',
      'A headline must be from 3 to 30 characters',
    ],
    [
      'a short description',
      { cpiAdAssets: 'ab' },
      'cpiAdAssets',
      'The description must be from 3 to 90 characters',
    ],
    [
      'a long description',
      { cpiAdAssets: long(91) },
      'cpiAdAssets',
      'The description must be from 3 to 90 characters',
    ],
    [
      'headline 2 equal to headline 1',
      { cpiHeadline2: 'fitpulse WORKOUTS ' },
      'cpiHeadline2',
      'Headline 1, headline 2 and the description must all be different',
    ],
    [
      'a description equal to a headline',
      { cpiAdAssets: 'Train at home' },
      'cpiAdAssets',
      'Headline 1, headline 2 and the description must all be different',
    ],
    ['4 days', { cpiDays: 4 }, 'cpiDays', 'Duration must be from 5 to 30 days'],
    ['31 days', { cpiDays: 31 }, 'cpiDays', 'Duration must be from 5 to 30 days'],
    ['days as text', { cpiDays: 'seven' }, 'cpiDays', 'Duration must be from 5 to 30 days'],
    [
      'a budget in parts of a cent (Google Ads takes whole cents)',
      { cpiBudget: '10.005' },
      'cpiBudget',
      'Daily budget must be from 1 to 100000 with at most 2 decimals',
    ],
    [
      'a zero budget',
      { cpiBudget: 0 },
      'cpiBudget',
      'Daily budget must be from 1 to 100000 with at most 2 decimals',
    ],
    [
      'a budget as words',
      { cpiBudget: 'ten' },
      'cpiBudget',
      'Daily budget must be from 1 to 100000 with at most 2 decimals',
    ],
    [
      'a target CPI in parts of a cent',
      { cpiTarget: '0.155' },
      'cpiTarget',
      'Target CPI must be from 0.01 to 100 with at most 2 decimals',
    ],
    [
      'a budget below the target CPI',
      { cpiBudget: '1', cpiTarget: '2' },
      'cpiBudget',
      'Daily budget must be at least the target CPI',
    ],
    [
      'no target countries',
      { cpiGeo: [], cpiLevels: undefined },
      'cpiGeo',
      'Choose target countries: a GEO group or a CPI level',
    ],
    [
      'targets that match no country',
      { cpiGeo: ['africa'], cpiLevels: ['high'] },
      'cpiGeo',
      'No country matches the chosen GEO groups and CPI levels',
    ],
    [
      'a promotion country outside the targets',
      { cpiCountry: ['DE', 'US'] },
      'cpiCountry',
      'Promotion countries must be among the target countries',
    ],
    ['no language', { cpiLanguages: [] }, 'cpiLanguages', 'Choose at least one language'],
    [
      'an http deep link',
      { deeplink: 'http://fitpulse.example/open' },
      'deeplink',
      'The deep link must be an https URL',
    ],
    ['notes not in English', { description: 'Привет' }, 'description', 'Notes must be in English'],
    ['an empty delayed start', { start_at: '' }, 'start_at', 'Date or time is empty'],
  ];
  it.each(cases)(
    'refuses %s with 422 on its field and writes nothing',
    async (_name, overrides, field, message) => {
      const res = await call(who, 'POST', 'campaigns', cpiBody(overrides));
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)[field]).toContain(message);
      const [row] = await t.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaigns)
        .where(eq(campaigns.user_id, who.id));
      expect(row!.n).toBe(0);
      expect(await who.main()).toBe('100.0000');
    },
  );
  it('refuses an unknown promotion country or GEO group on the list item', async () => {
    let res = await call(who, 'POST', 'campaigns', cpiBody({ cpiCountry: ['DE', 'ZZ'] }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)['cpiCountry.1']).toEqual(['Country is not valid']);
    res = await call(who, 'POST', 'campaigns', cpiBody({ cpiGeo: ['mars'] }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)['cpiGeo.0']).toEqual(['Data is not valid']);
  });
  it('orders without days or installs: the budget decides them', async () => {
    const res = await call(
      who,
      'POST',
      'campaigns/quote',
      cpiBody({ cpiDays: 5, cpiBudget: '3', cpiTarget: 0.2 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      unit_price: '0.2000',
      price: '6.0000',
      installs_total: 75,
      sequence: [15, 15, 15, 15, 15],
    });
  });
});

describe('ordering and charging CPI', () => {
  it('starts with a charge of twice the daily budget and shows the CPI details', async () => {
    const who = await customer('100');
    const campaign = await order(
      who,
      cpiBody({ cpiCountry: ['de', 'FR'], deeplink: 'https://fitpulse.example/open' }),
    );
    expect(campaign).toMatchObject({
      status: 'active',
      type: 4,
      price: '20.0000',
      unit_price: '0.1500',
      days: 7,
    });
    expect(await who.main()).toBe('80.0000');
    expect(campaign.cpi).toMatchObject({
      daily_budget: '10.0000',
      target_cpi: '0.1500',
      days: 7,
      unlimited_duration: false,
      countries: ['DE', 'FR'],
      languages: ['english'],
      prepaid_left: '20.0000',
      unpaid: '0.0000',
      deeplink: 'https://fitpulse.example/open',
    });
    expect(campaign.orders![0]!.sequence.map((day) => day.installs_total)).toEqual(Array(7).fill(66));
    expect(campaign.status_history!.map((h) => h.to)).toEqual(['draft', 'pending', 'active']);
  });

  it('refuses an order the balance cannot start, and writes nothing', async () => {
    const who = await customer('15');
    const res = await call(who, 'POST', 'campaigns', cpiBody());
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).balance).toEqual(['Not enough money on the balance, please top up']);
    expect(await who.main()).toBe('15.0000');
  });

  it('saves a draft and delays a start without charging', async () => {
    const who = await customer('100');
    const draft = await order(who, cpiBody({ draft: true, unlimited_duration: true }));
    expect(draft.status).toBe('draft');
    expect(draft.cpi).toMatchObject({ days: null, unlimited_duration: true });
    const delayed = await order(who, cpiBody({ start_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(delayed.status).toBe('delayed');
    expect(await who.main()).toBe('100.0000');
  });

  it('pays each day from the prepayment first, then from the balance, once', async () => {
    const who = await customer('100');
    const c = await order(who);
    const [s1, s2, s3] = [spendOf(c.id, 1), spendOf(c.id, 2), spendOf(c.id, 3)];
    await cpiSweep(t.deps, after(c, 1));
    let view = await details(who, c.id);
    expect(view.orders![0]!.sequence[0]!.installs_actual).toBe(installsOf(c.id, 1));
    expect(view.cpi!.prepaid_left).toBe(formatMoney(money('20') - s1));
    expect(await who.main()).toBe('80.0000');

    await deliveryTick(t.deps, after(c, 2));
    await deliveryTick(t.deps, after(c, 3));
    // Running the jobs again at the same time charges nothing more.
    await cpiSweep(t.deps, after(c, 3));
    await deliveryTick(t.deps, after(c, 3));
    view = await details(who, c.id);
    const fromBalance = s1 + s2 + s3 - money('20');
    expect(await who.main()).toBe(formatMoney(money('80') - fromBalance));
    expect(view.cpi).toMatchObject({ prepaid_left: '0.0000', unpaid: '0.0000', days_settled: 3 });
    expect(view.cpi!.spent).toBe(formatMoney(s1 + s2 + s3));
    expect(view.installs_actual).toBe([1, 2, 3].reduce((sum, d) => sum + installsOf(c.id, d), 0));
    expect(view.status).toBe('active');
  });

  it('completes after its days and refunds the unused prepayment at once', async () => {
    const who = await customer('100');
    const c = await order(who, cpiBody({ cpiDays: 5 }));
    await cpiSweep(t.deps, after(c, 6));
    const view = await details(who, c.id);
    expect(view.status).toBe('completed');
    const spent = [1, 2, 3, 4, 5].reduce((sum, d) => sum + spendOf(c.id, d), 0n);
    expect(view.cpi!.spent).toBe(formatMoney(spent));
    expect(await who.main()).toBe(formatMoney(money('100') - spent));
  });

  it('grows the sequence of an unlimited campaign day by day', async () => {
    const who = await customer('100');
    const c = await order(who, cpiBody({ unlimited_duration: true }));
    expect(c.days).toBe(0);
    await cpiSweep(t.deps, after(c, 2));
    const view = await details(who, c.id);
    expect(view.status).toBe('active');
    expect(view.orders![0]!.sequence.map((d) => d.installs_total)).toEqual([66, 66]);
    expect(view.installs_total).toBe(132);
  });

  it('pauses on a short balance and resumes only after a top-up', async () => {
    const who = await customer('21');
    const c = await order(who);
    await cpiSweep(t.deps, after(c, 5));
    let view = await details(who, c.id);
    expect(view.status).toBe('pause');
    const pause = view.status_history!.at(-1)!;
    expect(pause).toMatchObject({ from: 'active', to: 'pause', actor_id: null });
    expect(pause.reason).toMatch(/^The balance cannot cover the spend of day 3: \d+\.\d{4} unpaid$/);
    expect(view.cpi!.days_settled).toBe(3);
    expect(await who.main()).toBe('1.0000');
    const owed = spendOf(c.id, 1) + spendOf(c.id, 2) + spendOf(c.id, 3) - money('20');
    expect(view.cpi!.unpaid).toBe(formatMoney(owed));
    // A paused campaign spends nothing: a later sweep changes nothing.
    await cpiSweep(t.deps, after(c, 7));
    expect((await details(who, c.id)).cpi!.days_settled).toBe(3);

    const refused = await call(who, 'GET', `campaigns/${c.id}/resume`);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).balance).toEqual(['Not enough money on the balance, please top up']);
    expect((await details(who, c.id)).status).toBe('pause');

    await makeTopUp(t.deps.db, who.id, '50');
    const resumed = await call(who, 'GET', `campaigns/${c.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    view = resumed.json().data;
    expect(view.status).toBe('active');
    expect(view.cpi!.unpaid).toBe('0.0000');
    expect(view.status_history!.at(-1)!.reason).toBe(`Paid ${formatMoney(owed)} of unpaid spend`);
    expect(await who.main()).toBe(formatMoney(money('51') - owed));
  });

  it('refunds the unused prepayment 24 hours after a cancel, once', async () => {
    const who = await customer('100');
    const c = await order(who);
    await cpiSweep(t.deps, after(c, 1));
    const canceled = await call(who, 'GET', `campaigns/${c.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const view: Campaign = canceled.json().data;
    expect(view.status).toBe('canceled');
    const held = money('20') - spendOf(c.id, 1);
    expect(view.cpi!.prepaid_left).toBe(formatMoney(held));
    const due = Date.parse(view.cpi!.refund_due_at!);
    expect(due - Date.parse(view.finished_at!)).toBe(DAY_MS);
    expect(view.status_history!.at(-1)!.reason).toBe(
      `${formatMoney(held)} of the prepayment is refunded at ${view.cpi!.refund_due_at}`,
    );

    await cpiSweep(t.deps, new Date(due - 60_000));
    await refundDue(t.deps, c.id, new Date(due - 60_000));
    expect(await who.main()).toBe('80.0000');

    await refundDue(t.deps, c.id, new Date(due + 1000));
    await cpiSweep(t.deps, new Date(due + 2000));
    expect(await who.main()).toBe(formatMoney(money('80') + held));
    const done = await details(who, c.id);
    expect(done.cpi).toMatchObject({
      prepaid_left: '0.0000',
      refunded_at: new Date(due + 1000).toISOString(),
    });
    expect(done.status_history!.at(-1)).toMatchObject({
      from: 'canceled',
      to: 'canceled',
      reason: `Refunded ${formatMoney(held)} of the prepayment`,
    });
    const jobs = await t.database.sql.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'campaigns.cpi-refund' and data->>'campaignId' = $1`,
      [String(c.id)],
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(1);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('clones into a CPI draft with the same terms and a fresh plan', async () => {
    const who = await customer('100');
    const c = await order(who, cpiBody({ unlimited_duration: true, cpiBudget: '3' }));
    await cpiSweep(t.deps, after(c, 2));
    const res = await call(who, 'POST', `campaigns/${c.id}/clone`);
    expect(res.statusCode, res.body).toBe(201);
    const clone: Campaign = res.json().data;
    expect(clone).toMatchObject({
      status: 'draft',
      type: 4,
      price: '6.0000',
      unit_price: '0.1500',
      installs_total: 0,
    });
    expect(clone.cpi).toMatchObject({ daily_budget: '3.0000', unlimited_duration: true, spent: '0.0000' });
    expect(clone.orders![0]!.sequence).toEqual([]);
    const started = await call(who, 'GET', `campaigns/${clone.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.cpi.prepaid_left).toBe('6.0000');
  });

  it("refuses another user's CPI campaign", async () => {
    const owner = await customer('100');
    const other = await customer('100');
    const c = await order(owner);
    for (const action of ['cancel', 'pause', 'resume'])
      expect((await call(other, 'GET', `campaigns/${c.id}/${action}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `campaigns/${c.id}`)).statusCode).toBe(404);
    expect((await details(owner, c.id)).status).toBe('active');
  });
});

describe('editing a CPI draft or delayed campaign (PUT campaigns/{id})', () => {
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  it('edits a draft with the POST rules: re-priced, re-planned, status kept, a history row', async () => {
    const who = await customer('100');
    const draft = await order(who, cpiBody({ draft: true }));
    const res = await call(
      who,
      'PUT',
      `campaigns/${draft.id}`,
      cpiBody({
        cpiBudget: '6',
        cpiTarget: '0.2',
        cpiDays: 5,
        cpiGeo: ['asia'],
        cpiLevels: [],
        cpiCountry: ['JP'],
        cpiHeadline1: 'New headline',
        description: 'Spring push',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Campaign saved');
    const edited: Campaign = res.json().data;
    expect(edited).toMatchObject({
      id: draft.id,
      status: 'draft',
      type: 4,
      price: '12.0000',
      unit_price: '0.2000',
      days: 5,
      installs: 30,
      installs_total: 150,
      description: 'Spring push',
    });
    expect(edited.cpi).toMatchObject({
      daily_budget: '6.0000',
      target_cpi: '0.2000',
      days: 5,
      geo: ['asia'],
      levels: [],
      countries: ['JP'],
      headline1: 'New headline',
      refund_due_at: null,
    });
    expect(edited.orders).toHaveLength(1);
    expect(edited.orders![0]!.sequence.map((d) => d.installs_total)).toEqual(Array(5).fill(30));
    expect(edited.status_history!.at(-1)).toMatchObject({ from: 'draft', to: 'draft', reason: 'Edited' });
    // The edited draft starts with the new start charge.
    const started = await call(who, 'GET', `campaigns/${draft.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(await who.main()).toBe('88.0000');
  });

  it('refuses a bad CPI body with 422 on its field and changes nothing', async () => {
    const who = await customer('100');
    const draft = await order(who, cpiBody({ draft: true }));
    for (const [body, field] of [
      [cpiBody({ cpiHeadline2: 'FitPulse workouts' }), 'cpiHeadline2'],
      [cpiBody({ cpiBudget: '0.1' }), 'cpiBudget'],
      [cpiBody({ cpiGeo: [], cpiLevels: [] }), 'cpiGeo'],
      [cpiBody({ description: 'Привет' }), 'description'],
      [cpiBody({ start_at: inHours(0.01) }), 'start_at'],
    ] as const) {
      const res = await call(who, 'PUT', `campaigns/${draft.id}`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)[field]).toBeDefined();
    }
    const view = await details(who, draft.id);
    expect(view).toMatchObject({ price: '20.0000', unit_price: '0.1500' });
    expect(view.status_history).toHaveLength(1);
  });

  it('reschedules a delayed CPI campaign; it needs a start time and starts at the new one', async () => {
    const who = await customer('100');
    const delayed = await order(who, cpiBody({ start_at: inHours(1) }));
    expect(delayed.status).toBe('delayed');
    const missing = await call(who, 'PUT', `campaigns/${delayed.id}`, cpiBody({ cpiBudget: '5' }));
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing).start_at).toEqual(['Date or time is empty']);

    const startAt = inHours(3);
    const res = await call(
      who,
      'PUT',
      `campaigns/${delayed.id}`,
      cpiBody({ cpiBudget: '5', start_at: startAt }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'delayed', price: '10.0000', start_at: startAt });
    const jobs = await t.database.sql.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'campaigns.start' and data->>'campaignId' = $1`,
      [String(delayed.id)],
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(2);
    // Not at the old time; at the new one, charged 2 × the new budget.
    await deliveryTick(t.deps, new Date(Date.now() + 2 * 3_600_000));
    expect((await details(who, delayed.id)).status).toBe('delayed');
    await deliveryTick(t.deps, new Date(Date.parse(startAt) + 1000));
    const started = await details(who, delayed.id);
    expect(started.status).toBe('active');
    expect(started.cpi!.prepaid_left).toBe('10.0000');
    expect(await who.main()).toBe('90.0000');
  });

  it('keeps the product: a CPI draft does not turn into another product, nor one into CPI', async () => {
    const who = await customer('100');
    const draft = await order(who, cpiBody({ draft: true }));
    const direct = await call(
      who,
      'PUT',
      `campaigns/${draft.id}`,
      directInstallsBody({ installs: 10, days: 2 }),
    );
    expect(direct.statusCode).toBe(422);
    expect(errorsOf(direct).productType).toEqual([CAMPAIGN_MESSAGES.campaignProductFixed]);
    const installs = await order(who, directInstallsBody({ draft: true }));
    const toCpi = await call(who, 'PUT', `campaigns/${installs.id}`, cpiBody());
    expect(toCpi.statusCode).toBe(422);
    expect(errorsOf(toCpi).productType).toEqual([CAMPAIGN_MESSAGES.campaignProductFixed]);
    expect(await details(who, draft.id)).toMatchObject({ type: 4, price: '20.0000' });
    expect(await details(who, installs.id)).toMatchObject({ type: 1 });
  });

  it('refuses to edit a running CPI campaign (409) and another user’s (404)', async () => {
    const who = await customer('100');
    const other = await customer('100');
    const active = await order(who);
    const res = await call(who, 'PUT', `campaigns/${active.id}`, cpiBody({ cpiBudget: '5' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This action is not allowed for a campaign in status active');
    const draft = await order(who, cpiBody({ draft: true }));
    expect((await call(other, 'PUT', `campaigns/${draft.id}`, cpiBody())).statusCode).toBe(404);
  });
});

/** An ad network whose reports a test sets, recording what it is told. */
class ScriptedNetwork implements AdNetwork {
  readonly name = 'Scripted network';
  readonly speed = 1;
  days = new Map<number, { installs: number; spend: string }>();
  told: AdControl[] = [];
  async control(_campaign: AdCampaign, action: AdControl) {
    this.told.push(action);
  }
  async report(_campaign: AdCampaign, day: number) {
    return this.days.get(day) ?? { installs: 0, spend: '0' };
  }
}

describe('billing by what the ad network reports', () => {
  it('bills the reported spend, not installs × target CPI, prepayment first', async () => {
    const who = await customer('100');
    const c = await order(who);
    const network = new ScriptedNetwork();
    // 7 installs that cost 3.3333 (not 7 × 0.15), then a dear day beyond the prepayment left.
    network.days.set(1, { installs: 7, spend: '3.3333' });
    network.days.set(2, { installs: 40, spend: '25' });
    const settle = (at: Date) =>
      t.deps.db.transaction(async (tx) => settleCpi(tx, (await lockCampaign(tx, c.id))!, at, network));

    await settle(after(c, 1));
    let view = await details(who, c.id);
    expect(view).toMatchObject({ installs_actual: 7 });
    expect(view.cpi).toMatchObject({ spent: '3.3333', prepaid_left: '16.6667', days_settled: 1 });
    expect(await who.main()).toBe('80.0000');

    await settle(after(c, 2));
    await settle(after(c, 2));
    view = await details(who, c.id);
    expect(view).toMatchObject({ installs_actual: 47 });
    expect(view.cpi).toMatchObject({ spent: '28.3333', prepaid_left: '0.0000', unpaid: '0.0000' });
    expect(await who.main()).toBe('71.6667');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);

    // Statistics show the same measured spend per day, not installs × target CPI (7 × 0.15 = 1.05).
    // Statistics count Pacific days: the campaign's first and second day, as the page names them.
    const first = statisticsDay(new Date(c.started_at!));
    const second = statisticsDay(new Date(Date.parse(c.started_at!) + DAY_MS));
    const stats = await call(who, 'GET', `statistics/products?from=${first}&to=${second}`);
    expect(stats.statusCode, stats.body).toBe(200);
    const { data } = stats.json() as ProductStatisticsResponse;
    expect(data.days.map((day) => [day.date, day.delivered, day.spend])).toEqual([
      [first, 7, '3.3333'],
      [second, 40, '25.0000'],
    ]);
    expect(data.total).toMatchObject({ delivered: 47, spend: '28.3333' });
  });

  it('tells the network when the campaign stops', async () => {
    const who = await customer('100');
    const c = await order(who, cpiBody({ cpiDays: 5 }));
    const network = new ScriptedNetwork();
    await t.deps.db.transaction(async (tx) =>
      settleCpi(tx, (await lockCampaign(tx, c.id))!, after(c, 6), network),
    );
    expect((await details(who, c.id)).status).toBe('completed');
    expect(network.told).toEqual(['stop']);
    // Nothing reported, nothing spent: the whole prepayment comes back.
    expect(await who.main()).toBe('100.0000');
  });
});

describe('a refund left over from a cancel', () => {
  it('does not refund the prepayment of a restart after a forced draft', async () => {
    const who = await customer('100');
    const admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
    const c = await order(who);
    await cpiSweep(t.deps, after(c, 1));
    const canceled: Campaign = (await call(who, 'GET', `campaigns/${c.id}/cancel`)).json().data;
    const due = Date.parse(canceled.cpi!.refund_due_at!);
    const [job] = (
      await t.database.sql.executeSql(
        `select data from pgboss.job where name = 'campaigns.cpi-refund' and data->>'campaignId' = $1`,
        [String(c.id)],
      )
    ).rows as { data: { campaignId: number; dueAt?: string } }[];
    expect(job!.data.dueAt).toBe(canceled.cpi!.refund_due_at);

    // Staff force it back to draft (the held prepayment is refunded now), the customer starts it again.
    const drafted = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/campaigns/${c.id}/forced-draft`,
      headers: admin,
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect(drafted.json().data.cpi).toMatchObject({ refund_due_at: null, spent: '0.0000' });
    const afterDraft = money(await who.main());
    expect(afterDraft).toBe(money('100') - spendOf(c.id, 1));
    const restarted = await call(who, 'GET', `campaigns/${c.id}/start`);
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json().data.cpi).toMatchObject({ prepaid_left: '20.0000' });

    // The old job at its due time, and the sweep: nothing refunded, the new prepayment intact.
    await refundDue(t.deps, job!.data.campaignId, new Date(due + 1000), job!.data.dueAt);
    await cpiSweep(t.deps, new Date(due + 1000));
    const view = await details(who, c.id);
    expect(view.status).toBe('active');
    expect(view.cpi).toMatchObject({ refunded_at: null });
    expect(view.status_history!.map((h) => h.reason)).not.toContain(
      `Refunded ${view.cpi!.prepaid_left} of the prepayment`,
    );
    expect(money(view.cpi!.prepaid_left) + money(view.cpi!.spent)).toBe(money('20'));
    expect(money(await who.main())).toBe(afterDraft - money('20'));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('staff resume of a CPI campaign paused for short balance', () => {
  it('collects the unpaid spend first: 422 on balance while short, then active', async () => {
    const who = await customer('21');
    const admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
    const staff = (url: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/v1/${url}`, headers: admin });
    const c = await order(who);
    await cpiSweep(t.deps, after(c, 5));
    const paused = await details(who, c.id);
    expect(paused.status).toBe('pause');
    const owed = money(paused.cpi!.unpaid);
    expect(owed).toBeGreaterThan(0n);

    const refused = await staff(`campaigns/${c.id}/resume?reason=Customer%20asked`);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).balance).toEqual(['Please top-up the balance to start the campaign']);
    expect(await details(who, c.id)).toMatchObject({ status: 'pause', cpi: { unpaid: paused.cpi!.unpaid } });

    await makeTopUp(t.deps.db, who.id, '50');
    const resumed = await staff(`campaigns/${c.id}/resume?reason=Customer%20asked`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const view: Campaign = resumed.json().data;
    expect(view.status).toBe('active');
    expect(view.cpi!.unpaid).toBe('0.0000');
    expect(view.status_history!.at(-1)).toMatchObject({
      from: 'pause',
      to: 'active',
      reason: `Customer asked; Paid ${formatMoney(owed)} of unpaid spend`,
    });
    expect(await who.main()).toBe(formatMoney(money('51') - owed));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('GET campaigns/cpi-ad-assets', () => {
  it("suggests ad texts from the app's store listing within the length rules", async () => {
    const who = await customer('0');
    const res = await call(
      who,
      'GET',
      `campaigns/cpi-ad-assets?packageId=${DEMO_APPS.googlePlay.fitness}&appstore=1&country=US`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { text, headlines, descriptions } = res.json().data as {
      text: string;
      headlines: string[];
      descriptions: string[];
    };
    expect(text).toMatch(/^FitPulse is the home workout tracker/);
    expect(headlines.length).toBeGreaterThanOrEqual(2);
    expect(descriptions.length).toBeGreaterThanOrEqual(1);
    expect(headlines.every((h) => h.length >= 3 && h.length <= 30)).toBe(true);
    expect(descriptions.every((d) => d.length >= 3 && d.length <= 90)).toBe(true);
    const all = [...headlines, ...descriptions].map((s) => s.toLowerCase());
    expect(new Set(all).size).toBe(all.length);
    // The suggestions pass the order's rules as they are.
    const ordered = await call(
      who,
      'POST',
      'campaigns/quote',
      cpiBody({ cpiHeadline1: headlines[0], cpiHeadline2: headlines[1], cpiAdAssets: descriptions[0] }),
    );
    expect(ordered.statusCode, ordered.body).toBe(200);
  });
  it('answers 404 for an app the caller does not track and 422 without a package', async () => {
    const who = await customer('0');
    const puzzle = `campaigns/cpi-ad-assets?packageId=${DEMO_APPS.googlePlay.puzzle}&appstore=1`;
    expect((await call(who, 'GET', puzzle)).statusCode).toBe(404);
    const res = await call(who, 'GET', 'campaigns/cpi-ad-assets?appstore=1');
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).packageId).toBeDefined();
  });
});
