import { DAY_MS, APP_STORES, type AppStore } from '@storelift/shared';
import { difficultyScore, findSuggestPosition, keywordStatsOf, trafficScore } from '../aso-scores.js';
import { keywordsFromText } from '../keyword-text.js';
import {
  SEARCH_LIMIT_MAX,
  StoreError,
  type KeywordStats,
  type RecentReviews,
  type ReviewOptions,
  type ReviewedApp,
  type SearchOptions,
  type StoreApp,
  type StoreProvider,
} from '../store-provider.js';
import { offlineCatalog, type Catalog } from './catalog.js';
import { CATEGORIES } from './catalog-words.js';
import { offlineShownReviews } from './review-visibility.js';
import { StoreSearchIndex } from './search-index.js';

/** aso reads the top-free and top-paid charts 120 deep; a rank beyond that counts as "not charted". */
const CHART_DEPTH = 120;

const SEARCH_PHRASES = CATEGORIES.flatMap((category) => category.subjects);

// Providers over the same catalog share its indexes: building them is the only costly step.
const indexCache = new WeakMap<Catalog, ReadonlyMap<AppStore, StoreSearchIndex>>();

function indexesOf(catalog: Catalog): ReadonlyMap<AppStore, StoreSearchIndex> {
  let indexes = indexCache.get(catalog);
  if (!indexes) {
    const stores = [APP_STORES.GOOGLE_PLAY, APP_STORES.APP_STORE] as const;
    indexes = new Map(
      stores.map((appstore) => [appstore, new StoreSearchIndex(catalog.entries(appstore), SEARCH_PHRASES)]),
    );
    indexCache.set(catalog, indexes);
  }
  return indexes;
}

/** Options of the offline provider. */
export interface OfflineStoreOptions {
  /** The catalog to serve (default: the shared generated one). */
  catalog?: Catalog;
  /** The clock that says which day "today" is (default `Date.now`). */
  now?: () => number;
  /**
   * Whether the store simulates which posted reviews it takes down (`review-visibility.ts`; default true).
   * Without it the offline store cannot read reviews, so the review guarantee is neither sold nor checked.
   */
  simulateReviews?: boolean;
}

/** The embedded store: the generated catalog, answering every call in memory. */
export class OfflineStoreProvider implements StoreProvider {
  readonly name = 'offline' as const;
  /** With its simulation of which posted reviews the store removes (`offline/review-visibility.ts`). */
  readonly canCheckReviews: boolean;
  private readonly catalog: Catalog;
  private readonly now: () => number;
  private readonly indexes: ReadonlyMap<AppStore, StoreSearchIndex>;

  constructor(options: OfflineStoreOptions = {}) {
    this.catalog = options.catalog ?? offlineCatalog();
    this.now = options.now ?? Date.now;
    this.canCheckReviews = options.simulateReviews ?? true;
    this.indexes = indexesOf(this.catalog);
  }

  async lookup(appstore: AppStore, packageId: string, country: string): Promise<StoreApp | null> {
    return this.lookupNow(appstore, packageId, country);
  }

  async recentReviews(
    app: ReviewedApp,
    _country: string,
    since: Date,
    options: ReviewOptions = {},
  ): Promise<RecentReviews> {
    if (!this.canCheckReviews) throw new StoreError('The offline store simulates no reviews');
    const at = options.at ?? new Date(this.now());
    return { reviews: offlineShownReviews(app.appstore, options.posted ?? [], since, at), complete: true };
  }

  private lookupNow(appstore: AppStore, packageId: string, country: string): StoreApp | null {
    const entry = this.catalog.find(appstore, packageId);
    return entry && entry.countrySet.has(country.toUpperCase()) ? entry.app : null;
  }

  async search(
    appstore: AppStore,
    keyword: string,
    country: string,
    options: SearchOptions = {},
  ): Promise<StoreApp[]> {
    return this.searchNow(appstore, keyword, country, options);
  }

  /** The synchronous search behind `search`, for callers that rank many keywords in a loop. */
  searchNow(appstore: AppStore, keyword: string, country: string, options: SearchOptions = {}): StoreApp[] {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_LIMIT_MAX), 0), SEARCH_LIMIT_MAX);
    return this.index(appstore).search(keyword, country.toUpperCase(), this.dayOf(options.date), limit);
  }

  async suggest(appstore: AppStore, keyword: string, _country: string): Promise<string[]> {
    // One vocabulary per store: the catalog's titles are the same in every country.
    return this.index(appstore).suggest(keyword);
  }

  async recommendedKeywords(appstore: AppStore, packageId: string, country: string): Promise<string[]> {
    const app = this.lookupNow(appstore, packageId, country);
    return app && !app.banned ? keywordsFromText(app) : [];
  }

  async keywordStats(
    appstore: AppStore,
    keyword: string,
    country: string,
    options: Pick<SearchOptions, 'date'> = {},
  ): Promise<KeywordStats> {
    const day = this.dayOf(options.date);
    const index = this.index(appstore);
    const results = index.search(keyword, country.toUpperCase(), day, 100);
    const suggestPosition = await findSuggestPosition(keyword, async (prefix) => index.suggest(prefix));
    const chartRanks = results.slice(0, 10).map((app) => {
      const rank = this.catalog.find(appstore, app.packageId)?.chartRank ?? Infinity;
      return rank <= CHART_DEPTH ? rank : null;
    });
    return keywordStatsOf(
      difficultyScore(appstore, keyword, results, new Date(day * DAY_MS)),
      trafficScore(appstore, keyword, results, suggestPosition, chartRanks),
    );
  }

  private index(appstore: AppStore): StoreSearchIndex {
    const index = this.indexes.get(appstore);
    if (!index) throw new RangeError(`Unknown app store ${String(appstore)}`);
    return index;
  }

  /** Days since 1970-01-01 UTC of the asked date, or of today. */
  private dayOf(date: Date | string | undefined): number {
    const time =
      date === undefined ? this.now() : typeof date === 'string' ? Date.parse(date) : date.getTime();
    if (!Number.isFinite(time)) throw new RangeError(`Not a date: ${String(date)}`);
    return Math.floor(time / DAY_MS);
  }
}
