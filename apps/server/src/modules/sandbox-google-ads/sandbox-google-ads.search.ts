import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { SANDBOX_GOOGLE_ADS_CURRENCY, SANDBOX_GOOGLE_ADS_TIME_ZONE } from './sandbox-google-ads.constants.js';
import { badRequest } from './sandbox-google-ads.errors.js';
import { Fields, camelKeys } from './sandbox-google-ads.fields.js';
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
  campaignName,
  criterionName,
  geoTargetName,
} from './sandbox-google-ads.names.js';
import { dateRangeOf, reportRows } from './sandbox-google-ads.report.js';
import * as repo from './sandbox-google-ads.repo.js';
import { RESOURCES, budgetRow, campaignRow } from './sandbox-google-ads.rows.js';
import { policySummaryOf } from './sandbox-google-ads.state.js';

/*
 * `googleAds:search`: a GAQL query over the customer's resources — customer, campaign_budget, campaign, ad_group,
 * ad_group_ad, campaign_criterion — and the report view user_location_view (per campaign, date and country: impressions,
 * clicks, conversions, cost), whose figures are computed from each campaign's served time
 * (sandbox-google-ads.figures.ts). Pages of 10,000 rows, as Google's.
 */

const PAGE_SIZE = 10_000;

/** Conditions on one resource's fields: the campaign ones narrow the campaigns before anything else is read. */
const conditionsOn = (conditions: GaqlCondition[], prefix: string) =>
  conditions.filter((condition) => condition.field.startsWith(prefix));

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
