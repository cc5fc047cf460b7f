import { dayInZone } from '@storelift/shared';
import { SANDBOX_GOOGLE_ADS_TIME_ZONE } from './sandbox-google-ads.constants.js';
import { badRequest, fieldPath } from './sandbox-google-ads.errors.js';
import type { Fields } from './sandbox-google-ads.fields.js';
import {
  STATUSES,
  maskOf,
  removedCampaign,
  updatable,
  type Context,
  type Handler,
} from './sandbox-google-ads.mutate-common.js';
import { budgetName, campaignName, idsOf, notFound } from './sandbox-google-ads.names.js';
import * as repo from './sandbox-google-ads.repo.js';
import { clockAfter, nextServedDay, servedMs, termsWith } from './sandbox-google-ads.state.js';

/*
 * The mutate handlers of campaignBudgets and campaigns: an App campaign with its own daily budget, its status
 * moving the served clock, budget and target changes holding from the next served day.
 */

const CENT_MICROS = 10_000n;
const MAX_MICROS = 1_000_000_000_000_000n;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;

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

export const budgets: Handler = {
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
    const budget = updatable(await repo.findBudget(ctx.tx, ctx.cid, id!), update);
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

export const campaigns: Handler = {
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
    const today = dayInZone(SANDBOX_GOOGLE_ADS_TIME_ZONE, ctx.now);
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
