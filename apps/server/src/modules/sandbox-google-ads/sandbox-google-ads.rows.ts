import type { GaqlRow } from './sandbox-google-ads.gaql.js';
import { budgetName, campaignName } from './sandbox-google-ads.names.js';
import type * as repo from './sandbox-google-ads.repo.js';

/** The fields the sandbox's GAQL knows per resource, and the rows of campaigns and budgets by those names. */

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
export const RESOURCES: Record<string, readonly string[]> = {
  customer: CUSTOMER_FIELDS,
  campaign_budget: BUDGET_FIELDS,
  campaign: CAMPAIGN_FIELDS,
  ad_group: [...AD_GROUP_FIELDS, ...CAMPAIGN_FIELDS],
  ad_group_ad: [...AD_FIELDS, ...AD_GROUP_FIELDS, ...CAMPAIGN_FIELDS],
  campaign_criterion: [...CRITERION_FIELDS, ...CAMPAIGN_FIELDS],
  user_location_view: [...REPORT_FIELDS, ...CAMPAIGN_FIELDS],
};

export type CampaignWithBudget = Awaited<ReturnType<typeof repo.listCampaigns>>[number];

export function campaignRow(cid: string, { campaign, budget }: CampaignWithBudget): GaqlRow {
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

export function budgetRow(cid: string, budget: repo.BudgetRow): GaqlRow {
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
