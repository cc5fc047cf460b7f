import { DAY_MS, addDays, countryOfGeoTarget, dayInZone } from '@storelift/shared';
import {
  AdNetworkError,
  type AdCampaign,
  type AdControl,
  type AdDayReport,
  type AdNetwork,
} from '../ad-network.js';
import { GoogleAdsError, customerIdOf, type GoogleAdsClient } from './google-ads-client.js';
import * as ops from './google-ads-operations.js';

/*
 * CPI campaigns as Google Ads App campaigns (README.md "Network"). A start creates the budget, the campaign,
 * a location criterion per country, the ad group and the app ad, storing each resource name as soon as it
 * exists, so a retried start skips what is stored and finds by name what was made but not stored. Campaign
 * day d is the account's date `start_date + (d - 1)`; its figures are what the hourly report pass stored
 * (cpi_stats), billable once a pass read them after the date ended.
 */

/** What the network keeps of a campaign (the row of campaign_google_ads). */
export interface GoogleAdsState {
  customer_id: string;
  budget_resource: string | null;
  campaign_resource: string | null;
  criteria: Record<string, string>;
  ad_group_resource: string | null;
  ad_resource: string | null;
  status: string | null;
  time_zone: string | null;
  start_date: string | null;
  final_through: string | null;
  /** What the lifecycle wants: ENABLED, PAUSED or REMOVED (`sync` makes Google follow). */
  wanted: string | null;
}

/** Money and installs the report pass stored of some dates of a campaign. */
export interface GoogleAdsFigures {
  /** Google's conversions, a decimal string. */
  conversions: string;
  costMicros: bigint;
}

/** What the network stores and reads: implemented over the database by the campaigns module. */
export interface GoogleAdsStore {
  /** The ID key of CPI account `accountId` (its customer id at Google); null when it has none. */
  idKeyOf(accountId: number | null): Promise<string | null>;
  find(campaignId: number): Promise<GoogleAdsState | undefined>;
  /** Creates the campaign's row or changes it. */
  save(
    campaignId: number,
    values: Partial<GoogleAdsState> & { cpi_account_id?: number | null },
  ): Promise<void>;
  /** A refusal of the API, stored for the customer (its kind) and staff (its text); null clears it. */
  failed(campaignId: number, error: AdNetworkError | null): Promise<void>;
  /** The stored figures summed over `from`..`to` (to null: every later date). */
  figures(campaignId: number, from: string, to: string | null): Promise<GoogleAdsFigures>;
}

export interface GoogleAdsNetworkOptions {
  /** 1 against Google; the sandbox's speed against the server's own sandbox. */
  speed: number;
  /** The customer a campaign without a CPI account runs in (the sandbox's); null: it cannot run. */
  defaultCustomerId: string | null;
  /** The server's own sandbox: an account whose ID key is not a customer id gets a sandbox customer. */
  sandbox: boolean;
}

/**
 * Dates' figures as charging takes them: whole installs (the conversions summed, rounded down) and the cost
 * summed in micros, then to money's 4 places (half away from zero: Google bills whole cents, so exact).
 */
export function dayReportOf(figures: GoogleAdsFigures): AdDayReport {
  const installs = Math.floor(Number(figures.conversions));
  return { installs, spend: ops.moneyOfMicros(figures.costMicros.toString()) };
}

/** What a new start at Google forgets of a removed campaign. */
const FORGOTTEN = {
  budget_resource: null,
  campaign_resource: null,
  criteria: {},
  ad_group_resource: null,
  ad_resource: null,
  status: null,
  start_date: null,
  final_through: null,
} satisfies Partial<GoogleAdsState>;

/** Sandbox customers of accounts whose ID key is free text: this plus the account id (ten digits). */
const SANDBOX_CUSTOMERS_FROM = 2_000_000_000;

const STATUS_OF = { pause: 'PAUSED', resume: 'ENABLED', stop: 'REMOVED' } as const;

export class GoogleAdsNetwork implements AdNetwork {
  readonly name = 'Google Ads';
  readonly speed: number;

  constructor(
    private readonly client: GoogleAdsClient,
    private readonly store: GoogleAdsStore,
    private readonly options: GoogleAdsNetworkOptions,
  ) {
    this.speed = options.speed;
  }

  /**
   * Records the status the campaign is to have at Google (its row made on the first start); no HTTP call: it
   * runs in the campaign's transaction, and `sync` makes Google follow after commit.
   */
  async control(campaign: AdCampaign, action: AdControl): Promise<void> {
    try {
      if (action === 'start') {
        await this.stateOf(campaign);
        await this.store.save(campaign.id, { wanted: 'ENABLED' });
        return;
      }
      const state = await this.store.find(campaign.id);
      if (state && state.wanted !== 'REMOVED')
        await this.store.save(campaign.id, { wanted: STATUS_OF[action] });
    } catch (error) {
      throw await this.refused(campaign, error);
    }
  }

  /** Whether the campaign is built and enabled at Google as its start wants: it may run. */
  async running(campaignId: number): Promise<boolean> {
    const state = await this.store.find(campaignId);
    return Boolean(state?.ad_resource && state.wanted === 'ENABLED' && state.status === 'ENABLED');
  }

  /**
   * Makes Google Ads follow what the lifecycle wants: builds a started campaign (what is stored is skipped,
   * what exists is found by name), pauses, enables or removes it. Outside any transaction: each resource
   * name is stored (committed) as soon as it is made. A refusal is stored and thrown as an AdNetworkError.
   */
  async sync(campaign: AdCampaign): Promise<void> {
    try {
      const state = await this.store.find(campaign.id);
      if (!state?.wanted) return;
      if (state.wanted === 'ENABLED' && !state.ad_resource) await this.start(campaign);
      else await this.setStatus(campaign, state.wanted as 'ENABLED' | 'PAUSED' | 'REMOVED');
    } catch (error) {
      throw await this.refused(campaign, error);
    }
  }

  /** A GoogleAdsError stored on the campaign and answered as the port's error; any other error as it is. */
  private async refused(campaign: AdCampaign, error: unknown) {
    if (!(error instanceof GoogleAdsError)) return error;
    const refusal = new AdNetworkError(error.kind, error.detail);
    await this.store.failed(campaign.id, refusal);
    return refusal;
  }

  /** The daily budget or target CPI of a started campaign changed: its budget or target CPA follows. */
  async changeTerms(campaign: AdCampaign, change: { dailyBudget?: boolean; targetCpi?: boolean }) {
    const state = await this.store.find(campaign.id);
    if (!state?.campaign_resource || state.status === 'REMOVED') return;
    try {
      if (change.dailyBudget && state.budget_resource)
        await this.client.mutate(state.customer_id, 'campaignBudgets', [
          ops.budgetAmountUpdate(state.budget_resource, campaign.dailyBudget),
        ]);
      if (change.targetCpi)
        await this.client.mutate(state.customer_id, 'campaigns', [
          ops.targetCpaUpdate(state.campaign_resource, campaign.targetCpi),
        ]);
    } catch (error) {
      throw await this.refused(campaign, error);
    }
  }

  async report(campaign: AdCampaign, day: number, elapsedMs: number): Promise<AdDayReport | null> {
    const state = await this.store.find(campaign.id);
    const date = state?.start_date ? addDays(state.start_date, day - 1) : null;
    if (elapsedMs >= DAY_MS) {
      if (!date || !state?.final_through || date > state.final_through) return null;
      return dayReportOf(await this.store.figures(campaign.id, date, date));
    }
    // A part of a day ends the spending: everything the campaign spent from that date on.
    if (!date) return { installs: 0, spend: '0.0000' };
    return dayReportOf(await this.store.figures(campaign.id, date, null));
  }

  private async setStatus(campaign: AdCampaign, status: 'ENABLED' | 'PAUSED' | 'REMOVED') {
    const state = await this.store.find(campaign.id);
    if (!state || state.status === status || state.status === 'REMOVED') return;
    // A campaign never created at Google has nothing to pause or remove.
    if (!state.campaign_resource) {
      if (status === 'REMOVED') await this.store.save(campaign.id, { status });
      return;
    }
    const operation =
      status === 'REMOVED'
        ? ops.campaignRemove(state.campaign_resource)
        : ops.campaignStatusUpdate(state.campaign_resource, status);
    await this.client.mutate(state.customer_id, 'campaigns', [operation]);
    await this.store.save(campaign.id, { status });
  }

  /** The campaign's row, made on its first start in its account's customer. */
  private async stateOf(campaign: AdCampaign): Promise<GoogleAdsState> {
    const stored = await this.store.find(campaign.id);
    if (stored?.status === 'REMOVED') {
      // Started again after a stop (staff drafted it): a new campaign at Google, on new dates.
      await this.store.save(campaign.id, { ...FORGOTTEN, customer_id: stored.customer_id });
      return { ...stored, ...FORGOTTEN };
    }
    if (stored) return stored;
    const customerId = await this.customerOf(campaign.accountId);
    await this.store.save(campaign.id, { customer_id: customerId, cpi_account_id: campaign.accountId });
    return (await this.store.find(campaign.id))!;
  }

  /** The customer a campaign's CPI account is at Google (its ID key's digits). */
  private async customerOf(accountId: number | null): Promise<string> {
    const idKey = await this.store.idKeyOf(accountId);
    if (idKey === null && this.options.defaultCustomerId) return this.options.defaultCustomerId;
    if (idKey === null)
      throw new GoogleAdsError('not-found', 'The campaign has no Google Ads account', false);
    if (this.options.sandbox && !/^[\d-]+$/.test(idKey)) return String(SANDBOX_CUSTOMERS_FROM + accountId!);
    return customerIdOf(idKey);
  }

  private async start(campaign: AdCampaign) {
    let state = (await this.store.find(campaign.id))!;
    const save = async (values: Partial<GoogleAdsState>) => {
      await this.store.save(campaign.id, values);
      state = { ...state, ...values };
    };
    const cid = state.customer_id;
    if (!state.time_zone) {
      const [row] = await this.client.search<ops.TimeZoneRow>(cid, ops.TIME_ZONE_QUERY);
      await save({ time_zone: row?.customer.timeZone ?? 'UTC' });
    }
    if (!state.start_date) await save({ start_date: dayInZone(state.time_zone!, new Date()) });
    if (!state.campaign_resource) {
      const [found] = await this.client.search<ops.CampaignByNameRow>(
        cid,
        ops.campaignByNameQuery(campaign.id),
      );
      if (found?.campaign.resourceName)
        await save({
          campaign_resource: found.campaign.resourceName,
          budget_resource: found.campaignBudget?.resourceName ?? state.budget_resource,
          status: 'ENABLED',
        });
    }
    if (!state.campaign_resource) {
      if (!state.budget_resource) await save({ budget_resource: await this.budgetOf(campaign, cid) });
      const create = ops.campaignCreate(campaign, state.budget_resource!, state.start_date!);
      await save({ campaign_resource: await this.made(cid, 'campaigns', create), status: 'ENABLED' });
    }
    await this.startCriteria(campaign, state, save);
    if (!state.ad_group_resource) {
      const [found] = await this.client.search<ops.AdGroupRow>(
        cid,
        ops.adGroupsQuery(state.campaign_resource!),
      );
      const made =
        found?.adGroup.resourceName ??
        (await this.made(cid, 'adGroups', ops.adGroupCreate(campaign, state.campaign_resource!)));
      await save({ ad_group_resource: made });
    }
    if (!state.ad_resource) {
      const [found] = await this.client.search<ops.AdGroupAdRow>(
        cid,
        ops.adGroupAdsQuery(state.ad_group_resource!),
      );
      const made =
        found?.adGroupAd.resourceName ??
        (await this.made(cid, 'adGroupAds', ops.appAdCreate(campaign, state.ad_group_resource!)));
      await save({ ad_resource: made });
    }
    // Found paused at Google (a start retried after a pause), it is enabled again.
    if (state.status !== 'ENABLED') await this.setStatus(campaign, 'ENABLED');
    await this.store.failed(campaign.id, null);
  }

  /**
   * A new budget; when its name is taken (a start cut off between the budget and the campaign left it), the
   * one of that name: looked up only then, it is one query more on that rare path.
   */
  private async budgetOf(campaign: AdCampaign, customerId: string): Promise<string> {
    try {
      return await this.made(customerId, 'campaignBudgets', ops.budgetCreate(campaign));
    } catch (error) {
      if (!(error instanceof GoogleAdsError) || !error.detail.includes('DUPLICATE_NAME')) throw error;
      const [found] = await this.client.search<{ campaignBudget?: { resourceName?: string } }>(
        customerId,
        ops.budgetByNameQuery(campaign.id),
      );
      if (!found?.campaignBudget?.resourceName) throw error;
      return found.campaignBudget.resourceName;
    }
  }

  /**
   * The location criteria of the countries not stored yet (found at Google, or created in one mutate with the
   * ad languages' criteria).
   */
  private async startCriteria(
    campaign: AdCampaign,
    state: GoogleAdsState,
    save: (values: Partial<GoogleAdsState>) => Promise<void>,
  ) {
    let criteria = { ...state.criteria };
    // Countries Google Ads cannot target have no criterion (the operations leave them out).
    const targetable = campaign.countries.filter((code) => ops.geoTargetConstants([code]).length);
    const missing = () => targetable.filter((code) => !criteria[code]);
    if (!missing().length) return;
    const found = await this.client.search<ops.LocationCriterionRow>(
      state.customer_id,
      ops.locationCriteriaQuery(state.campaign_resource!),
    );
    for (const { campaignCriterion: criterion } of found) {
      const constant = criterion.location?.geoTargetConstant ?? '';
      const code = countryOfGeoTarget(constant.slice(constant.lastIndexOf('/') + 1));
      if (code) criteria[code] = criterion.resourceName;
    }
    const create = missing();
    if (create.length) {
      // The ad languages go in the same all-or-nothing mutate as the first countries: found locations mean
      // they exist too.
      const languages = found.length ? [] : ops.languageCreates(state.campaign_resource!, campaign.languages);
      const results = await this.client.mutate(state.customer_id, 'campaignCriteria', [
        ...ops.locationCreates(state.campaign_resource!, create),
        ...languages,
      ]);
      criteria = {
        ...criteria,
        ...Object.fromEntries(create.map((code, i) => [code, results[i]!.resourceName])),
      };
    }
    await save({ criteria });
  }

  private async made(
    customerId: string,
    service: Parameters<GoogleAdsClient['mutate']>[1],
    operation: object,
  ) {
    const [result] = await this.client.mutate(customerId, service, [operation as never]);
    return result!.resourceName;
  }
}
