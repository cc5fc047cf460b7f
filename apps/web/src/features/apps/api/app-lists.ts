import type { InfiniteData } from '@tanstack/react-query';
import type { App, AppListResponse, AppProp } from '@storelift/shared';

/**
 * The loaded pages of an app list as one list: pages are appended without duplicates by uuid
 * (customer-area §4). An app added or removed between two page loads shifts the offsets, so the next
 * page can repeat an app the previous one had.
 */
export function mergeAppPages(pages: readonly AppListResponse[]): App[] {
  const seen = new Set<string>();
  const apps: App[] = [];
  for (const page of pages) {
    for (const app of page.data) {
      if (seen.has(app.uuid)) continue;
      seen.add(app.uuid);
      apps.push(app);
    }
  }
  return apps;
}

type CachedAppList = InfiniteData<AppListResponse> | AppListResponse;

function isPaged(value: unknown): value is InfiniteData<AppListResponse> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { pages?: unknown }).pages);
}

function isList(value: unknown): value is AppListResponse {
  return typeof value === 'object' && value !== null && Array.isArray((value as { data?: unknown }).data);
}

function replaceIn(list: AppListResponse, app: App): AppListResponse {
  if (!list.data.some((item) => item.uuid === app.uuid)) return list;
  return { ...list, data: list.data.map((item) => (item.uuid === app.uuid ? app : item)) };
}

/**
 * A cached app list (paged or not) with `app` replacing its old copy: the favorite toggle's answer is
 * written into every loaded list (customer-area §4). Anything else is returned as it was.
 */
export function withAppReplaced<T>(cached: T, app: App): T {
  if (isPaged(cached)) {
    const pages = cached.pages.map((page) => replaceIn(page, app));
    return (pages.every((page, i) => page === cached.pages[i]) ? cached : { ...cached, pages }) as T;
  }
  if (isList(cached)) return replaceIn(cached, app) as CachedAppList as T;
  return cached;
}

/** An app's status in one country it is tracked in, read from its per-country props. */
export interface CountryStatus {
  /** ISO code, uppercased. */
  country: string;
  alive: boolean;
  /** The store is still being asked (just added, or it could not answer yet). */
  pending: boolean;
  /** Why it is not alive there (a MESSAGES text), else null. */
  message: string | null;
  /** The country the app was added in. */
  main: boolean;
}

function propOf(props: readonly AppProp[], country: string, name: AppProp['prop_name']) {
  return props.find((prop) => prop.country.toUpperCase() === country && prop.prop_name === name)?.prop_value;
}

/**
 * Status per country (customer-area §4: alive or banned, read per country from the `alive` prop), main
 * country first. A country without an `alive` prop counts as alive and pending.
 */
export function countryStatuses(
  app: Pick<App, 'countries' | 'country' | 'props' | 'is_alive' | 'status_message'>,
): CountryStatus[] {
  const main = app.country.code.toUpperCase();
  const codes = [main, ...app.countries.map((code) => code.toUpperCase()).filter((code) => code !== main)];
  return codes.map((country) => {
    const alive = propOf(app.props, country, 'alive');
    const message = propOf(app.props, country, 'status_message');
    const pending = propOf(app.props, country, 'is_pending');
    const isMain = country === main;
    return {
      country,
      alive: isMain ? app.is_alive : alive !== false,
      pending: pending === true || alive === undefined,
      message: typeof message === 'string' ? message : isMain ? app.status_message : null,
      main: isMain,
    };
  });
}
