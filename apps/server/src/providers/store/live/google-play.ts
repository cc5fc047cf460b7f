import { APP_STORES } from '@storelift/shared';
import type scraperModule from 'google-play-scraper';
import type { IAppItem, IAppItemFullDetail } from 'google-play-scraper';
import { forbiddenCategoryOf } from '../forbidden-categories.js';
import { StoreError, type StoreApp } from '../store-provider.js';
import { decimalString } from './apple-store.js';
import { gotRequestOptions } from './got-fetch-bridge.js';
import type { StoreHttp } from './store-http.js';

/*
 * Google Play has no public API: google-play-scraper (10.x, ESM) reads the store's pages. Its requests
 * go through our fetch (see got-fetch-bridge.ts). The module is imported on first use, so the offline
 * default never loads the scraper and its dependencies.
 */

type Scraper = typeof scraperModule;
let scraper: Promise<Scraper> | undefined;
const loadScraper = () => (scraper ??= import('google-play-scraper').then((module) => module.default));

/** Google Play search results carry price and currency, which the package's types leave out. */
type SearchItem = IAppItem & { price?: number; currency?: string };

/** A full Google Play listing (`gplay.app`) as a store app in `country`. */
export function appFromGooglePlay(item: IAppItemFullDetail, country: string): StoreApp {
  const listing = { title: item.title, category: item.genre ?? '', description: item.description ?? '' };
  return {
    ...listing,
    appstore: APP_STORES.GOOGLE_PLAY,
    packageId: item.appId,
    developer: item.developer ?? '',
    icon: item.icon ?? '',
    rating: Math.round((item.score ?? 0) * 10) / 10,
    votes: item.ratings ?? 0,
    price: item.free ? '0' : decimalString(item.price),
    currency: item.currency ?? 'USD',
    contentRating: item.contentRating ?? '',
    countries: [country],
    banned: false,
    forbiddenCategory: forbiddenCategoryOf(listing),
    installs: item.minInstalls ?? null,
    updatedAt: item.updated ? new Date(item.updated).toISOString() : null,
    url: `https://play.google.com/store/apps/details?id=${item.appId}`,
  };
}

/** A search result (fewer fields than a listing: no votes, category or installs). */
export function appFromGooglePlaySearch(item: SearchItem, country: string): StoreApp {
  const listing = { title: item.title, category: '', description: item.summary ?? '' };
  return {
    ...listing,
    appstore: APP_STORES.GOOGLE_PLAY,
    packageId: item.appId,
    developer: item.developer ?? '',
    icon: item.icon ?? '',
    rating: Math.round((item.score ?? 0) * 10) / 10,
    votes: 0,
    price: item.free ? '0' : decimalString(item.price),
    currency: item.currency ?? 'USD',
    contentRating: '',
    countries: [country],
    banned: false,
    forbiddenCategory: forbiddenCategoryOf(listing),
    installs: null,
    updatedAt: null,
    url: `https://play.google.com/store/apps/details?id=${item.appId}`,
  };
}

/** The Google Play calls of the live provider. */
export class GooglePlayStore {
  private readonly requestOptions: ReturnType<typeof gotRequestOptions>;

  constructor(
    http: StoreHttp,
    private readonly language: string,
  ) {
    this.requestOptions = gotRequestOptions(http);
  }

  private options(country: string) {
    return { country: country.toLowerCase(), lang: this.language, requestOptions: this.requestOptions };
  }

  /** The listing as shown in `country`; null when Google Play has no page for it there (404). */
  async lookup(packageId: string, country: string): Promise<StoreApp | null> {
    const gplay = await loadScraper();
    try {
      const item = await gplay.app({ ...this.options(country), appId: packageId });
      return item.title ? appFromGooglePlay(item, country) : null;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw storeError(error);
    }
  }

  /** Search results in store order (Google Play gives at most 250). */
  async search(term: string, country: string, limit: number): Promise<StoreApp[]> {
    const gplay = await loadScraper();
    try {
      const items: SearchItem[] = await gplay.search({ ...this.options(country), term, num: limit });
      return items
        .filter((item) => item.appId && item.title)
        .map((item) => appFromGooglePlaySearch(item, country));
    } catch (error) {
      throw storeError(error);
    }
  }

  /** The store's completions for what has been typed. */
  async suggest(term: string, country: string): Promise<string[]> {
    const gplay = await loadScraper();
    try {
      return await gplay.suggest({ ...this.options(country), term });
    } catch (error) {
      throw storeError(error);
    }
  }
}

function storeError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const status = (error as { status?: number }).status;
  return new StoreError(`Google Play: ${error instanceof Error ? error.message : String(error)}`, status);
}
