import { afterEach, describe, expect, it } from 'vitest';
import { startStandInGoogleAds, type StandInGoogleAds } from '../../../../test/stand-in-google-ads.js';
import type { AdCampaign } from '../ad-network.js';
import { GoogleAdsClient } from './google-ads-client.js';
import {
  adGroupAdsQuery,
  adGroupCreate,
  adGroupsQuery,
  appAdCreate,
  budgetAmountUpdate,
  budgetByNameQuery,
  budgetCreate,
  campaignByNameQuery,
  campaignCreate,
  campaignRemove,
  campaignStatusUpdate,
  idOfResource,
  languageCreates,
  locationCreates,
  microsOf,
  moneyOfMicros,
  reportQuery,
  reviewQuery,
  targetCpaUpdate,
  type CampaignByNameRow,
  type ReportRow,
  type ReviewRow,
} from './google-ads-operations.js';

const campaign: AdCampaign = {
  id: 123,
  store: 1,
  package: 'com.example.game',
  dailyBudget: '25.5000',
  targetCpi: '0.1500',
  days: 5,
  countries: ['DE', 'US', 'CU'],
  languages: ['english', 'spanish'],
  headline1: 'Play the best game',
  headline2: 'Free to start',
  description: 'A puzzle game for everyone',
  deeplink: null,
  accountId: 1,
};

describe('micros', () => {
  it('convert decimal money exactly, beyond what a float holds', () => {
    expect(microsOf('0.15')).toBe('150000');
    expect(microsOf('0.1500')).toBe('150000');
    expect(microsOf('10')).toBe('10000000');
    expect(microsOf('0.0001')).toBe('100');
    expect(microsOf('9999999999.9999')).toBe('9999999999999900');
    expect(() => microsOf('0.15001')).toThrow();
    expect(() => microsOf('1e3')).toThrow();
  });

  it('read back as money with 4 places, half away from zero', () => {
    expect(moneyOfMicros('1230000')).toBe('1.2300');
    expect(moneyOfMicros('1234567')).toBe('1.2346');
    expect(moneyOfMicros('49')).toBe('0.0000');
    expect(moneyOfMicros('50')).toBe('0.0001');
    expect(moneyOfMicros(0)).toBe('0.0000');
    expect(moneyOfMicros('9999999999999999')).toBe('10000000000.0000');
  });
});

describe('operations', () => {
  it('build the App campaign for its days from the start day, or open-ended', () => {
    const create = (
      campaignCreate(campaign, 'customers/1/campaignBudgets/2', '2026-11-28') as { create: object }
    ).create;
    expect(create).toEqual({
      name: 'Storelift #123',
      status: 'ENABLED',
      advertisingChannelType: 'MULTI_CHANNEL',
      advertisingChannelSubType: 'APP_CAMPAIGN',
      campaignBudget: 'customers/1/campaignBudgets/2',
      targetCpa: { targetCpaMicros: '150000' },
      appCampaignSetting: {
        appId: 'com.example.game',
        appStore: 'GOOGLE_APP_STORE',
        biddingStrategyGoalType: 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
      },
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
      startDateTime: '2026-11-28 00:00:00',
      endDateTime: '2026-12-02 23:59:59',
    });
    const unlimited = campaignCreate(
      { ...campaign, days: null },
      'customers/1/campaignBudgets/2',
      '2026-12-31',
    );
    expect(unlimited).toMatchObject({ create: { startDateTime: '2026-12-31 00:00:00' } });
    expect('endDateTime' in (unlimited as { create: object }).create).toBe(false);
    expect(() => campaignCreate(campaign, 'customers/1/campaignBudgets/2', '2026-02-30')).toThrow();
  });

  it('put an App Store app on Apple’s store by its numeric id', () => {
    const ios = campaignCreate(
      { ...campaign, store: 2, package: '284882215' },
      'customers/1/campaignBudgets/2',
      '2026-11-28',
    );
    expect(ios).toMatchObject({
      create: { appCampaignSetting: { appId: '284882215', appStore: 'APPLE_APP_STORE' } },
    });
  });

  it('target the countries Google Ads can target, and refuse a set with none', () => {
    expect(locationCreates('customers/1/campaigns/3', campaign.countries)).toEqual([
      {
        create: {
          campaign: 'customers/1/campaigns/3',
          location: { geoTargetConstant: 'geoTargetConstants/2276' },
        },
      },
      {
        create: {
          campaign: 'customers/1/campaigns/3',
          location: { geoTargetConstant: 'geoTargetConstants/2840' },
        },
      },
    ]);
    expect(() => locationCreates('customers/1/campaigns/3', ['CU', 'IR'])).toThrow(/None of the countries/);
    expect(languageCreates('customers/1/campaigns/3', ['english', 'russian', 'english'])).toEqual([
      {
        create: {
          campaign: 'customers/1/campaigns/3',
          language: { languageConstant: 'languageConstants/1000' },
        },
      },
      {
        create: {
          campaign: 'customers/1/campaigns/3',
          language: { languageConstant: 'languageConstants/1031' },
        },
      },
    ]);
  });
});

describe('queries', () => {
  it('are the GAQL the network sends, with checked values only', () => {
    expect(reportQuery([11, '12'], '2026-11-27', '2026-11-28')).toBe(
      "SELECT campaign.id, segments.date, user_location_view.country_criterion_id, metrics.impressions, metrics.clicks, metrics.conversions, metrics.cost_micros FROM user_location_view WHERE segments.date BETWEEN '2026-11-27' AND '2026-11-28' AND campaign.id IN (11, 12)",
    );
    expect(campaignByNameQuery(123)).toBe(
      "SELECT campaign.resource_name, campaign_budget.resource_name FROM campaign WHERE campaign.name = 'Storelift #123'",
    );
    expect(() => reportQuery(['1) OR (1'], '2026-11-27', '2026-11-28')).toThrow();
    expect(() => reportQuery([], '2026-11-27', '2026-11-28')).toThrow();
    expect(() => reportQuery([1], "2026-11-27' OR '", '2026-11-28')).toThrow();
    expect(() => adGroupsQuery("customers/1/campaigns/2' OR '1'='1")).toThrow();
    expect(() => reviewQuery([])).toThrow();
  });
});

describe('against the stand-in Google Ads', () => {
  let ads: StandInGoogleAds;
  afterEach(async () => {
    expect(ads.violations).toEqual([]);
    await ads.close();
  });

  it('build, find, change and remove a campaign as Google accepts it', async () => {
    ads = await startStandInGoogleAds({ disapprove: { 'free money': 'UNRELIABLE_CLAIMS' } });
    const client = new GoogleAdsClient(ads.options);
    const cid = ads.customerId;
    const [budget] = await client.mutate(cid, 'campaignBudgets', [budgetCreate(campaign)]);
    const [created] = await client.mutate(cid, 'campaigns', [
      campaignCreate(campaign, budget!.resourceName, '2026-11-28'),
    ]);
    const campaignName = created!.resourceName;
    await client.mutate(cid, 'campaignCriteria', [
      ...locationCreates(campaignName, campaign.countries),
      ...languageCreates(campaignName, campaign.languages),
    ]);
    const [adGroup] = await client.mutate(cid, 'adGroups', [adGroupCreate(campaign, campaignName)]);
    const [ad] = await client.mutate(cid, 'adGroupAds', [
      appAdCreate({ ...campaign, description: 'Free money every day' }, adGroup!.resourceName),
    ]);

    expect(await client.search<CampaignByNameRow>(cid, campaignByNameQuery(campaign.id))).toEqual([
      { campaign: { resourceName: campaignName }, campaignBudget: { resourceName: budget!.resourceName } },
    ]);
    expect(await client.search(cid, adGroupsQuery(campaignName))).toEqual([
      { adGroup: { resourceName: adGroup!.resourceName } },
    ]);
    expect(await client.search(cid, adGroupAdsQuery(adGroup!.resourceName))).toEqual([
      { adGroupAd: { resourceName: ad!.resourceName } },
    ]);
    expect(await client.search(cid, budgetByNameQuery(campaign.id))).toEqual([
      { campaignBudget: { resourceName: budget!.resourceName } },
    ]);
    expect(ads.budgets.get(budget!.resourceName)?.amountMicros).toBe(25_500_000n);
    expect(ads.appAds.get(ad!.resourceName)?.headlines).toEqual(['Play the best game', 'Free to start']);

    const id = idOfResource(campaignName);
    const [review] = await client.search<ReviewRow>(cid, reviewQuery([id]));
    expect(review?.adGroupAd.policySummary).toEqual({
      approvalStatus: 'DISAPPROVED',
      reviewStatus: 'REVIEWED',
      policyTopicEntries: [{ topic: 'UNRELIABLE_CLAIMS', type: 'PROHIBITED' }],
    });

    await client.mutate(cid, 'campaigns', [campaignStatusUpdate(campaignName, 'PAUSED')]);
    await client.mutate(cid, 'campaigns', [targetCpaUpdate(campaignName, '0.25')]);
    await client.mutate(cid, 'campaignBudgets', [budgetAmountUpdate(budget!.resourceName, '30')]);
    expect(ads.campaigns.get(campaignName)).toMatchObject({ status: 'PAUSED', targetCpaMicros: 250_000n });
    expect(ads.budgets.get(budget!.resourceName)?.amountMicros).toBe(30_000_000n);

    const row: ReportRow = {
      campaign: { id },
      segments: { date: '2026-11-28' },
      userLocationView: { countryCriterionId: '2276' },
      metrics: { impressions: '100', clicks: '5', conversions: 1, costMicros: '1230000' },
    };
    ads.setReport(cid, [row, { ...row, segments: { date: '2026-11-30' } }]);
    const report = await client.search<ReportRow>(cid, reportQuery([id], '2026-11-28', '2026-11-29'));
    expect(report.map((each) => [each.segments.date, moneyOfMicros(each.metrics.costMicros ?? '0')])).toEqual(
      [['2026-11-28', '1.2300']],
    );

    await client.mutate(cid, 'campaigns', [campaignRemove(campaignName)]);
    expect(ads.campaigns.get(campaignName)?.status).toBe('REMOVED');
  });
});
