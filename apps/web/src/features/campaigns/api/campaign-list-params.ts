import type { Campaign, CAMPAIGN_FILTER_TABS } from '@storelift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { startEarly } from '../../../lib/api';

/*
 * What My campaigns asks `GET campaigns` for, from its query values and the table's choices. No code of the
 * table here (only types): the entry imports it to start the first page with the session check (main.tsx).
 */

export const CAMPAIGN_PAGE_SIZE = 10;
const SORTS = ['id', 'created_at', 'price', 'status', 'start_at', 'days'] as const;

export type CampaignTab = (typeof CAMPAIGN_FILTER_TABS)[number];

/** What My campaigns asks `GET campaigns` for. */
export interface CampaignListParams {
  status: CampaignTab;
  page: number;
  limit: number;
  productType?: number;
  appstore?: number;
  package?: string;
  country?: string;
  search?: string;
  favorite?: boolean;
  sortBy: (typeof SORTS)[number];
  sortType: 'asc' | 'desc';
}

/** The page's query values the table starts from. */
export interface CampaignFilters {
  productType?: string;
  appstore?: string;
  packageId?: string;
  country?: string;
  search?: string;
  status?: CampaignTab;
}

/** An app of the filter select: store and package in one value. */
export const appValue = (appstore: number | string, packageId: string) => `${appstore}:${packageId}`;

/** What the table's filters, search box and sort start from, given the page's query values. */
export function initialChoices(initial: CampaignFilters) {
  return {
    tab: initial.status ?? ('all' as CampaignTab),
    search: initial.search ?? '',
    productType: initial.productType ?? null,
    appstore: initial.appstore ?? null,
    app: initial.packageId ? appValue(initial.appstore ?? 1, initial.packageId) : null,
    country: initial.country ?? null,
    favorites: false,
    // By id ascending, as customer-area §9 sets for My campaigns (the server's default too).
    sortStatus: { columnAccessor: 'id', direction: 'asc' } as DataTableSortStatus<Campaign>,
  };
}

type Choices = ReturnType<typeof initialChoices>;

/** The list's query (but the page) for the table's choices. */
export function listFilters({
  tab,
  search,
  productType,
  appstore,
  app,
  country,
  favorites,
  sortStatus,
}: Choices) {
  const [appStoreOf, appPackage] = app
    ? [app.slice(0, app.indexOf(':')), app.slice(app.indexOf(':') + 1)]
    : [];
  return {
    status: tab,
    productType: productType ? Number(productType) : undefined,
    appstore: appStoreOf ? Number(appStoreOf) : appstore ? Number(appstore) : undefined,
    package: appPackage,
    country: country ?? undefined,
    search: search.trim() || undefined,
    favorite: favorites || undefined,
    sortBy: (SORTS as readonly string[]).includes(sortStatus.columnAccessor)
      ? (sortStatus.columnAccessor as CampaignListParams['sortBy'])
      : 'id',
    sortType: sortStatus.direction,
  };
}

/** One page of the list under `filters`. */
export const listParams = (filters: ReturnType<typeof listFilters>, page: number): CampaignListParams => ({
  ...filters,
  page,
  limit: CAMPAIGN_PAGE_SIZE,
});

/** `POST campaigns/get-filters`: the filter selects' options. */
export const CAMPAIGN_FILTERS_CALL = { path: 'campaigns/get-filters', body: {} } as const;

/**
 * Starts the first page and the filter options My campaigns opens with, for the table's queries to take when
 * its code has loaded (lib/api.ts, startEarly).
 */
export function startCampaignsPageCalls(initial: CampaignFilters): void {
  startEarly('campaigns', { query: { ...listParams(listFilters(initialChoices(initial)), 1) } });
  startEarly(CAMPAIGN_FILTERS_CALL.path, { method: 'POST', body: CAMPAIGN_FILTERS_CALL.body });
}
