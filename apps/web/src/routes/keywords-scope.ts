import { APP_STORES, isIosId, type App, type AppStore } from '@storelift/shared';
import { storage, STORAGE_KEYS } from '../lib/storage';
import type { KeywordsSearch } from './search';

/** The app and country the Keywords page shows. */
export interface KeywordsScope {
  packageId: string;
  appstore: AppStore;
  country: string;
}

type ScopeApp = Pick<App, 'package' | 'appstore' | 'country'>;

export type ScopeDecision<A extends ScopeApp> =
  | { kind: 'loading' }
  /** The user has no apps yet: the page says so and links to My apps. */
  | { kind: 'no-apps' }
  /** No app in the query: open this one (the last one shown, else the first app). */
  | { kind: 'redirect'; search: Required<KeywordsSearch> }
  /** The query names an app the user does not track. */
  | { kind: 'missing' }
  | { kind: 'show'; app: A; scope: KeywordsScope };

/** The store of a query without `appstore`: App Store ids are digits (customer-area §5). */
function storeOf(search: KeywordsSearch): AppStore {
  if (search.appstore === '2') return APP_STORES.APP_STORE;
  if (search.appstore === '1') return APP_STORES.GOOGLE_PLAY;
  return search.packageId && isIosId(search.packageId) ? APP_STORES.APP_STORE : APP_STORES.GOOGLE_PLAY;
}

const toSearch = (scope: KeywordsScope): Required<KeywordsSearch> => ({
  packageId: scope.packageId,
  appstore: String(scope.appstore),
  country: scope.country,
});

/**
 * Which app and country the Keywords page shows (customer-area §2): the query's, else the one shown
 * last in this browser (if the user still has it), else the user's first app. A query without a
 * country means the app's main country.
 */
export function resolveKeywordsScope<A extends ScopeApp>(
  search: KeywordsSearch,
  apps: readonly A[] | undefined,
  remembered: KeywordsScope | null,
): ScopeDecision<A> {
  if (!apps) return { kind: 'loading' };
  const find = (packageId: string, appstore: AppStore) =>
    apps.find((app) => app.package === packageId && app.appstore === appstore);

  if (search.packageId) {
    const app = find(search.packageId, storeOf(search));
    if (!app) return { kind: 'missing' };
    return {
      kind: 'show',
      app,
      scope: { packageId: app.package, appstore: app.appstore, country: search.country ?? app.country.code },
    };
  }
  if (remembered && find(remembered.packageId, remembered.appstore))
    return { kind: 'redirect', search: toSearch(remembered) };
  const first = apps[0];
  if (!first) return { kind: 'no-apps' };
  return {
    kind: 'redirect',
    search: toSearch({ packageId: first.package, appstore: first.appstore, country: first.country.code }),
  };
}

/** The scope shown last, remembered per user in this browser. */
export function readRememberedScope(userId: number | undefined): KeywordsScope | null {
  if (userId === undefined) return null;
  try {
    const saved = JSON.parse(storage.get(STORAGE_KEYS.keywordsScope) ?? 'null') as
      (KeywordsScope & { userId?: number }) | null;
    if (!saved || saved.userId !== userId) return null;
    if (typeof saved.packageId !== 'string' || typeof saved.country !== 'string') return null;
    if (saved.appstore !== APP_STORES.GOOGLE_PLAY && saved.appstore !== APP_STORES.APP_STORE) return null;
    return { packageId: saved.packageId, appstore: saved.appstore, country: saved.country };
  } catch {
    return null;
  }
}

export function rememberScope(userId: number | undefined, scope: KeywordsScope): void {
  if (userId === undefined) return;
  storage.set(STORAGE_KEYS.keywordsScope, JSON.stringify({ userId, ...scope }));
}
