import { APP_STORES } from '@storelift/shared';
import { forbiddenCategoryOf } from '../forbidden-categories.js';
import { StoreError, type StoreApp } from '../store-provider.js';
import type { StoreHttp } from './store-http.js';

/*
 * The App Store through Apple's public iTunes Search API (lookup and search, JSON) and the search hints
 * endpoint behind the store's search box (a plist). Apple documents about 20 calls a minute.
 */

const ITUNES = 'https://itunes.apple.com';
const HINTS = 'https://search.itunes.apple.com/WebObjects/MZSearchHints.woa/wa/hints';
/** Apple's search returns at most 200 results; deeper ranks read as "out of rank". */
export const APPLE_SEARCH_MAX = 200;

/*
 * Storefront ids the hints endpoint needs in its X-Apple-Store-Front header (lookup and search take
 * the country code itself). Main markets only; other countries get the US hints.
 */
const STOREFRONTS = new Map(
  (
    'US 143441 FR 143442 DE 143443 GB 143444 AT 143445 BE 143446 FI 143447 GR 143448 IE 143449 ' +
    'IT 143450 LU 143451 NL 143452 PT 143453 ES 143454 CA 143455 SE 143456 NO 143457 DK 143458 ' +
    'CH 143459 AU 143460 NZ 143461 JP 143462 HK 143463 SG 143464 CN 143465 KR 143466 IN 143467 ' +
    'MX 143468 RU 143469 TW 143470 VN 143471 ZA 143472 MY 143473 PH 143474 TH 143475 ID 143476 ' +
    'PK 143477 PL 143478 SA 143479 TR 143480 AE 143481 HU 143482 CL 143483 RO 143487 CZ 143489 ' +
    'IL 143491 UA 143492 CO 143501 BR 143503 AR 143505'
  )
    .match(/[A-Z]{2} \d+/g)!
    .map((pair) => [pair.slice(0, 2), pair.slice(3)] as const),
);

/** The fields of an iTunes lookup/search result that we read. */
export interface ItunesResult {
  wrapperType?: string;
  kind?: string;
  trackId: number;
  trackName: string;
  artistName?: string;
  sellerName?: string;
  artworkUrl512?: string;
  artworkUrl100?: string;
  artworkUrl60?: string;
  averageUserRating?: number;
  userRatingCount?: number;
  price?: number;
  currency?: string;
  contentAdvisoryRating?: string;
  trackContentRating?: string;
  primaryGenreName?: string;
  description?: string;
  currentVersionReleaseDate?: string;
  trackViewUrl?: string;
}

/** A price as a decimal string without float noise: 0 → "0", 0.99 → "0.99". */
export function decimalString(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return '0';
  return String(Number(value.toFixed(2)));
}

/** An iTunes result as a store app in `country`. */
export function appFromItunes(result: ItunesResult, country: string): StoreApp {
  const listing = {
    title: result.trackName,
    category: result.primaryGenreName ?? '',
    description: result.description ?? '',
  };
  return {
    ...listing,
    appstore: APP_STORES.APP_STORE,
    packageId: String(result.trackId),
    developer: result.artistName ?? result.sellerName ?? '',
    icon: result.artworkUrl512 ?? result.artworkUrl100 ?? result.artworkUrl60 ?? '',
    rating: Math.round((result.averageUserRating ?? 0) * 10) / 10,
    votes: result.userRatingCount ?? 0,
    price: decimalString(result.price),
    currency: result.currency ?? 'USD',
    contentRating: result.trackContentRating ?? result.contentAdvisoryRating ?? '',
    countries: [country],
    banned: false,
    forbiddenCategory: forbiddenCategoryOf(listing),
    installs: null,
    updatedAt: result.currentVersionReleaseDate ?? null,
    url: result.trackViewUrl ?? `https://apps.apple.com/${country.toLowerCase()}/app/id${result.trackId}`,
  };
}

function softwareResults(body: unknown): ItunesResult[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new StoreError('The iTunes API answered without results');
  return (results as ItunesResult[]).filter(
    (result) =>
      (result.wrapperType === 'software' || result.kind === 'software') &&
      typeof result.trackId === 'number' &&
      typeof result.trackName === 'string',
  );
}

/** Reads the terms out of a search hints plist (`<key>term</key><string>…</string>` per hint). */
export function hintTerms(plist: string): string[] {
  const terms: string[] = [];
  for (const match of plist.matchAll(/<key>term<\/key>\s*<string>([^<]*)<\/string>/g)) {
    terms.push(decodeXml(match[1]!));
  }
  return terms;
}

function decodeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The App Store calls of the live provider. */
export class AppleStore {
  constructor(private readonly http: StoreHttp) {}

  /** The app in `country`'s storefront; null when that storefront does not sell it. */
  async lookup(id: string, country: string): Promise<StoreApp | null> {
    const params = new URLSearchParams({ id, country: country.toLowerCase(), entity: 'software' });
    const [result] = softwareResults(await this.http.json(`${ITUNES}/lookup?${params}`));
    return result ? appFromItunes(result, country) : null;
  }

  /** Search results in store order. */
  async search(term: string, country: string, limit: number): Promise<StoreApp[]> {
    const params = new URLSearchParams({
      term,
      country: country.toLowerCase(),
      entity: 'software',
      limit: String(Math.min(limit, APPLE_SEARCH_MAX)),
    });
    return softwareResults(await this.http.json(`${ITUNES}/search?${params}`)).map((result) =>
      appFromItunes(result, country),
    );
  }

  /** The store's search hints for what has been typed. */
  async suggest(term: string, country: string): Promise<string[]> {
    const params = new URLSearchParams({ clientApplication: 'Software', term });
    const storefront = STOREFRONTS.get(country) ?? STOREFRONTS.get('US');
    const plist = await this.http.text(`${HINTS}?${params}`, {
      headers: { 'X-Apple-Store-Front': `${storefront},29` },
    });
    return hintTerms(plist);
  }
}
