import {
  addDays,
  geoTargetOf,
  isCalendarDay,
  MONEY_SCALE,
  parseMoney,
  formatMoney,
  type Money,
} from '@storelift/shared';
import type { AdCampaign } from '../ad-network.js';
import type { GoogleAdsOperation } from './google-ads-client.js';

/*
 * What the Google Ads network sends (README.md "Google Ads"): the mutate operations that build and change a CPI
 * campaign as a Google Ads App campaign, and the GAQL queries it reads them back with. Pure functions: no I/O.
 * Field names and enums are the REST (JSON) names of the API version the client names; int64 values travel as
 * decimal strings, as Google's JSON does.
 */

/** Micros per money unit; our money has 4 decimals, so a money value is micros / 100. */
const MICROS_PER_MONEY_STEP = 1_000_000n / MONEY_SCALE;

/** An amount (decimal string, at most 4 places) in micros, exactly: "0.15" → "150000". */
export function microsOf(amount: string): string {
  return (parseMoney(amount) * MICROS_PER_MONEY_STEP).toString();
}

/** Micros (as Google reports cost) as money (ten-thousandths), half away from zero. */
export function moneyOfMicrosValue(micros: bigint): Money {
  const abs = micros < 0n ? -micros : micros;
  const rounded = (abs + MICROS_PER_MONEY_STEP / 2n) / MICROS_PER_MONEY_STEP;
  return micros < 0n ? -rounded : rounded;
}

/** The same as a money text with 4 places: "1234567" → "1.2346". */
export function moneyOfMicros(micros: string | number): string {
  return formatMoney(moneyOfMicrosValue(BigInt(micros)));
}

/** Names at Google: how a retried start finds what an earlier attempt created. */
export const campaignName = (id: number) => `Storelift #${id}`;
export const budgetName = (id: number) => `Storelift #${id} budget`;
export const adGroupName = (id: number) => `Storelift #${id} ad group`;

/** The id at the end of a resource name (`customers/1/campaigns/42` → "42"). */
export function idOfResource(resourceName: string): string {
  return resourceName.slice(resourceName.lastIndexOf('/') + 1);
}

/** The daily budget of the campaign alone (App campaigns cannot share one). */
export function budgetCreate(campaign: AdCampaign): GoogleAdsOperation {
  return {
    create: {
      name: budgetName(campaign.id),
      amountMicros: microsOf(campaign.dailyBudget),
      deliveryMethod: 'STANDARD',
      explicitlyShared: false,
    },
  };
}

export function budgetAmountUpdate(budgetResourceName: string, dailyBudget: string): GoogleAdsOperation {
  return {
    update: { resourceName: budgetResourceName, amountMicros: microsOf(dailyBudget) },
    updateMask: 'amountMicros',
  };
}

/**
 * The App campaign: installs at a target cost per install (target CPA = our target CPI), from `startDate` (a day
 * of the account's time zone, YYYY-MM-DD) for the campaign's days, or open-ended when it runs until stopped.
 */
export function campaignCreate(
  campaign: AdCampaign,
  budgetResourceName: string,
  startDate: string,
  status: 'ENABLED' | 'PAUSED' = 'ENABLED',
): GoogleAdsOperation {
  if (!isCalendarDay(startDate)) throw new Error(`Not a day: ${startDate}`);
  return {
    create: {
      name: campaignName(campaign.id),
      status,
      advertisingChannelType: 'MULTI_CHANNEL',
      advertisingChannelSubType: 'APP_CAMPAIGN',
      campaignBudget: budgetResourceName,
      targetCpa: { targetCpaMicros: microsOf(campaign.targetCpi) },
      appCampaignSetting: {
        appId: campaign.package,
        appStore: campaign.store === 2 ? 'APPLE_APP_STORE' : 'GOOGLE_APP_STORE',
        biddingStrategyGoalType: 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
      },
      // Required since the EU political advertising rules; ours are app ads.
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
      // Daily granularity: the whole first and last day (the account's time zone).
      startDateTime: `${startDate} 00:00:00`,
      ...(campaign.days === null ? {} : { endDateTime: `${addDays(startDate, campaign.days - 1)} 23:59:59` }),
    },
  };
}

/** Pause or resume; a stop removes the campaign ({@link campaignRemove}): REMOVED cannot be set by an update. */
export function campaignStatusUpdate(
  campaignResourceName: string,
  status: 'ENABLED' | 'PAUSED',
): GoogleAdsOperation {
  return { update: { resourceName: campaignResourceName, status }, updateMask: 'status' };
}

export function campaignRemove(campaignResourceName: string): GoogleAdsOperation {
  return { remove: campaignResourceName };
}

export function targetCpaUpdate(campaignResourceName: string, targetCpi: string): GoogleAdsOperation {
  return {
    update: { resourceName: campaignResourceName, targetCpa: { targetCpaMicros: microsOf(targetCpi) } },
    updateMask: 'targetCpa.targetCpaMicros',
  };
}

/** The geo target constants of the countries Google Ads can target (the others are left out). */
export function geoTargetConstants(countries: readonly string[]): string[] {
  return [...new Set(countries)]
    .map(geoTargetOf)
    .filter((id): id is number => id !== null)
    .map((id) => `geoTargetConstants/${id}`);
}

/**
 * One location criterion per country Google Ads can target. A campaign with no location criterion would run
 * worldwide, so countries none of which can be targeted are refused.
 */
export function locationCreates(
  campaignResourceName: string,
  countries: readonly string[],
): GoogleAdsOperation[] {
  const constants = geoTargetConstants(countries);
  if (!constants.length) throw new Error(`None of the countries can be targeted: ${countries.join(', ')}`);
  return constants.map((geoTargetConstant) => ({
    create: { campaign: campaignResourceName, location: { geoTargetConstant } },
  }));
}

/** Google's language constants of the ad languages the wizard offers (CPI_LANGUAGES). */
const LANGUAGE_CONSTANTS: Readonly<Record<string, number>> = { english: 1000, spanish: 1003, russian: 1031 };

/** One language criterion per ad language (an App campaign shows its ads to users of these languages). */
export function languageCreates(
  campaignResourceName: string,
  languages: readonly string[],
): GoogleAdsOperation[] {
  return [...new Set(languages)]
    .filter((language) => language in LANGUAGE_CONSTANTS)
    .map((language) => ({
      create: {
        campaign: campaignResourceName,
        language: { languageConstant: `languageConstants/${LANGUAGE_CONSTANTS[language]}` },
      },
    }));
}

/** The App campaign's ad group: no type (Google sets it) and no bids of its own. */
export function adGroupCreate(campaign: AdCampaign, campaignResourceName: string): GoogleAdsOperation {
  return { create: { name: adGroupName(campaign.id), campaign: campaignResourceName, status: 'ENABLED' } };
}

/** The app ad: the two headlines and the description, as text assets. */
export function appAdCreate(campaign: AdCampaign, adGroupResourceName: string): GoogleAdsOperation {
  return {
    create: {
      adGroup: adGroupResourceName,
      status: 'ENABLED',
      ad: {
        appAd: {
          headlines: [{ text: campaign.headline1 }, { text: campaign.headline2 }],
          descriptions: [{ text: campaign.description }],
        },
      },
    },
  };
}

/* GAQL: values put into a query are checked to be what they claim (digits, days, resource names). */

const RESOURCE_NAME = /^customers\/\d+\/[A-Za-z]+\/[\d~]+$/;
const quoted = (resourceName: string) => {
  if (!RESOURCE_NAME.test(resourceName)) throw new Error(`Not a resource name: ${resourceName}`);
  return `'${resourceName}'`;
};
const idList = (ids: readonly (number | string)[]) => {
  if (!ids.length || ids.some((id) => !/^\d{1,20}$/.test(String(id))))
    throw new Error(`Not campaign ids: ${ids.join(', ')}`);
  return `(${ids.join(', ')})`;
};
const day = (text: string) => {
  if (!isCalendarDay(text)) throw new Error(`Not a day: ${text}`);
  return `'${text}'`;
};

/** The account's time zone: its report days are this zone's dates. */
export const TIME_ZONE_QUERY = 'SELECT customer.time_zone FROM customer';

export const campaignByNameQuery = (id: number) =>
  `SELECT campaign.resource_name, campaign_budget.resource_name FROM campaign WHERE campaign.name = '${campaignName(Number(id))}'`;

/** The budget of a start cut off between the budget and the campaign. */
export const budgetByNameQuery = (id: number) =>
  `SELECT campaign_budget.resource_name FROM campaign_budget WHERE campaign_budget.name = '${budgetName(Number(id))}'`;

export const adGroupsQuery = (campaignResourceName: string) =>
  `SELECT ad_group.resource_name FROM ad_group WHERE campaign.resource_name = ${quoted(campaignResourceName)}`;

export const adGroupAdsQuery = (adGroupResourceName: string) =>
  `SELECT ad_group_ad.resource_name FROM ad_group_ad WHERE ad_group.resource_name = ${quoted(adGroupResourceName)}`;

export const locationCriteriaQuery = (campaignResourceName: string) =>
  `SELECT campaign_criterion.resource_name, campaign_criterion.location.geo_target_constant FROM campaign_criterion WHERE campaign.resource_name = ${quoted(campaignResourceName)}`;

/** The hourly report of an account: per campaign, day and country, from `from` to `to` (account days). */
export const reportQuery = (campaignIds: readonly (number | string)[], from: string, to: string) =>
  `SELECT campaign.id, segments.date, user_location_view.country_criterion_id, metrics.impressions, metrics.clicks, metrics.conversions, metrics.cost_micros FROM user_location_view WHERE segments.date BETWEEN ${day(from)} AND ${day(to)} AND campaign.id IN ${idList(campaignIds)}`;

/** The policy review of the campaigns' ads. */
export const reviewQuery = (campaignIds: readonly (number | string)[]) =>
  `SELECT campaign.id, ad_group_ad.policy_summary.approval_status, ad_group_ad.policy_summary.review_status, ad_group_ad.policy_summary.policy_topic_entries FROM ad_group_ad WHERE campaign.id IN ${idList(campaignIds)}`;

/* The rows those queries answer (camelCase JSON; int64 as strings, doubles as numbers). */

export interface TimeZoneRow {
  customer: { resourceName?: string; timeZone: string };
}

export interface CampaignByNameRow {
  campaign: { resourceName: string };
  campaignBudget: { resourceName: string };
}

export interface BudgetByNameRow {
  campaignBudget: { resourceName: string };
}

export interface AdGroupRow {
  adGroup: { resourceName: string };
}

export interface AdGroupAdRow {
  adGroupAd: { resourceName: string };
}

export interface LocationCriterionRow {
  campaignCriterion: { resourceName: string; location?: { geoTargetConstant: string } };
}

export interface ReportRow {
  campaign: { resourceName?: string; id: string };
  segments: { date: string };
  userLocationView: { resourceName?: string; countryCriterionId: string };
  /** Absent fields are zero (Google leaves out zero values). */
  metrics: { impressions?: string; clicks?: string; conversions?: number; costMicros?: string };
}

export type PolicyApprovalStatus =
  'UNSPECIFIED' | 'UNKNOWN' | 'DISAPPROVED' | 'APPROVED_LIMITED' | 'APPROVED' | 'AREA_OF_INTEREST_ONLY';
export type PolicyReviewStatus =
  'UNSPECIFIED' | 'UNKNOWN' | 'REVIEW_IN_PROGRESS' | 'REVIEWED' | 'UNDER_APPEAL' | 'ELIGIBLE_MAY_SERVE';

export interface ReviewRow {
  campaign: { resourceName?: string; id: string };
  adGroupAd: {
    resourceName?: string;
    policySummary?: {
      approvalStatus?: PolicyApprovalStatus;
      reviewStatus?: PolicyReviewStatus;
      policyTopicEntries?: { topic?: string; type?: string }[];
    };
  };
}
