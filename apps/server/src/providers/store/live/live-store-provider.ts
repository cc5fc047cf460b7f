import { APP_STORES, type AppStore } from '@storelift/shared';
import { difficultyScore, findSuggestPosition, keywordStatsOf, trafficScore } from '../aso-scores.js';
import { keywordsFromText, normalizeKeyword } from '../keyword-text.js';
import {
  SEARCH_LIMIT_MAX,
  type KeywordStats,
  type RecentReviews,
  type ReviewedApp,
  type SearchOptions,
  type StoreApp,
  type StoreProvider,
  type StoreReview,
} from '../store-provider.js';
import { APPLE_REVIEW_PAGES, appleReviewPage } from './apple-reviews.js';
import { APPLE_SEARCH_MAX, AppleStore } from './apple-store.js';
import { GooglePlayStore } from './google-play.js';
import { googleReviewPage } from './google-play-reviews.js';
import { RateLimiter, systemClock, type Clock } from './rate-limiter.js';
import { StoreHttp, type FetchFn } from './store-http.js';
import { TtlCache } from './ttl-cache.js';

/** Options of the live provider; every one has a production default. */
export interface LiveStoreOptions {
  /** Default: the global fetch. Tests pass one that serves recorded responses. */
  fetch?: FetchFn;
  /** Default: the system clock. Tests pass a fake one to watch the throttling. */
  clock?: Clock;
  /** How long lookups and searches stay cached (default 1 hour). */
  cacheTtlMs?: number;
  /** How long suggestions stay cached (default 24 hours: they change slowly). */
  suggestTtlMs?: number;
  /** How long a page of an app's reviews stays cached (default 30 minutes: the guarantee checks hourly). */
  reviewsTtlMs?: number;
  /** Pages of 150 read of an app's Google Play reviews at most (default 10; Apple's feed stops at 10 of 50). */
  googleReviewPages?: number;
  /** Entries per cache before the oldest leave (default 5,000). */
  cacheMaxEntries?: number;
  /** Calls a minute: Apple documents about 20; Google Play publishes no figure, 60 is polite. */
  applePerMinute?: number;
  googlePerMinute?: number;
  /** Calls allowed at once before the per-minute pace applies (default 3). */
  burst?: number;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Listing language asked of Google Play (default "en"). */
  language?: string;
}

const HOUR_MS = 3_600_000;

/** A page of an app's reviews and the cursor of the next (null: the store lists no more). */
interface ReviewPage {
  reviews: StoreReview[];
  next: string | null;
}

/**
 * The real stores: Apple's iTunes Search API and Google Play via google-play-scraper, each behind its
 * own rate limiter, with answers cached in memory (see TtlCache: per process, errors not cached, "not
 * found" cached like any answer). A live store only knows today, so `date` options are ignored.
 */
export class LiveStoreProvider implements StoreProvider {
  readonly name = 'live' as const;
  /** Both stores list an app's public reviews per country (the review guarantee's check). */
  readonly canCheckReviews = true;
  private readonly apple: AppleStore;
  private readonly google: GooglePlayStore;
  private readonly appleHttp: StoreHttp;
  private readonly googleHttp: StoreHttp;
  private readonly language: string;
  private readonly googleReviewPages: number;
  private readonly reviewPages: TtlCache<ReviewPage>;
  private readonly lookups: TtlCache<StoreApp | null>;
  private readonly searches: TtlCache<StoreApp[]>;
  private readonly suggestions: TtlCache<string[]>;
  private readonly clock: Clock;

  constructor(options: LiveStoreOptions = {}) {
    const fetchFn = options.fetch ?? ((url, init) => fetch(url, init));
    const clock = (this.clock = options.clock ?? systemClock);
    const burst = options.burst ?? 3;
    const timeoutMs = options.timeoutMs ?? 15_000;
    const maxEntries = options.cacheMaxEntries ?? 5_000;
    const now = () => clock.now();
    this.appleHttp = new StoreHttp(
      fetchFn,
      new RateLimiter(options.applePerMinute ?? 20, burst, clock),
      timeoutMs,
    );
    this.googleHttp = new StoreHttp(
      fetchFn,
      new RateLimiter(options.googlePerMinute ?? 60, burst, clock),
      timeoutMs,
    );
    this.language = options.language ?? 'en';
    this.apple = new AppleStore(this.appleHttp);
    this.google = new GooglePlayStore(this.googleHttp, this.language);
    this.googleReviewPages = options.googleReviewPages ?? 10;
    this.reviewPages = new TtlCache(options.reviewsTtlMs ?? HOUR_MS / 2, maxEntries, now);
    this.lookups = new TtlCache(options.cacheTtlMs ?? HOUR_MS, maxEntries, now);
    this.searches = new TtlCache(options.cacheTtlMs ?? HOUR_MS, maxEntries, now);
    this.suggestions = new TtlCache(options.suggestTtlMs ?? 24 * HOUR_MS, maxEntries, now);
  }

  lookup(appstore: AppStore, packageId: string, country: string): Promise<StoreApp | null> {
    const code = country.toUpperCase();
    return this.lookups.get(`${appstore}|${packageId}|${code}`, () =>
      appstore === APP_STORES.APP_STORE
        ? this.apple.lookup(packageId, code)
        : this.google.lookup(packageId, code),
    );
  }

  async search(
    appstore: AppStore,
    keyword: string,
    country: string,
    options: SearchOptions = {},
  ): Promise<StoreApp[]> {
    const code = country.toUpperCase();
    const term = normalizeKeyword(keyword);
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_LIMIT_MAX), 0), SEARCH_LIMIT_MAX);
    if (!term || limit === 0) return [];
    // Always the full depth, so a rank check and a top-10 look share one cached search.
    const results = await this.searches.get(`${appstore}|${code}|${term}`, () =>
      appstore === APP_STORES.APP_STORE
        ? this.apple.search(term, code, APPLE_SEARCH_MAX)
        : this.google.search(term, code, SEARCH_LIMIT_MAX),
    );
    return results.slice(0, limit);
  }

  /**
   * Page after page, newest first, until a review older than `since` or the store's last page; each page is
   * one call through the store's rate limiter, cached for `reviewsTtlMs` (so the guarantees of one app share
   * the reads of a pass). The moment (`at`) and the posted reviews are the offline simulation's: ignored.
   */
  async recentReviews(app: ReviewedApp, country: string, since: Date): Promise<RecentReviews> {
    const code = country.toUpperCase();
    const apple = app.appstore === APP_STORES.APP_STORE;
    const pages = apple ? APPLE_REVIEW_PAGES : this.googleReviewPages;
    const read: StoreReview[] = [];
    let cursor: string | null = '';
    for (let page = 0; page < pages && cursor !== null; page += 1) {
      const at: string = cursor;
      const { reviews, next } = await this.reviewPages.get(
        `${app.appstore}|${app.packageId}|${code}|${at}`,
        () => this.reviewPage(app, code, at),
      );
      read.push(...reviews);
      cursor = reviews.some((review) => Date.parse(review.at) < since.getTime()) ? null : next;
    }
    return {
      reviews: read
        .filter((review) => Date.parse(review.at) >= since.getTime())
        .sort((a, b) => Date.parse(b.at) - Date.parse(a.at)),
      complete: cursor === null,
    };
  }

  /** The page of an app's reviews a cursor names ('' the first): Apple's page number, Google Play's token. */
  private async reviewPage(app: ReviewedApp, country: string, cursor: string): Promise<ReviewPage> {
    if (app.appstore === APP_STORES.APP_STORE) {
      const page = Number(cursor || 1);
      const { reviews, last } = await appleReviewPage(this.appleHttp, app.packageId, country, page);
      return { reviews, next: last ? null : String(page + 1) };
    }
    return googleReviewPage(this.googleHttp, app.packageId, country, this.language, cursor || null);
  }

  suggest(appstore: AppStore, keyword: string, country: string): Promise<string[]> {
    const code = country.toUpperCase();
    const term = normalizeKeyword(keyword);
    if (!term) return Promise.resolve([]);
    return this.suggestions.get(`${appstore}|${code}|${term}`, () =>
      appstore === APP_STORES.APP_STORE ? this.apple.suggest(term, code) : this.google.suggest(term, code),
    );
  }

  async recommendedKeywords(appstore: AppStore, packageId: string, country: string): Promise<string[]> {
    const app = await this.lookup(appstore, packageId, country);
    return app ? keywordsFromText(app) : [];
  }

  /**
   * aso-style statistics from the top 100 results. Google Play's search results lack installs, rating
   * counts and release dates, so its top 10 are looked up (cached, rate limited like everything else);
   * the category-chart part of traffic is left out (neutral score) as it would take one chart per app.
   */
  async keywordStats(appstore: AppStore, keyword: string, country: string): Promise<KeywordStats> {
    let results = await this.search(appstore, keyword, country, { limit: 100 });
    if (appstore === APP_STORES.GOOGLE_PLAY) {
      const details = await Promise.all(
        results.slice(0, 10).map((app) => this.lookup(appstore, app.packageId, country)),
      );
      results = [...details.map((detail, i) => detail ?? results[i]!), ...results.slice(10)];
    }
    const suggestPosition = await findSuggestPosition(keyword, (prefix) =>
      this.suggest(appstore, prefix, country),
    );
    return keywordStatsOf(
      difficultyScore(appstore, keyword, results, new Date(this.clock.now())),
      trafficScore(appstore, keyword, results, suggestPosition),
    );
  }
}
