import { countryOfGeoTarget } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { SANDBOX_GOOGLE_ADS_TIME_ZONE } from './sandbox-google-ads.constants.js';
import { badRequest, fieldPath } from './sandbox-google-ads.errors.js';
import { Fields, camelKeys } from './sandbox-google-ads.fields.js';
import {
  adGroupName,
  adName,
  budgetName,
  campaignName,
  criterionName,
  idsOf,
  notFound,
} from './sandbox-google-ads.names.js';
import * as repo from './sandbox-google-ads.repo.js';
import {
  clockAfter,
  nextServedDay,
  policyTopicsOf,
  servedMs,
  termsWith,
  todayIn,
} from './sandbox-google-ads.state.js';

/*
 * `{service}:mutate` of the five services the Google Ads network uses (campaignBudgets, campaigns,
 * campaignCriteria, adGroups, adGroupAds): every operation of a request in one transaction (all or nothing, as
 * without partialFailure), each checked as Google checks it, the first refusal answered with its location.
 */

export const MUTATE_SERVICES = [
  'campaignBudgets',
  'campaigns',
  'campaignCriteria',
  'adGroups',
  'adGroupAds',
] as const;
export type MutateService = (typeof MUTATE_SERVICES)[number];

/** What one operation is applied with. */
interface Context {
  tx: Queryable;
  cid: string;
  now: Date;
  speed: number;
}

type Handler = {
  create(ctx: Context, create: Fields): Promise<string>;
  update(ctx: Context, update: Fields, mask: string): Promise<string>;
  remove(ctx: Context, name: unknown, path: (string | number)[]): Promise<string>;
};

const MAX_OPERATIONS = 10_000;
const CENT_MICROS = 10_000n;
const MAX_MICROS = 1_000_000_000_000_000n;
const STATUSES = ['ENABLED', 'PAUSED'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;

const removedCampaign = (path: ReturnType<typeof fieldPath>) =>
  badRequest(
    'campaignError',
    'OPERATION_NOT_PERMITTED_FOR_REMOVED_CAMPAIGN',
    'An operation is not permitted on a removed campaign.',
    path,
  );
const removedResource = (path: ReturnType<typeof fieldPath>) =>
  badRequest(
    'mutateError',
    'MUTATE_NOT_ALLOWED',
    'Mutates are not allowed for the requested resource.',
    path,
  );

/** The update mask's paths in camelCase; a path outside `allowed` is refused (immutable or unknown). */
function maskOf(update: Fields, mask: string, allowed: readonly string[], immutable: readonly string[]) {
  const paths = mask
    .split(',')
    .map((path) => path.trim().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    .filter(Boolean);
  const path = fieldPath(...update.path.slice(0, -1), 'update_mask');
  if (!paths.length)
    throw badRequest(
      'fieldMaskError',
      'FIELD_MASK_MISSING',
      'The field mask must be present for an update.',
      path,
    );
  for (const each of paths) {
    if (immutable.some((prefix) => each === prefix || each.startsWith(`${prefix}.`)))
      throw badRequest(
        'fieldError',
        'IMMUTABLE_FIELD',
        'The field cannot be modified.',
        update.at(each.split('.')[0]!),
      );
    if (!allowed.includes(each))
      throw badRequest(
        'fieldMaskError',
        'FIELD_NOT_FOUND',
        `The field mask contained an invalid field: '${each}'.`,
        path,
      );
  }
  return paths;
}

/** A date field given as `YYYY-MM-DD` or a date-time `YYYY-MM-DD hh:mm:ss` (its date is taken). */
function dateOf(fields: Fields, name: string): string | undefined {
  const text = fields.text(name);
  if (text === undefined) return undefined;
  const date = DATE.test(text) ? text : DATE_TIME.exec(text)?.[1];
  if (!date || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw badRequest(
      'dateError',
      name.endsWith('Time') ? 'INVALID_STRING_DATE_TIME_SECONDS' : 'INVALID_STRING_DATE',
      "The string date's format should be yyyy-mm-dd.",
      fields.at(name),
      text,
    );
  return date;
}

function budgetAmount(fields: Fields, required: boolean) {
  const amount = fields.int64('amountMicros', { required });
  if (amount === undefined) return undefined;
  if (amount <= 0n) throw badRequest('rangeError', 'TOO_LOW', 'Too low.', fields.at('amountMicros'));
  if (amount > MAX_MICROS)
    throw badRequest(
      'campaignBudgetError',
      'MONEY_AMOUNT_TOO_LARGE',
      'Budget amount is too large.',
      fields.at('amountMicros'),
    );
  if (amount % CENT_MICROS !== 0n)
    throw badRequest(
      'campaignBudgetError',
      'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
      'The budget amount must be a multiple of the minimum currency unit (0.01 USD).',
      fields.at('amountMicros'),
      String(amount),
    );
  return amount;
}

function targetCpaOf(targetCpa: Fields) {
  const micros = targetCpa.int64('targetCpaMicros', { required: true })!;
  if (micros < CENT_MICROS)
    throw badRequest('rangeError', 'TOO_LOW', 'Too low.', targetCpa.at('targetCpaMicros'));
  if (micros > MAX_MICROS)
    throw badRequest('rangeError', 'TOO_HIGH', 'Too high.', targetCpa.at('targetCpaMicros'));
  return micros;
}

const budgets: Handler = {
  async create(ctx, create) {
    create.only([
      'resourceName',
      'name',
      'amountMicros',
      'deliveryMethod',
      'explicitlyShared',
      'period',
      'status',
    ]);
    const name = create.text('name', { required: true, max: 255 })!;
    const amount = budgetAmount(create, true)!;
    const deliveryMethod =
      create.enumOf(
        'deliveryMethod',
        ['STANDARD', 'ACCELERATED'],
        'BudgetDeliveryMethodEnum.BudgetDeliveryMethod',
      ) ?? 'STANDARD';
    create.enumOf('period', ['DAILY'], 'BudgetPeriodEnum.BudgetPeriod');
    create.enumOf('status', ['ENABLED'], 'BudgetStatusEnum.BudgetStatus');
    if (await repo.findBudgetByName(ctx.tx, ctx.cid, name))
      throw badRequest(
        'campaignBudgetError',
        'DUPLICATE_NAME',
        'A budget with this name already exists.',
        create.at('name'),
        name,
      );
    const row = await repo.insertBudget(ctx.tx, {
      customer_id: ctx.cid,
      name,
      amount_micros: amount,
      delivery_method: deliveryMethod,
      explicitly_shared: create.bool('explicitlyShared') ?? false,
    });
    return budgetName(ctx.cid, row.id);
  },
  async update(ctx, update, mask) {
    const [id] = idsOf('campaignBudgets', update.value.resourceName, ctx.cid, update.at('resourceName'));
    const budget = await repo.findBudget(ctx.tx, ctx.cid, id!);
    if (!budget) throw notFound(update.at('resourceName'), String(update.value.resourceName));
    if (budget.status === 'REMOVED') throw removedResource(update.at('resourceName'));
    const paths = maskOf(update, mask, ['amountMicros', 'name'], ['explicitlyShared', 'period']);
    const patch: Partial<repo.BudgetRow> = {};
    if (paths.includes('name')) {
      patch.name = update.text('name', { required: true, max: 255 })!;
      const taken = await repo.findBudgetByName(ctx.tx, ctx.cid, patch.name);
      if (taken && taken.id !== budget.id)
        throw badRequest(
          'campaignBudgetError',
          'DUPLICATE_NAME',
          'A budget with this name already exists.',
          update.at('name'),
        );
    }
    if (paths.includes('amountMicros')) {
      patch.amount_micros = budgetAmount(update, true)!;
      for (const campaign of await repo.campaignsOfBudget(ctx.tx, budget.id)) {
        const from = nextServedDay(servedMs(campaign, ctx.now, ctx.speed));
        const terms = termsWith(campaign.terms, from, { budgetMicros: String(patch.amount_micros) });
        await repo.setCampaign(ctx.tx, campaign.id, { terms });
      }
    }
    await repo.setBudget(ctx.tx, budget.id, patch);
    return budgetName(ctx.cid, budget.id);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [id] = idsOf('campaignBudgets', name, ctx.cid, location);
    const budget = await repo.findBudget(ctx.tx, ctx.cid, id!);
    if (!budget || budget.status === 'REMOVED') throw notFound(location, String(name));
    if ((await repo.campaignsOfBudget(ctx.tx, budget.id)).length)
      throw badRequest(
        'campaignBudgetError',
        'CAMPAIGN_BUDGET_IN_USE',
        'The campaign budget is in use by a campaign.',
        location,
      );
    await repo.setBudget(ctx.tx, budget.id, { status: 'REMOVED' });
    return budgetName(ctx.cid, budget.id);
  },
};

/** The budget a campaign names: this customer's, not removed, and not another campaign's (budgets are not shared). */
async function budgetFor(ctx: Context, fields: Fields, campaignId?: number) {
  const [id] = idsOf('campaignBudgets', fields.value.campaignBudget, ctx.cid, fields.at('campaignBudget'));
  const budget = await repo.findBudget(ctx.tx, ctx.cid, id!);
  if (!budget || budget.status === 'REMOVED')
    throw notFound(fields.at('campaignBudget'), String(fields.value.campaignBudget));
  const users = await repo.campaignsOfBudget(ctx.tx, budget.id);
  if (!budget.explicitly_shared && users.some((campaign) => campaign.id !== campaignId))
    throw badRequest(
      'campaignBudgetError',
      'CAMPAIGN_BUDGET_IN_USE',
      'A budget that is not shared serves one campaign.',
      fields.at('campaignBudget'),
    );
  return budget;
}

async function uniqueCampaignName(ctx: Context, fields: Fields, name: string, id?: number) {
  const taken = await repo.findCampaignByName(ctx.tx, ctx.cid, name);
  if (taken && taken.id !== id)
    throw badRequest(
      'campaignError',
      'DUPLICATE_CAMPAIGN_NAME',
      'A campaign with this name already exists.',
      fields.at('name'),
      name,
    );
}

const APP_GOAL = 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST';

const campaigns: Handler = {
  async create(ctx, create) {
    create.only([
      'resourceName',
      'name',
      'status',
      'advertisingChannelType',
      'advertisingChannelSubType',
      'campaignBudget',
      'appCampaignSetting',
      'targetCpa',
      'startDate',
      'endDate',
      'startDateTime',
      'endDateTime',
      'containsEuPoliticalAdvertising',
      'geoTargetTypeSetting',
      'networkSettings',
    ]);
    const name = create.text('name', { required: true, max: 255 })!;
    const status = create.enumOf('status', STATUSES, 'CampaignStatusEnum.CampaignStatus') ?? 'ENABLED';
    const channel = create.text('advertisingChannelType', { required: true });
    const subType = create.text('advertisingChannelSubType');
    if (channel !== 'MULTI_CHANNEL' || subType !== 'APP_CAMPAIGN')
      throw badRequest(
        'campaignError',
        'INVALID_ADVERTISING_CHANNEL_SUB_TYPE',
        'The sandbox runs App campaigns only: MULTI_CHANNEL with the sub-type APP_CAMPAIGN.',
        create.at(channel !== 'MULTI_CHANNEL' ? 'advertisingChannelType' : 'advertisingChannelSubType'),
      );
    if (!create.has('campaignBudget')) create.required('campaignBudget');
    const budget = await budgetFor(ctx, create);
    const app = create.message('appCampaignSetting', 'AppCampaignSetting', { required: true })!;
    app.only(['appId', 'appStore', 'biddingStrategyGoalType']);
    const appId = app.text('appId', { required: true, max: 255 })!;
    const appStore = app.enumOf(
      'appStore',
      ['GOOGLE_APP_STORE', 'APPLE_APP_STORE'],
      'AppCampaignAppStoreEnum.AppCampaignAppStore',
      { required: true },
    )!;
    const goal = app.text('biddingStrategyGoalType', { required: true })!;
    if (goal !== APP_GOAL)
      throw badRequest(
        'biddingError',
        'BIDDING_STRATEGY_NOT_SUPPORTED',
        `The sandbox bids ${APP_GOAL} only.`,
        app.at('biddingStrategyGoalType'),
        goal,
      );
    const targetCpa = create.message('targetCpa', 'TargetCpa', { required: true })!;
    targetCpa.only(['targetCpaMicros', 'cpcBidCeilingMicros', 'cpcBidFloorMicros']);
    const target = targetCpaOf(targetCpa);
    create.enumOf(
      'containsEuPoliticalAdvertising',
      ['CONTAINS_EU_POLITICAL_ADVERTISING', 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING'],
      'EuPoliticalAdvertisingStatusEnum.EuPoliticalAdvertisingStatus',
    );
    const today = todayIn(SANDBOX_GOOGLE_ADS_TIME_ZONE, ctx.now);
    const start = dateOf(create, 'startDateTime') ?? dateOf(create, 'startDate') ?? today;
    const end = dateOf(create, 'endDateTime') ?? dateOf(create, 'endDate') ?? null;
    if (start < today)
      throw badRequest(
        'dateRangeError',
        'CANNOT_SET_DATE_TO_PAST',
        'Cannot set date to past time.',
        create.at(create.has('startDateTime') ? 'startDateTime' : 'startDate'),
        start,
      );
    if (end !== null && end < start)
      throw badRequest(
        'dateRangeError',
        'START_DATE_AFTER_END_DATE',
        'The start date is after the end date.',
        create.at(create.has('endDateTime') ? 'endDateTime' : 'endDate'),
        end,
      );
    await uniqueCampaignName(ctx, create, name);
    const row = await repo.insertCampaign(ctx.tx, {
      customer_id: ctx.cid,
      name,
      budget_id: budget.id,
      status,
      app_id: appId,
      app_store: appStore,
      bidding_goal: goal,
      target_cpa_micros: target,
      start_date: start,
      end_date: end,
      enabled_since: status === 'ENABLED' ? ctx.now : null,
      terms: [{ fromDay: 0, budgetMicros: String(budget.amount_micros), targetCpaMicros: String(target) }],
    });
    return campaignName(ctx.cid, row.id);
  },
  async update(ctx, update, mask) {
    const [id] = idsOf('campaigns', update.value.resourceName, ctx.cid, update.at('resourceName'));
    const campaign = await repo.findCampaign(ctx.tx, ctx.cid, id!);
    if (!campaign) throw notFound(update.at('resourceName'), String(update.value.resourceName));
    if (campaign.status === 'REMOVED') throw removedCampaign(update.at('resourceName'));
    const paths = maskOf(
      update,
      mask,
      [
        'status',
        'name',
        'targetCpa.targetCpaMicros',
        'campaignBudget',
        'startDate',
        'endDate',
        'startDateTime',
        'endDateTime',
      ],
      ['advertisingChannelType', 'advertisingChannelSubType', 'appCampaignSetting'],
    );
    const served = servedMs(campaign, ctx.now, ctx.speed);
    let patch: Partial<repo.CampaignRow> = {};
    let terms = campaign.terms;
    if (paths.includes('name')) {
      patch.name = update.text('name', { required: true, max: 255 })!;
      await uniqueCampaignName(ctx, update, patch.name, campaign.id);
    }
    if (paths.includes('targetCpa.targetCpaMicros')) {
      const target = targetCpaOf(update.message('targetCpa', 'TargetCpa', { required: true })!);
      patch.target_cpa_micros = target;
      terms = termsWith(terms, nextServedDay(served), { targetCpaMicros: String(target) });
    }
    if (paths.includes('campaignBudget')) {
      const budget = await budgetFor(ctx, update, campaign.id);
      patch.budget_id = budget.id;
      terms = termsWith(terms, nextServedDay(served), { budgetMicros: String(budget.amount_micros) });
    }
    for (const field of ['startDate', 'startDateTime'] as const)
      if (paths.includes(field)) {
        if (served > 0)
          throw badRequest(
            'dateRangeError',
            'CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED',
            'Cannot modify the start date of a campaign that has started.',
            update.at(field),
          );
        patch.start_date = dateOf(update, field) ?? update.required(field);
      }
    for (const field of ['endDate', 'endDateTime'] as const)
      if (paths.includes(field)) patch.end_date = dateOf(update, field) ?? null;
    if (paths.includes('status')) {
      const status = update.enumOf(
        'status',
        ['ENABLED', 'PAUSED', 'REMOVED'],
        'CampaignStatusEnum.CampaignStatus',
        { required: true },
      )!;
      patch = { ...patch, ...clockAfter(campaign, status, ctx.now, ctx.speed) };
    }
    await repo.setCampaign(ctx.tx, campaign.id, { ...patch, terms });
    return campaignName(ctx.cid, campaign.id);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [id] = idsOf('campaigns', name, ctx.cid, location);
    const campaign = await repo.findCampaign(ctx.tx, ctx.cid, id!);
    if (!campaign) throw notFound(location, String(name));
    if (campaign.status === 'REMOVED') throw removedCampaign(location);
    await repo.setCampaign(ctx.tx, campaign.id, clockAfter(campaign, 'REMOVED', ctx.now, ctx.speed));
    return campaignName(ctx.cid, campaign.id);
  },
};

/** The campaign a criterion or ad group names: this customer's and not removed. */
async function campaignFor(ctx: Context, fields: Fields) {
  if (!fields.has('campaign')) fields.required('campaign');
  const [id] = idsOf('campaigns', fields.value.campaign, ctx.cid, fields.at('campaign'));
  const campaign = await repo.findCampaign(ctx.tx, ctx.cid, id!);
  if (!campaign) throw notFound(fields.at('campaign'), String(fields.value.campaign));
  if (campaign.status === 'REMOVED') throw removedCampaign(fields.at('campaign'));
  return campaign;
}

const immutable = (update: Fields) =>
  badRequest(
    'fieldError',
    'IMMUTABLE_FIELD',
    'The field cannot be modified.',
    fieldPath(...update.path.slice(0, -1), 'update_mask'),
  );

const criteria: Handler = {
  async create(ctx, create) {
    create.only(['resourceName', 'campaign', 'location', 'negative', 'status', 'bidModifier']);
    const campaign = await campaignFor(ctx, create);
    const location = create.message('location', 'LocationInfo', { required: true })!;
    location.only(['geoTargetConstant']);
    const geo = location.text('geoTargetConstant', { required: true })!;
    const id = Number(/^geoTargetConstants\/(\d{1,10})$/.exec(geo)?.[1]);
    if (!id || !countryOfGeoTarget(id)) throw notFound(location.at('geoTargetConstant'), geo);
    const inserted = await repo.insertCriterion(ctx.tx, {
      campaign_id: campaign.id,
      criterion_id: id,
      negative: create.bool('negative') ?? false,
    });
    if (!inserted)
      throw badRequest(
        'mutateError',
        'RESOURCE_ALREADY_EXISTS',
        'The resource already exists.',
        location.at('geoTargetConstant'),
        geo,
      );
    return criterionName(ctx.cid, campaign.id, id);
  },
  async update(_ctx, update) {
    throw immutable(update);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [campaignId, criterionId] = idsOf('campaignCriteria', name, ctx.cid, location);
    const campaign = await repo.findCampaign(ctx.tx, ctx.cid, campaignId!);
    if (!campaign || !(await repo.deleteCriterion(ctx.tx, campaignId!, criterionId!)))
      throw notFound(location, String(name));
    return criterionName(ctx.cid, campaignId!, criterionId!);
  },
};

const adGroups: Handler = {
  async create(ctx, create) {
    create.only(['resourceName', 'name', 'campaign', 'status', 'type']);
    const name = create.text('name', { required: true, max: 255 })!;
    const campaign = await campaignFor(ctx, create);
    const status = create.enumOf('status', STATUSES, 'AdGroupStatusEnum.AdGroupStatus') ?? 'ENABLED';
    if (await repo.findAdGroupByName(ctx.tx, campaign.id, name))
      throw badRequest(
        'adGroupError',
        'DUPLICATE_ADGROUP_NAME',
        'AdGroup with the same name already exists for the campaign.',
        create.at('name'),
        name,
      );
    const row = await repo.insertAdGroup(ctx.tx, { campaign_id: campaign.id, name, status });
    return adGroupName(ctx.cid, row.id);
  },
  async update(ctx, update, mask) {
    const [id] = idsOf('adGroups', update.value.resourceName, ctx.cid, update.at('resourceName'));
    const adGroup = await repo.findAdGroup(ctx.tx, ctx.cid, id!);
    if (!adGroup) throw notFound(update.at('resourceName'), String(update.value.resourceName));
    if (adGroup.status === 'REMOVED') throw removedResource(update.at('resourceName'));
    const paths = maskOf(update, mask, ['status', 'name'], ['campaign', 'type']);
    const patch: Partial<repo.AdGroupRow> = {};
    if (paths.includes('status'))
      patch.status = update.enumOf('status', STATUSES, 'AdGroupStatusEnum.AdGroupStatus', {
        required: true,
      })!;
    if (paths.includes('name')) {
      patch.name = update.text('name', { required: true, max: 255 })!;
      const taken = await repo.findAdGroupByName(ctx.tx, adGroup.campaign_id, patch.name);
      if (taken && taken.id !== adGroup.id)
        throw badRequest(
          'adGroupError',
          'DUPLICATE_ADGROUP_NAME',
          'AdGroup with the same name already exists for the campaign.',
          update.at('name'),
        );
    }
    await repo.setAdGroup(ctx.tx, adGroup.id, patch);
    return adGroupName(ctx.cid, adGroup.id);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [id] = idsOf('adGroups', name, ctx.cid, location);
    const adGroup = await repo.findAdGroup(ctx.tx, ctx.cid, id!);
    if (!adGroup || adGroup.status === 'REMOVED') throw notFound(location, String(name));
    await repo.setAdGroup(ctx.tx, adGroup.id, { status: 'REMOVED' });
    return adGroupName(ctx.cid, adGroup.id);
  },
};

/** An app ad's texts (`headlines` up to 30 characters, `descriptions` up to 90; 1 to 5 of each). */
function appAdTexts(appAd: Fields, name: 'headlines' | 'descriptions', max: number): string[] {
  const assets = appAd.messages(name, 'AdTextAsset');
  if (!assets.length) throw badRequest('collectionSizeError', 'TOO_FEW', 'Too few.', appAd.at(name));
  if (assets.length > 5) throw badRequest('collectionSizeError', 'TOO_MANY', 'Too many.', appAd.at(name));
  return assets.map((asset) => asset.only(['text', 'pinnedField']).text('text', { required: true, max })!);
}

const adGroupAds: Handler = {
  async create(ctx, create) {
    create.only(['resourceName', 'adGroup', 'status', 'ad']);
    if (!create.has('adGroup')) create.required('adGroup');
    const [adGroupId] = idsOf('adGroups', create.value.adGroup, ctx.cid, create.at('adGroup'));
    const adGroup = await repo.findAdGroup(ctx.tx, ctx.cid, adGroupId!);
    if (!adGroup || adGroup.status === 'REMOVED')
      throw notFound(create.at('adGroup'), String(create.value.adGroup));
    const status = create.enumOf('status', STATUSES, 'AdGroupAdStatusEnum.AdGroupAdStatus') ?? 'ENABLED';
    const ad = create.message('ad', 'Ad', { required: true })!.only(['name', 'finalUrls', 'appAd']);
    const appAd = ad.message('appAd', 'AppAdInfo', { required: true })!;
    appAd.only([
      'headlines',
      'descriptions',
      'mandatoryAdText',
      'images',
      'youtubeVideos',
      'html5MediaBundles',
    ]);
    const headlines = appAdTexts(appAd, 'headlines', 30);
    const descriptions = appAdTexts(appAd, 'descriptions', 90);
    const row = await repo.insertAd(ctx.tx, {
      ad_group_id: adGroup.id,
      status,
      headlines,
      descriptions,
      policy_topics: policyTopicsOf([...headlines, ...descriptions]),
    });
    return adName(ctx.cid, adGroup.id, row.id);
  },
  async update(ctx, update, mask) {
    const [adGroupId, id] = idsOf(
      'adGroupAds',
      update.value.resourceName,
      ctx.cid,
      update.at('resourceName'),
    );
    const ad = await repo.findAd(ctx.tx, ctx.cid, adGroupId!, id!);
    if (!ad) throw notFound(update.at('resourceName'), String(update.value.resourceName));
    if (ad.status === 'REMOVED') throw removedResource(update.at('resourceName'));
    maskOf(update, mask, ['status'], ['ad', 'adGroup']);
    const status = update.enumOf('status', STATUSES, 'AdGroupAdStatusEnum.AdGroupAdStatus', {
      required: true,
    })!;
    await repo.setAd(ctx.tx, ad.id, { status });
    return adName(ctx.cid, adGroupId!, ad.id);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [adGroupId, id] = idsOf('adGroupAds', name, ctx.cid, location);
    const ad = await repo.findAd(ctx.tx, ctx.cid, adGroupId!, id!);
    if (!ad || ad.status === 'REMOVED') throw notFound(location, String(name));
    await repo.setAd(ctx.tx, ad.id, { status: 'REMOVED' });
    return adName(ctx.cid, adGroupId!, ad.id);
  },
};

const HANDLERS: Record<MutateService, Handler> = {
  campaignBudgets: budgets,
  campaigns,
  campaignCriteria: criteria,
  adGroups,
  adGroupAds,
};

/** The unique indexes a concurrent request can meet, and the refusal each one means. */
const DUPLICATES: Record<string, [string, string, string]> = {
  sandbox_google_ads_budgets_name_unique: [
    'campaignBudgetError',
    'DUPLICATE_NAME',
    'A budget with this name already exists.',
  ],
  sandbox_google_ads_campaigns_name_unique: [
    'campaignError',
    'DUPLICATE_CAMPAIGN_NAME',
    'A campaign with this name already exists.',
  ],
  sandbox_google_ads_ad_groups_name_unique: [
    'adGroupError',
    'DUPLICATE_ADGROUP_NAME',
    'AdGroup with the same name already exists for the campaign.',
  ],
};

class ValidateOnly extends Error {}

/**
 * Applies a mutate request's operations (`{operations, validateOnly?}`) in one transaction and answers
 * `{results: [{resourceName}]}` in their order (`{}` for validateOnly); the first refusal undoes them all.
 */
export async function mutate(
  deps: Deps,
  version: string,
  cid: string,
  service: MutateService,
  rawBody: unknown,
  now: Date,
): Promise<object> {
  const body = Fields.of(camelKeys(rawBody), [], 'Mutate request', version).only([
    'operations',
    'partialFailure',
    'validateOnly',
    'responseContentType',
  ]);
  if (body.bool('partialFailure'))
    throw badRequest(
      'mutateError',
      'OPERATION_DOES_NOT_SUPPORT_PARTIAL_FAILURE',
      'The sandbox applies a request as a whole: partialFailure is not supported.',
      body.at('partialFailure'),
    );
  const validateOnly = body.bool('validateOnly') ?? false;
  body.enumOf('responseContentType', ['RESOURCE_NAME_ONLY'], 'ResponseContentTypeEnum.ResponseContentType');
  const operations = body.messages('operations', 'Operation');
  if (!operations.length) body.required('operations');
  if (operations.length > MAX_OPERATIONS)
    throw badRequest(
      'requestError',
      'TOO_MANY_MUTATE_OPERATIONS',
      'Received too many entries in request.',
      body.at('operations'),
    );
  const handler = HANDLERS[service];
  try {
    const results = await deps.db.transaction(async (tx) => {
      const ctx: Context = { tx, cid, now, speed: deps.config.vendorSandboxSpeed };
      const names: string[] = [];
      for (const operation of operations) {
        operation.only([
          'create',
          'update',
          'updateMask',
          'remove',
          'exemptPolicyViolationKeys',
          'policyValidationParameter',
        ]);
        const kinds = (['create', 'update', 'remove'] as const).filter((kind) => operation.has(kind));
        if (kinds.length !== 1)
          throw badRequest(
            'requestError',
            'OPERATION_REQUIRED',
            'Mutate operation should have either create, update, or remove specified.',
            fieldPath(...operation.path),
          );
        const kind = kinds[0]!;
        if (kind === 'remove')
          names.push(await handler.remove(ctx, operation.value.remove, [...operation.path, 'remove']));
        else {
          const message = operation.message(kind, 'Resource')!;
          if (kind === 'create') names.push(await handler.create(ctx, message));
          else {
            if (!message.has('resourceName'))
              throw badRequest(
                'requestError',
                'RESOURCE_NAME_MISSING',
                'Resource name is required for this request.',
                message.at('resourceName'),
              );
            const mask = operation.text('updateMask') ?? '';
            names.push(await handler.update(ctx, message, mask));
          }
        }
      }
      if (validateOnly) throw new ValidateOnly();
      return names;
    });
    return { results: results.map((resourceName) => ({ resourceName })) };
  } catch (error) {
    if (error instanceof ValidateOnly) return {};
    const index = Object.keys(DUPLICATES).find((name) => isUniqueViolation(error, name));
    if (index) throw badRequest(...DUPLICATES[index]!);
    throw error;
  }
}

/** Whether a path's `{service}` names one of the services the sandbox mutates. */
export const isMutateService = (service: string): service is MutateService =>
  (MUTATE_SERVICES as readonly string[]).includes(service);
