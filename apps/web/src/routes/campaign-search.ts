import { CAMPAIGN_FILTER_TABS } from '@storelift/shared';
import { keywordsSearch } from './search';

/** The campaign pages' query values (customer-area §2), kept only when well-formed. */
export interface CampaignSearch {
  packageId?: string;
  /** "1" Google Play, "2" App Store. */
  appstore?: string;
  country?: string;
  /** A product type of customer-area §3: "1" direct installs, "2" keyword installs, "4" CPI, "5"-"8" reviews, rates, impressions. */
  productType?: string;
  /** The campaign whose settings fill the order form in (a draft or delayed one is edited, unless `repeat`). */
  campaignId?: string;
  /** "1": order that campaign again. */
  repeat?: string;
  search?: string;
  /** "1": Add campaigns opens in the advanced mode (per-day plan, installs per keyword); "0": the simple one. */
  isAdvancedMode?: '1' | '0';
  /** "1": Add campaigns in the simple mode without the switch to the advanced one. */
  omitAdvancedMode?: '1';
  /** The status tab My campaigns opens on (the dashboard's counts link to theirs). */
  status?: (typeof CAMPAIGN_FILTER_TABS)[number];
}

/**
 * Checks the raw query strings of /add-campaigns and /campaigns (the router keeps them as strings, so
 * the checks live with the lazy pages, not in the sign-in bundle).
 */
export function campaignSearch(search: Record<string, unknown>): CampaignSearch {
  const result: CampaignSearch = keywordsSearch(search);
  const productType = String(search.productType);
  if (/^[124-8]$/.test(productType)) result.productType = productType;
  const campaignId = String(search.campaignId);
  if (/^\d{1,9}$/.test(campaignId)) result.campaignId = campaignId;
  if (String(search.repeat) === '1') result.repeat = '1';
  if (typeof search.search === 'string' && search.search.trim()) result.search = search.search.slice(0, 200);
  const advanced = flag(search.isAdvancedMode);
  if (advanced !== undefined) result.isAdvancedMode = advanced ? '1' : '0';
  if (flag(search.omitAdvancedMode)) result.omitAdvancedMode = '1';
  const status = CAMPAIGN_FILTER_TABS.find((tab) => tab === search.status);
  if (status) result.status = status;
  return result;
}

/** A yes/no query value ("1"/"true", "0"/"false"); undefined for anything else. */
function flag(value: unknown): boolean | undefined {
  const text = String(value).toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return undefined;
}

/**
 * How Add campaigns opens: advanced (the per-day plan and the installs per keyword shown) when asked for or
 * when the campaign it starts from has a hand-set plan; switchable unless `omitAdvancedMode`.
 */
export function advancedModeOf(
  search: Pick<CampaignSearch, 'isAdvancedMode' | 'omitAdvancedMode'>,
  hasPlan: boolean,
): { initial: boolean; switchable: boolean } {
  const switchable = search.omitAdvancedMode !== '1';
  return { initial: hasPlan || (switchable && search.isAdvancedMode === '1'), switchable };
}

/** The tracked app of a store and package. */
export function findApp<T extends { package: string; appstore: number }>(
  apps: readonly T[],
  packageId: string,
  appstore: number,
): T | undefined {
  return apps.find((app) => app.package === packageId && app.appstore === appstore);
}

/**
 * The app a new order starts with: the one `packageId` (and `appstore`, Google Play by default) names, else
 * the only one tracked.
 */
export function preselectedApp<T extends { package: string; appstore: number }>(
  apps: readonly T[],
  search: Pick<CampaignSearch, 'packageId' | 'appstore'>,
): T | undefined {
  if (search.packageId) return findApp(apps, search.packageId, Number(search.appstore ?? 1));
  return apps.length === 1 ? apps[0] : undefined;
}
