/*
 * Store ids and links: plain checks and texts without zod, so the web reads them without building the schemas.
 * The zod field rules built on them are in store-link-rules.ts.
 */
import { APP_STORES } from '../constants/domain.js';

/** 1 = Google Play, 2 = Apple App Store (customer-area §4). */
export type AppStore = (typeof APP_STORES)[keyof typeof APP_STORES];

/** English texts of the package id and store link rules; the web translates them by key. */
export const STORE_LINK_MESSAGES = {
  appstoreInvalid: 'Choose Google Play or the App Store',
  iosIdInvalid: 'iOS app id must be 9 or 10 digits',
  androidIdInvalid: 'Android package id must be lowercase words separated by dots, e.g. com.example.app',
  linkInvalid: 'Paste a Google Play or App Store link, or an app id',
} as const;

/*
 * Android: the spec says "dot-separated lowercase alphanumerics with at least one dot". We also allow
 * underscores (real ids such as com.ea.game.pvzfree_row have them) and, as Android itself does, require
 * each segment to start with a letter: "com.2048.game" cannot be built, so it cannot be on Google Play.
 * Uppercase is refused as the spec asks, although a few legacy ids (com.Slack) have it.
 */
export const IOS_ID = /^\d{9,10}$/;
export const ANDROID_ID = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;
export const ANDROID_ID_MAX = 255;

/** True when `id` is an App Store id: 9 or 10 digits. */
export function isIosId(id: string): boolean {
  return IOS_ID.test(id);
}

/** True when `id` is a Google Play package name (see the rule above). */
export function isAndroidId(id: string): boolean {
  return id.length <= ANDROID_ID_MAX && ANDROID_ID.test(id);
}

/** True when `id` is a valid package id for the given store. */
export function isValidPackageId(appstore: number, id: string): boolean {
  if (appstore === APP_STORES.GOOGLE_PLAY) return isAndroidId(id);
  if (appstore === APP_STORES.APP_STORE) return isIosId(id);
  return false;
}

/** The message for a bad package id of the store, or null when the id is valid. */
export function packageIdMessage(appstore: number, id: string): string | null {
  if (isValidPackageId(appstore, id)) return null;
  if (appstore === APP_STORES.APP_STORE) return STORE_LINK_MESSAGES.iosIdInvalid;
  if (appstore === APP_STORES.GOOGLE_PLAY) return STORE_LINK_MESSAGES.androidIdInvalid;
  return STORE_LINK_MESSAGES.appstoreInvalid;
}

/** What a pasted link or id says: the store, the id and, when the link carries them, country and language. */
export interface StoreLink {
  appstore: AppStore;
  packageId: string;
  /** ISO 3166-1 alpha-2, uppercased (Google `gl`, Apple first path segment). */
  country?: string;
  /** As written in the link (Google `hl`, Apple `l`), e.g. `en`, `pt_BR`, `es-MX`. */
  language?: string;
}

const COUNTRY = /^[a-z]{2}$/i;
const LANGUAGE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;
const GOOGLE_HOSTS = new Set(['play.google.com', 'market.android.com']);
const APPLE_HOSTS = new Set(['apps.apple.com', 'itunes.apple.com']);

/**
 * Reads a pasted Google Play or App Store link, or a bare id, into a {@link StoreLink}; null when it is
 * neither. Accepts links without a scheme, `market://` and `itms-apps://` links; empty parameters
 * (`hl=`, `l=`) count as absent, because the App Store refuses them.
 */
export function parseStoreLink(input: string): StoreLink | null {
  const text = input.trim();
  if (!text) return null;
  if (isIosId(text)) return { appstore: APP_STORES.APP_STORE, packageId: text };
  const appleBare = /^id(\d{9,10})$/.exec(text);
  if (appleBare) return { appstore: APP_STORES.APP_STORE, packageId: appleBare[1]! };
  if (isAndroidId(text)) return { appstore: APP_STORES.GOOGLE_PLAY, packageId: text };

  const url = splitUrl(text);
  if (!url) return null;
  if (url.scheme === 'market') return googleLink(url.query);
  const host = url.host.replace(/^www\./, '');
  if (GOOGLE_HOSTS.has(host) && /^\/store\/apps\/details\/?$/.test(url.path)) return googleLink(url.query);
  if (APPLE_HOSTS.has(host)) return appleLink(url);
  return null;
}

/** The parts of a link this file reads. */
interface LinkParts {
  scheme: string;
  host: string;
  path: string;
  query: Map<string, string>;
}

const LINK_SCHEMES = new Set(['https', 'http', 'market', 'itms-apps', 'itms-appss']);

/*
 * A small link splitter instead of the URL class: this package runs in the browser and in Node and
 * its compiler settings know neither environment's globals.
 */
function splitUrl(text: string): LinkParts | null {
  if (/\s/.test(text)) return null;
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(text);
  if (!schemeMatch && /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/?#]+:\d/.test(text)) return null;
  const scheme = schemeMatch ? schemeMatch[1]!.toLowerCase() : 'https';
  if (!LINK_SCHEMES.has(scheme)) return null;
  const rest = schemeMatch ? schemeMatch[2]! : text;
  const [beforeHash = ''] = rest.split('#');
  const queryAt = beforeHash.indexOf('?');
  const address = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const pathAt = address.indexOf('/');
  const authority = pathAt === -1 ? address : address.slice(0, pathAt);
  const host = (authority.split('@').pop() ?? '').replace(/:\d*$/, '').toLowerCase();
  if (!host) return null;
  const query = new Map<string, string>();
  for (const pair of queryAt === -1 ? [] : beforeHash.slice(queryAt + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    // The first value wins, as URLSearchParams.get does.
    if (key && !query.has(key)) query.set(key, decode(equals === -1 ? '' : pair.slice(equals + 1)));
  }
  return { scheme, host, path: pathAt === -1 ? '/' : address.slice(pathAt), query };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function googleLink(query: Map<string, string>): StoreLink | null {
  const packageId = query.get('id') ?? '';
  if (!isAndroidId(packageId)) return null;
  return withExtras({ appstore: APP_STORES.GOOGLE_PLAY, packageId }, query.get('gl'), query.get('hl'));
}

function appleLink(url: LinkParts): StoreLink | null {
  // Paths look like /us/app/some-name/id123456789, /app/id123456789 or /us/iphone/app/name/id123.
  const segments = url.path.split('/').filter(Boolean);
  const idSegment = segments.findLast((segment) => /^id\d+$/.test(segment));
  const packageId = idSegment?.slice(2) ?? '';
  if (!isIosId(packageId)) return null;
  const first = segments[0];
  const country = first && first !== idSegment ? first : undefined;
  return withExtras({ appstore: APP_STORES.APP_STORE, packageId }, country, url.query.get('l'));
}

function withExtras(link: StoreLink, country: string | undefined, language: string | undefined): StoreLink {
  const result = { ...link };
  if (country && COUNTRY.test(country)) result.country = country.toUpperCase();
  if (language && LANGUAGE.test(language)) result.language = language;
  return result;
}
