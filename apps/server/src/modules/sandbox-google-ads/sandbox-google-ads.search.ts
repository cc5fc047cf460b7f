import { createHash } from 'node:crypto';
import { DAY_MS, countryOfGeoTarget } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { SANDBOX_GOOGLE_ADS_CURRENCY, SANDBOX_GOOGLE_ADS_TIME_ZONE } from './sandbox-google-ads.constants.js';
import { badRequest } from './sandbox-google-ads.errors.js';
import { Fields, camelKeys } from './sandbox-google-ads.fields.js';
import { sandboxAdsDay } from './sandbox-google-ads.figures.js';
import {
  fieldMaskOf,
  matches,
  parseGaql,
  shapeRow,
  type GaqlCondition,
  type GaqlQuery,
  type GaqlRow,
} from './sandbox-google-ads.gaql.js';
import {
  adGroupName,
  adName,
  budgetName,
  campaignName,
  criterionName,
  geoTargetName,
} from './sandbox-google-ads.names.js';
import * as repo from './sandbox-google-ads.repo.js';
import { addDays, daysBetween, policySummaryOf, servedMs, termsOn } from './sandbox-google-ads.state.js';

/*
 * `googleAds:search`: a GAQL query over the customer's resources — customer, campaign_budget, campaign, ad_group,
 * ad_group_ad, campaign_criterion — and the report view user_location_view (per campaign, date and country: impressions,
 * clicks, conversions, cost), whose figures are computed from each campaign's served time
 * (sandbox-google-ads.figures.ts). Pages of 10,000 rows, as Google's.
 */

const PAGE_SIZE = 10_000;

const CUSTOMER_FIELDS = [
  'customer.resource_name',
  'customer.id',
  'customer.time_zone',
  'customer.currency_code',
  'customer.descriptive_name',
  'customer.manager',
];
const BUDGET_FIELDS = [
  'campaign_budget.resource_name',
  'campaign_budget.id',
  'campaign_budget.name',
  'campaign_budget.amount_micros',
  'campaign_budget.status',
  'campaign_budget.delivery_method',
  'campaign_budget.explicitly_shared',
];
const CAMPAIGN_FIELDS = [
  'campaign.resource_name',
  'campaign.id',
  'campaign.name',
  'campaign.status',
  'campaign.advertising_channel_type',
  'campaign.advertising_channel_sub_type',
  'campaign.bidding_strategy_type',
  'campaign.campaign_budget',
  'campaign.app_campaign_setting.app_id',
  'campaign.app_campaign_setting.app_store',
  'campaign.app_campaign_setting.bidding_strategy_goal_type',
  'campaign.target_cpa.target_cpa_micros',
  'campaign.start_date',
  'campaign.end_date',
  'campaign.start_date_time',
  'campaign.end_date_time',
  ...BUDGET_FIELDS,
];
const AD_GROUP_FIELDS = [
  'ad_group.resource_name',
  'ad_group.id',
  'ad_group.name',
  'ad_group.status',
  'ad_group.campaign',
];
const AD_FIELDS = [
  'ad_group_ad.resource_name',
  'ad_group_ad.status',
  'ad_group_ad.ad_group',
  'ad_group_ad.ad.id',
  'ad_group_ad.ad.type',
  'ad_group_ad.ad.app_ad.headlines',
  'ad_group_ad.ad.app_ad.descriptions',
  'ad_group_ad.policy_summary.approval_status',
  'ad_group_ad.policy_summary.review_status',
  'ad_group_ad.policy_summary.policy_topic_entries',
];
const CRITERION_FIELDS = [
  'campaign_criterion.resource_name',
  'campaign_criterion.criterion_id',
  'campaign_criterion.campaign',
  'campaign_criterion.type',
  'campaign_criterion.negative',
  'campaign_criterion.status',
  'campaign_criterion.location.geo_target_constant',
  'campaign_criterion.language.language_constant',
];
const REPORT_FIELDS = [
  'user_location_view.resource_name',
  'user_location_view.country_criterion_id',
  'user_location_view.targeting_location',
  'segments.date',
  'metrics.impressions',
  'metrics.clicks',
  'metrics.conversions',
  'metrics.cost_micros',
];

/** The fields each FROM resource can select and filter on. */
const RESOURCES: Record<string, readonly string[]> = {
  customer: CUSTOMER_FIELDS,
  campaign_budget: BUDGET_FIELDS,
  campaign: CAMPAIGN_FIELDS,
  ad_group: [...AD_GROUP_FIELDS, ...CAMPAIGN_FIELDS],
  ad_group_ad: [...AD_FIELDS, ...AD_GROUP_FIELDS, ...CAMPAIGN_FIELDS],
  campaign_criterion: [...CRITERION_FIELDS, ...CAMPAIGN_FIELDS],
  user_location_view: [...REPORT_FIELDS, ...CAMPAIGN_FIELDS],
};

type CampaignWithBudget = Awaited<ReturnType<typeof repo.listCampaigns>>[number];

function campaignRow(cid: string, { campaign, budget }: CampaignWithBudget): GaqlRow {
  return {
    'campaign.resource_name': campaignName(cid, campaign.id),
    'campaign.id': String(campaign.id),
    'campaign.name': campaign.name,
    'campaign.status': campaign.status,
    'campaign.advertising_channel_type': 'MULTI_CHANNEL',
    'campaign.advertising_channel_sub_type': 'APP_CAMPAIGN',
    'campaign.bidding_strategy_type': 'TARGET_CPA',
    'campaign.campaign_budget': budgetName(cid, budget.id),
    'campaign.app_campaign_setting.app_id': campaign.app_id,
    'campaign.app_campaign_setting.app_store': campaign.app_store,
    'campaign.app_campaign_setting.bidding_strategy_goal_type': campaign.bidding_goal,
    'campaign.target_cpa.target_cpa_micros': String(campaign.target_cpa_micros),
    'campaign.start_date': campaign.start_date,
    'campaign.end_date': campaign.end_date,
    'campaign.start_date_time': `${campaign.start_date} 00:00:00`,
    'campaign.end_date_time': campaign.end_date && `${campaign.end_date} 23:59:59`,
    ...budgetRow(cid, budget),
  };
}

function budgetRow(cid: string, budget: repo.BudgetRow): GaqlRow {
  return {
    'campaign_budget.resource_name': budgetName(cid, budget.id),
    'campaign_budget.id': String(budget.id),
    'campaign_budget.name': budget.name,
    'campaign_budget.amount_micros': String(budget.amount_micros),
    'campaign_budget.status': budget.status,
    'campaign_budget.delivery_method': budget.delivery_method,
    'campaign_budget.explicitly_shared': budget.explicitly_shared,
  };
}

/** Conditions on one resource's fields: the campaign ones narrow the campaigns before anything else is read. */
const conditionsOn = (conditions: GaqlCondition[], prefix: string) =>
  conditions.filter((condition) => condition.field.startsWith(prefix));

/** The date range a report query filters on (`segments.date BETWEEN a AND b`, or `>=` and `<=`). */
function dateRangeOf(conditions: GaqlCondition[]): [string, string] {
  const dates = conditions.filter((condition) => condition.field === 'segments.date');
  const between = dates.find((condition) => condition.operator === 'BETWEEN');
  const from = between?.values[0] ?? dates.find((condition) => condition.operator === '>=')?.values[0];
  const to = between?.values[1] ?? dates.find((condition) => condition.operator === '<=')?.values[1];
  if (from === undefined || to === undefined)
    throw badRequest(
      'queryError',
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'Expected a filter on segments.date with a finite range (BETWEEN).',
    );
  for (const date of [from, to])
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      throw badRequest('queryError', 'INVALID_DATE_FORMAT', `Invalid date in the query: ${String(date)}.`);
  return [from as string, to as string];
}

/** The report rows of the campaigns, made as they are read: per served date in the range and country. */
async function reportRows(
  deps: Deps,
  cid: string,
  campaigns: CampaignWithBudget[],
  range: [string, string],
  now: Date,
) {
  const ids = campaigns.map(({ campaign }) => campaign.id);
  const [criteria, adGroups] = await Promise.all([
    repo.criteriaOf(deps.db, ids),
    repo.adGroupsOf(deps.db, ids),
  ]);
  const ads = await repo.adsOf(
    deps.db,
    adGroups.filter((group) => group.status === 'ENABLED').map((group) => group.id),
  );
  return (function* () {
    for (const each of campaigns) {
      const { campaign } = each;
      // It serves with an enabled ad group holding an enabled ad its review does not refuse.
      const groups = new Set(
        adGroups
          .filter((group) => group.campaign_id === campaign.id && group.status === 'ENABLED')
          .map((group) => group.id),
      );
      if (
        !ads.some((ad) => groups.has(ad.ad_group_id) && ad.status === 'ENABLED' && !ad.policy_topics.length)
      )
        continue;
      const criterionOf = new Map<string, number>();
      for (const criterion of criteria) {
        const country = countryOfGeoTarget(criterion.criterion_id);
        if (
          criterion.campaign_id === campaign.id &&
          criterion.type === 'LOCATION' &&
          !criterion.negative &&
          country
        )
          criterionOf.set(country, criterion.criterion_id);
      }
      const countries = [...criterionOf.keys()];
      const served = servedMs(campaign, now, deps.config.vendorSandboxSpeed);
      const first = Math.max(daysBetween(campaign.start_date, range[0]), 0);
      let last = Math.min(daysBetween(campaign.start_date, range[1]), Math.floor(served / DAY_MS));
      if (campaign.end_date) last = Math.min(last, daysBetween(campaign.start_date, campaign.end_date));
      const base = campaignRow(cid, each);
      for (let day = first; day <= last; day++) {
        const date = addDays(campaign.start_date, day);
        const terms = termsOn(campaign.terms, day);
        const figures = sandboxAdsDay(
          {
            id: campaign.id,
            appStore: campaign.app_store,
            budgetMicros: BigInt(terms.budgetMicros),
            targetCpaMicros: BigInt(terms.targetCpaMicros),
            countries,
          },
          date,
          served - day * DAY_MS,
        );
        for (const country of figures) {
          const criterionId = String(criterionOf.get(country.country));
          yield {
            ...base,
            'user_location_view.resource_name': `customers/${cid}/userLocationViews/${criterionId}~true`,
            'user_location_view.country_criterion_id': criterionId,
            'user_location_view.targeting_location': true,
            'segments.date': date,
            'metrics.impressions': String(country.impressions),
            'metrics.clicks': String(country.clicks),
            'metrics.conversions': Number(country.conversions),
            'metrics.cost_micros': String(country.costMicros),
          };
        }
      }
    }
  })();
}

/** Every row of the query's resource for the customer, before its conditions (report rows are made as read). */
async function rowsOf(deps: Deps, cid: string, query: GaqlQuery, now: Date): Promise<Iterable<GaqlRow>> {
  if (query.resource === 'customer')
    return [
      {
        'customer.resource_name': `customers/${cid}`,
        'customer.id': cid,
        'customer.time_zone': SANDBOX_GOOGLE_ADS_TIME_ZONE,
        'customer.currency_code': SANDBOX_GOOGLE_ADS_CURRENCY,
        'customer.descriptive_name': `Sandbox account ${cid.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3')}`,
        'customer.manager': false,
      },
    ];
  if (query.resource === 'campaign_budget')
    return (await repo.listBudgets(deps.db, cid)).map((budget) => budgetRow(cid, budget));
  const campaignConditions = conditionsOn(query.conditions, 'campaign.').concat(
    conditionsOn(query.conditions, 'campaign_budget.'),
  );
  const campaigns = (await repo.listCampaigns(deps.db, cid)).filter((each) =>
    matches(campaignRow(cid, each), campaignConditions),
  );
  const ids = campaigns.map(({ campaign }) => campaign.id);
  const byId = new Map(campaigns.map((each) => [each.campaign.id, campaignRow(cid, each)]));
  switch (query.resource) {
    case 'campaign':
      return [...byId.values()];
    case 'campaign_criterion':
      return (await repo.criteriaOf(deps.db, ids)).map((criterion) => ({
        ...byId.get(criterion.campaign_id),
        'campaign_criterion.resource_name': criterionName(cid, criterion.campaign_id, criterion.criterion_id),
        'campaign_criterion.criterion_id': String(criterion.criterion_id),
        'campaign_criterion.campaign': campaignName(cid, criterion.campaign_id),
        'campaign_criterion.type': criterion.type,
        'campaign_criterion.negative': criterion.negative,
        'campaign_criterion.status': 'ENABLED',
        'campaign_criterion.location.geo_target_constant':
          criterion.type === 'LOCATION' ? geoTargetName(criterion.criterion_id) : undefined,
        'campaign_criterion.language.language_constant':
          criterion.type === 'LANGUAGE' ? `languageConstants/${criterion.criterion_id}` : undefined,
      }));
    case 'ad_group':
    case 'ad_group_ad': {
      const groups = (await repo.adGroupsOf(deps.db, ids)).map((group) => ({
        id: group.id,
        row: {
          ...byId.get(group.campaign_id),
          'ad_group.resource_name': adGroupName(cid, group.id),
          'ad_group.id': String(group.id),
          'ad_group.name': group.name,
          'ad_group.status': group.status,
          'ad_group.campaign': campaignName(cid, group.campaign_id),
        } as GaqlRow,
      }));
      if (query.resource === 'ad_group') return groups.map((group) => group.row);
      const rowOf = new Map(groups.map((group) => [group.id, group.row]));
      return (await repo.adsOf(deps.db, [...rowOf.keys()])).map((ad) => {
        const review = policySummaryOf(ad, now, deps.config.vendorSandboxSpeed);
        return {
          ...rowOf.get(ad.ad_group_id),
          'ad_group_ad.resource_name': adName(cid, ad.ad_group_id, ad.id),
          'ad_group_ad.status': ad.status,
          'ad_group_ad.ad_group': adGroupName(cid, ad.ad_group_id),
          'ad_group_ad.ad.id': String(ad.id),
          'ad_group_ad.ad.type': 'APP_AD',
          'ad_group_ad.ad.app_ad.headlines': ad.headlines.map((text) => ({ text })),
          'ad_group_ad.ad.app_ad.descriptions': ad.descriptions.map((text) => ({ text })),
          'ad_group_ad.policy_summary.approval_status': review.approvalStatus,
          'ad_group_ad.policy_summary.review_status': review.reviewStatus,
          // An empty repeated field is left out of Google's JSON.
          'ad_group_ad.policy_summary.policy_topic_entries': review.policyTopicEntries.length
            ? review.policyTopicEntries
            : undefined,
        };
      });
    }
    default:
      return reportRows(deps, cid, campaigns, dateRangeOf(query.conditions), now);
  }
}

/** A page token: the offset of the next page, bound to the query and customer it continues. */
const tokenKey = (cid: string, query: string) =>
  createHash('sha256').update(`${cid}\n${query}`).digest('base64url').slice(0, 16);

function offsetOf(
  token: string | undefined,
  cid: string,
  query: string,
  at: ReturnType<Fields['at']>,
): number {
  if (!token) return 0;
  const match = /^(\d{1,9})\.([\w-]{16})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match || match[2] !== tokenKey(cid, query))
    throw badRequest(
      'requestError',
      'INVALID_PAGE_TOKEN',
      'Next page token specified in user request is invalid.',
      at,
    );
  return Number(match[1]);
}

/** Answers a search request (`{query, pageToken?, returnTotalResultsCount?}`) as Google's `googleAds:search`. */
export async function search(
  deps: Deps,
  version: string,
  cid: string,
  rawBody: unknown,
  now: Date,
): Promise<object> {
  const body = Fields.of(camelKeys(rawBody), [], 'SearchGoogleAdsRequest', version).only([
    'query',
    'pageToken',
    'pageSize',
    'returnTotalResultsCount',
    'summaryRowSetting',
    'validateOnly',
  ]);
  const text = body.text('query', { required: true, max: 100_000 })!;
  if (body.has('pageSize'))
    throw badRequest(
      'requestError',
      'PAGE_SIZE_NOT_SUPPORTED',
      'Setting the page size is not supported.',
      body.at('pageSize'),
    );
  const query = parseGaql(text);
  const known = RESOURCES[query.resource];
  if (!known)
    throw badRequest(
      'queryError',
      'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
      `Error in query: the resource '${query.resource}' cannot be selected FROM.`,
    );
  const unknown = [...query.fields, ...query.conditions.map((condition) => condition.field)].filter(
    (field) => !known.includes(field),
  );
  if (unknown.length)
    throw badRequest(
      'queryError',
      'UNRECOGNIZED_FIELD',
      `Unrecognized fields in the query: '${[...new Set(unknown)].join("', '")}'.`,
    );
  if (query.resource === 'user_location_view' && !query.fields.includes('segments.date'))
    throw badRequest(
      'queryError',
      'EXPECTED_DIMENSION_FIELD_IN_SELECT_CLAUSE',
      'The report of the sandbox is per day: select segments.date.',
    );
  const offset = offsetOf(body.text('pageToken'), cid, text, body.at('pageToken'));
  // Rows are read up to the one after this page (all of them when their count is asked for).
  const counting = body.bool('returnTotalResultsCount') ?? false;
  const end = Math.min(offset + PAGE_SIZE + 1, query.limit ?? Infinity);
  const page: Record<string, unknown>[] = [];
  let matched = 0;
  for (const row of await rowsOf(deps, cid, query, now)) {
    if (query.limit !== null && matched >= query.limit) break;
    if (!counting && matched >= end) break;
    if (!matches(row, query.conditions)) continue;
    if (matched >= offset && matched < offset + PAGE_SIZE) page.push(shapeRow(row, query.fields));
    matched++;
  }
  const next = offset + PAGE_SIZE < matched ? `${offset + PAGE_SIZE}.${tokenKey(cid, text)}` : null;
  return {
    ...(page.length ? { results: page } : {}),
    ...(next ? { nextPageToken: Buffer.from(next).toString('base64url') } : {}),
    ...(counting ? { totalResultsCount: String(matched) } : {}),
    fieldMask: fieldMaskOf(query.fields),
    queryResourceConsumption: String(matched + 1),
  };
}
