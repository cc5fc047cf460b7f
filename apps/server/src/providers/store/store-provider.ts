import { LIMITS, type AppStore } from '@storelift/shared';
import { logger } from '../../lib/logger.js';

/** The categories Storelift refuses to promote (customer-area §5): crypto, binary options, loans. */
export const FORBIDDEN_CATEGORIES = ['crypto', 'binary-options', 'loans'] as const;
export type ForbiddenCategory = (typeof FORBIDDEN_CATEGORIES)[number];

/** An app as one store shows it. Offline results are shared frozen objects: never mutate them. */
export interface StoreApp {
  readonly appstore: AppStore;
  /** Google Play package name or App Store numeric id. */
  readonly packageId: string;
  readonly title: string;
  readonly developer: string;
  /** An https URL, or a generated `data:image/svg+xml` URI in the offline catalog. */
  readonly icon: string;
  /** Average rating 0-5 with one decimal; 0 while the app has no ratings. */
  readonly rating: number;
  /** Number of ratings (0 where a store's search results do not carry it). */
  readonly votes: number;
  /** Decimal string in `currency`; "0" means free. */
  readonly price: string;
  readonly currency: string;
  /** As the store writes it: "Everyone", "Teen" on Google Play; "4+", "12+" on the App Store. */
  readonly contentRating: string;
  /** The store's category name, e.g. "Health & Fitness" ("" where search results do not carry it). */
  readonly category: string;
  readonly description: string;
  /** ISO 3166-1 alpha-2 codes where the app is available; the live stores only tell the one asked. */
  readonly countries: readonly string[];
  /** Removed from the store: its page is gone, so it counts as not alive everywhere. */
  readonly banned: boolean;
  /** Which forbidden category the app falls into, or null (see `forbidden-categories.ts`). */
  readonly forbiddenCategory: ForbiddenCategory | null;
  /** Google Play's minimum installs ("1,000,000+" → 1000000); null on the App Store. */
  readonly installs: number | null;
  /** ISO date-time of the latest release, when known. */
  readonly updatedAt: string | null;
  /** The app's store page. */
  readonly url: string;
}

/** Keyword difficulty and traffic, each 1-100, computed in the manner of the `aso` tool (README). */
export interface KeywordStats {
  difficulty: number;
  traffic: number;
}

/** Options of a store search. */
export interface SearchOptions {
  /** At most this many results, 1-250 (default 250). */
  limit?: number;
  /**
   * The day to rank for (a Date or `YYYY-MM-DD`, UTC); default today. The offline catalog answers for
   * any day, so rank history can be replayed; a live store only knows today and ignores it.
   */
  date?: Date | string;
}

/**
 * The store port (docs/architecture.md, Providers): the one way the server reads Google Play and the App
 * Store. Country codes are ISO 3166-1 alpha-2 in either case.
 */
export interface StoreProvider {
  readonly name: StoreProviderName;
  /**
   * The app as shown in `country`. Null when the store has no such app there: never existed, not
   * available in the country or, on a live store, removed. The offline catalog still knows its
   * removed apps and answers them with `banned: true`; callers treat null and banned alike as not alive.
   */
  lookup(appstore: AppStore, packageId: string, country: string): Promise<StoreApp | null>;
  /** Store search results for `keyword` in `country`, best first: position + 1 is the app's rank. */
  search(appstore: AppStore, keyword: string, country: string, options?: SearchOptions): Promise<StoreApp[]>;
  /** Search completions the store offers for what has been typed so far (up to 10). */
  suggest(appstore: AppStore, keyword: string, country: string): Promise<string[]>;
  /** Keywords worth tracking for an app, from its title, category and description; [] if not found. */
  recommendedKeywords(appstore: AppStore, packageId: string, country: string): Promise<string[]>;
  /** Difficulty and traffic of a keyword, 1-100 each. */
  keywordStats(
    appstore: AppStore,
    keyword: string,
    country: string,
    options?: Pick<SearchOptions, 'date'>,
  ): Promise<KeywordStats>;
  /**
   * Whether this store can read an app's reviews (`recentReviews`): the review guarantee is sold only where it
   * can, and only there is it checked (docs/campaigns.md, Review guarantee).
   */
  readonly canCheckReviews: boolean;
  /**
   * The app's public reviews in `country` written at or after `since`, newest first, as far back as the store
   * lists them (the review guarantee's check). A store that cannot read reviews (`canCheckReviews` false)
   * throws a StoreError, as does a read that fails.
   */
  recentReviews(
    app: ReviewedApp,
    country: string,
    since: Date,
    options?: ReviewOptions,
  ): Promise<RecentReviews>;
}

/** The app whose reviews are read. */
export interface ReviewedApp {
  readonly appstore: AppStore;
  /** Google Play package name or App Store numeric id. */
  readonly packageId: string;
}

/** A review as a store shows it. */
export interface StoreReview {
  /** The store's own id of the review. */
  readonly id: string;
  readonly author: string;
  /** The App Store's review title; null on Google Play, whose reviews have none. */
  readonly title: string | null;
  readonly text: string;
  /** Stars, 1-5. */
  readonly rating: number;
  /** ISO date-time the review was written (or last edited). */
  readonly at: string;
}

/** An app's recent reviews, newest first. */
export interface RecentReviews {
  readonly reviews: readonly StoreReview[];
  /**
   * Whether the list reaches back to `since`. False when the store stopped listing first (the App Store's feed
   * holds the latest 500, and the provider reads Google Play to a bounded depth): older reviews went unseen.
   */
  readonly complete: boolean;
}

/** A review a vendor posted for a guaranteed campaign (its id is ours: `guaranteed_reviews.id`). */
export interface PostedReview {
  readonly id: number;
  readonly campaign_id: number;
  readonly delivered_at: Date;
  readonly title: string;
  readonly body: string;
  readonly rating: number;
}

/** Options of `recentReviews`. */
export interface ReviewOptions {
  /** The moment to read at (default now). The offline simulation answers for any moment; a live store ignores it. */
  at?: Date;
  /**
   * What the vendors posted. No vendor posts to the offline store, so its simulation is told what they posted
   * and shows those it has not taken down; a live store reads the real page and ignores it.
   */
  posted?: readonly PostedReview[];
}

export const STORE_PROVIDER_NAMES = ['offline', 'live'] as const;
export type StoreProviderName = (typeof STORE_PROVIDER_NAMES)[number];

/** The store could not be reached or answered something unreadable (not "not found", which is null). */
export class StoreError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/**
 * The store failed (a StoreError): logs it with what was asked, so a store outage shows in the log, and
 * answers it for the caller to degrade ("store unavailable", a pending status). Anything else is our own
 * bug (a TypeError and the like) and is thrown on, never passed off as the store's.
 */
export function storeFailure(error: unknown, context: Record<string, unknown>): StoreError {
  if (!(error instanceof StoreError)) throw error;
  logger.warn({ err: error, ...context }, 'store request failed');
  return error;
}

/** The most results a search gives: ranks run 1-250 (customer-area §9, `LIMITS.rankMax`). */
export const SEARCH_LIMIT_MAX: number = LIMITS.rankMax;
