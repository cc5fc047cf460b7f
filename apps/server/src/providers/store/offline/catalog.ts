import { DAY_MS, APP_STORES, COUNTRIES, type AppStore } from '@storelift/shared';
import { forbiddenCategoryOf } from '../forbidden-categories.js';
import type { StoreApp } from '../store-provider.js';
import {
  ADJECTIVES,
  BRAND_ENDS,
  BRAND_STARTS,
  CATEGORIES,
  DEVELOPER_DOMAINS,
  DEVELOPER_FIRST,
  DEVELOPER_SECOND,
  FORBIDDEN_TITLES,
  type CategoryWords,
} from './catalog-words.js';
import { DEMO_APP_SPECS, DEMO_DEVELOPER, type DemoAppSpec, DEMO_APPS } from './demo-apps.js';
import { generatedIcon } from './generated-icon.js';
import { SeededRandom } from './seeded-random.js';

/*
 * The offline store catalog: about 600 listings generated from word lists with a seeded generator, plus
 * the fixed demo apps. Same seed, same catalog, on every machine; nothing is downloaded.
 */

/** One listing with what search needs beside the app itself. */
export interface CatalogEntry {
  app: StoreApp;
  /** Countries where the app is available (shared between listings available everywhere). */
  countrySet: ReadonlySet<string>;
  /** Position in its category's chart on its store, by number of ratings (1 = most rated). */
  chartRank: number;
}

/** Both stores' listings. */
export interface Catalog {
  entries(appstore: AppStore): readonly CatalogEntry[];
  find(appstore: AppStore, packageId: string): CatalogEntry | undefined;
}

const SEED = 0x5703e11f;
const PRODUCTS = 320;
/** Release dates are days before this fixed day, so the catalog does not depend on the clock. */
const CATALOG_DAY = Date.UTC(2026, 5, 1);
const PAID_PRICES = ['0.99', '1.99', '2.99', '4.99', '9.99'];
const INSTALL_STEPS = [
  0, 10, 50, 100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000, 10_000_000,
  50_000_000, 100_000_000,
];
const CONTENT_RATINGS = {
  [APP_STORES.GOOGLE_PLAY]: ['Everyone', 'Everyone 10+', 'Teen', 'Mature 17+'],
  [APP_STORES.APP_STORE]: ['4+', '9+', '12+', '17+'],
} as const;

// Neither store sells in sanctioned markets, and Google Play does not operate in mainland China.
const NOWHERE = new Set(['KP', 'IR', 'SY', 'CU']);
const ALL_CODES = COUNTRIES.map((country) => country.code).filter((code) => !NOWHERE.has(code));
const WORLDWIDE = {
  [APP_STORES.GOOGLE_PLAY]: Object.freeze(ALL_CODES.filter((code) => code !== 'CN')),
  [APP_STORES.APP_STORE]: Object.freeze(ALL_CODES),
} as const;

interface Developer {
  name: string;
  slug: string;
  domain: string;
}

/** A product before it becomes one listing per store it is published on. */
interface Product {
  title: string;
  developer: Developer;
  category: CategoryWords;
  description: string;
  rating: number;
  /** log10 of the Google Play number of ratings. */
  popularity: number;
  price: string;
  contentLevel: number;
  countries: readonly string[] | null;
  banned: boolean;
  updatedAt: string;
  stores: readonly AppStore[];
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
const capitalize = (phrase: string) =>
  phrase
    .replace(/\b\p{L}/gu, (letter) => letter.toUpperCase())
    .replace(/\b(?:Pdf|Qr|Gps|Vpn|Crm|Mp3|Abc)\b/g, (word) => word.toUpperCase());

function developers(random: SeededRandom): Developer[] {
  const names = new Set<string>();
  while (names.size < 48) names.add(`${random.pick(DEVELOPER_FIRST)} ${random.pick(DEVELOPER_SECOND)}`);
  return [...names].map((name) => ({ name, slug: slug(name), domain: random.pick(DEVELOPER_DOMAINS) }));
}

function brand(random: SeededRandom): string {
  return `${random.pick(BRAND_STARTS)}${random.pick(BRAND_ENDS)}`;
}

function titleFor(random: SeededRandom, category: CategoryWords, subject: string): string {
  const noun = capitalize(subject);
  // "Selfie Camera Cam" reads badly: no suffix that repeats the subject's words.
  const suffixes = category.suffixes.filter(
    (suffix) => !noun.toLowerCase().includes(suffix.toLowerCase().slice(0, 3)),
  );
  const suffix = suffixes.length ? ` ${random.pick(suffixes)}` : '';
  const roll = random.next();
  if (roll < 0.3) return `${brand(random)}: ${noun}${suffix}`;
  if (roll < 0.55 && suffix) return `${noun}${suffix}`;
  if (roll < 0.75) return `${brand(random)} ${noun}`;
  if (roll < 0.9) return `${random.pick(ADJECTIVES)} ${noun}`;
  return `${brand(random)} - ${noun}${suffix}`;
}

function descriptionFor(random: SeededRandom, title: string, category: CategoryWords, paid: boolean): string {
  const [first, second, third, fourth, fifth] = random.sample(category.features, 5);
  const name = title.split(/[:\-–]/)[0]!.trim();
  const closing = paid
    ? 'One-time purchase, no ads and no subscription.'
    : category.game
      ? 'Free to play, works offline.'
      : 'Free to download, no account needed.';
  return (
    `${name} helps you ${first} and ${second}. ` +
    `Made for ${random.pick(category.audiences)}, it lets you ${third}. ` +
    `Highlights: ${fourth ?? first}, ${fifth ?? second} and more. ${closing}`
  );
}

function regionFor(random: SeededRandom): readonly string[] | null {
  if (random.chance(0.78)) return null;
  const groups = random.sample(['europe', 'asia', 'africa', 'latinAmerica'] as const, random.int(1, 2));
  const codes = COUNTRIES.filter((country) => country.geo && groups.includes(country.geo)).map((c) => c.code);
  // Most regional apps still ship in the US, where most customers look first.
  return random.chance(0.5) ? [...codes, 'US'] : codes;
}

function generatedProducts(random: SeededRandom): Product[] {
  const devs = developers(random);
  const titles = new Set<string>();
  const products: Product[] = [];
  const product = (fields: Omit<Product, 'updatedAt' | 'stores'>): Product => {
    const roll = random.next();
    const stores: AppStore[] =
      roll < 0.12
        ? [APP_STORES.GOOGLE_PLAY]
        : roll < 0.24
          ? [APP_STORES.APP_STORE]
          : [APP_STORES.GOOGLE_PLAY, APP_STORES.APP_STORE];
    const updatedAt = new Date(CATALOG_DAY - random.int(1, 600) * DAY_MS).toISOString();
    return { ...fields, updatedAt, stores };
  };
  // Title clashes are skipped; the bound only guards against a word list too small to fill the catalog.
  for (let attempt = 0; products.length < PRODUCTS && attempt < PRODUCTS * 20; attempt += 1) {
    const category = random.pick(CATEGORIES);
    const subject = random.pick(category.subjects);
    const title = titleFor(random, category, subject);
    if (titles.has(title.toLowerCase())) continue;
    titles.add(title.toLowerCase());
    const paid = random.chance(0.1);
    const unrated = random.chance(0.02);
    // Ratings cluster around 4.3 like real stores; the sum of three draws makes a bell shape.
    const spread = (random.next() + random.next() + random.next() - 1.5) * 0.9;
    products.push(
      product({
        title,
        developer: random.pick(devs),
        category,
        description: descriptionFor(random, title, category, paid),
        rating: unrated ? 0 : Math.round(Math.min(4.9, Math.max(2, 4.3 + spread)) * 10) / 10,
        popularity: unrated ? 0 : 1 + random.next() * 5.3,
        price: paid ? random.pick(PAID_PRICES) : '0',
        contentLevel: category.game
          ? random.pick([0, 0, 1, 2, 2, 3])
          : category.google === 'Social'
            ? random.pick([2, 3])
            : random.pick([0, 0, 0, 0, 0, 0, 1, 2]),
        countries: regionFor(random),
        banned: random.chance(0.03),
      }),
    );
  }
  const finance = CATEGORIES.find((category) => category.google === 'Finance')!;
  for (const { title, description } of FORBIDDEN_TITLES) {
    // On both stores, so either store's "forbidden category" refusal can be shown.
    products.push({
      ...product({
        title,
        developer: random.pick(devs),
        category: finance,
        description,
        rating: Math.round((3.4 + random.next() * 1.2) * 10) / 10,
        popularity: 2 + random.next() * 3,
        price: '0',
        contentLevel: 3,
        countries: null,
        banned: false,
      }),
      stores: [APP_STORES.GOOGLE_PLAY, APP_STORES.APP_STORE],
    });
  }
  return products;
}

function installsFor(votes: number, random: SeededRandom): number {
  const estimate = votes * (15 + random.next() * 45);
  return INSTALL_STEPS.findLast((step) => step <= estimate) ?? 0;
}

function listing(
  appstore: AppStore,
  packageId: string,
  fields: Omit<StoreApp, 'appstore' | 'packageId' | 'icon' | 'url' | 'forbiddenCategory' | 'countries'> & {
    countries: readonly string[] | null;
  },
): StoreApp {
  const url =
    appstore === APP_STORES.GOOGLE_PLAY
      ? `https://play.google.com/store/apps/details?id=${packageId}`
      : `https://apps.apple.com/us/app/${fields.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}/id${packageId}`;
  const countries = fields.countries
    ? Object.freeze(fields.countries.filter((code) => WORLDWIDE[appstore].includes(code)))
    : WORLDWIDE[appstore];
  return Object.freeze({
    ...fields,
    appstore,
    packageId,
    icon: generatedIcon(packageId, fields.title),
    url,
    countries,
    forbiddenCategory: forbiddenCategoryOf(fields),
  });
}

function demoListings(spec: DemoAppSpec): StoreApp[] {
  const category = CATEGORIES.find((entry) => entry.google === spec.googleCategory)!;
  const common = {
    title: spec.title,
    developer: DEMO_DEVELOPER,
    rating: spec.rating,
    price: spec.price,
    currency: 'USD',
    description: spec.description,
    countries: spec.countries,
    banned: spec.banned,
    updatedAt: spec.updatedAt,
  };
  return [
    listing(APP_STORES.GOOGLE_PLAY, DEMO_APPS.googlePlay[spec.key], {
      ...common,
      votes: spec.votes.googlePlay,
      installs: spec.installs,
      category: category.google,
      contentRating: CONTENT_RATINGS[APP_STORES.GOOGLE_PLAY][spec.contentLevel]!,
    }),
    listing(APP_STORES.APP_STORE, DEMO_APPS.appStore[spec.key], {
      ...common,
      votes: spec.votes.appStore,
      installs: null,
      category: category.apple,
      contentRating: CONTENT_RATINGS[APP_STORES.APP_STORE][spec.contentLevel]!,
    }),
  ];
}

function productListings(products: readonly Product[], random: SeededRandom): StoreApp[] {
  const taken = new Set<string>([
    ...Object.values(DEMO_APPS.googlePlay),
    ...Object.values(DEMO_APPS.appStore),
  ]);
  const unique = (id: string) => {
    let candidate = id;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${id}${n}`;
    taken.add(candidate);
    return candidate;
  };
  const apps: StoreApp[] = [];
  for (const product of products) {
    const votes = product.popularity === 0 ? 0 : Math.round(10 ** product.popularity);
    const common = {
      title: product.title,
      developer: product.developer.name,
      rating: product.rating,
      price: product.price,
      currency: 'USD',
      description: product.description,
      countries: product.countries,
      banned: product.banned,
      updatedAt: product.updatedAt,
    };
    for (const appstore of product.stores) {
      if (appstore === APP_STORES.GOOGLE_PLAY) {
        const name = slug(product.title.split(/[:\-–]/)[0]!).slice(0, 24) || 'app';
        apps.push(
          listing(appstore, unique(`${product.developer.domain}.${product.developer.slug}.${name}`), {
            ...common,
            votes,
            installs: installsFor(votes, random),
            category: product.category.google,
            contentRating: CONTENT_RATINGS[appstore][product.contentLevel]!,
          }),
        );
      } else {
        // App Store ids: 9 digits for older apps, 10 for recent ones.
        let id = String(random.int(284_000_000, 6_999_999_999));
        while (taken.has(id)) id = String(random.int(284_000_000, 6_999_999_999));
        taken.add(id);
        apps.push(
          listing(appstore, id, {
            ...common,
            votes: Math.round(votes * (0.08 + random.next() * 0.3)),
            installs: null,
            category: product.category.apple,
            contentRating: CONTENT_RATINGS[appstore][product.contentLevel]!,
          }),
        );
      }
    }
  }
  return apps;
}

function entriesOf(apps: readonly StoreApp[]): CatalogEntry[] {
  const sets = new Map<readonly string[], ReadonlySet<string>>();
  const setOf = (countries: readonly string[]) => {
    let set = sets.get(countries);
    if (!set) sets.set(countries, (set = new Set(countries)));
    return set;
  };
  const byCategory = new Map<string, StoreApp[]>();
  for (const app of apps) byCategory.set(app.category, [...(byCategory.get(app.category) ?? []), app]);
  const chartRank = new Map<StoreApp, number>();
  for (const list of byCategory.values()) {
    list
      .filter((app) => !app.banned)
      .sort((a, b) => b.votes - a.votes || a.packageId.localeCompare(b.packageId))
      .forEach((app, i) => chartRank.set(app, i + 1));
  }
  return apps.map((app) => ({
    app,
    countrySet: setOf(app.countries),
    chartRank: chartRank.get(app) ?? Number.POSITIVE_INFINITY,
  }));
}

/** Generates the catalog; deterministic, about 20 ms. Use {@link offlineCatalog} for the shared one. */
export function buildCatalog(): Catalog {
  const random = new SeededRandom(SEED);
  const apps = [
    ...DEMO_APP_SPECS.flatMap(demoListings),
    ...productListings(generatedProducts(random), random),
  ];
  const byStore = new Map<AppStore, CatalogEntry[]>();
  const byId = new Map<string, CatalogEntry>();
  for (const appstore of [APP_STORES.GOOGLE_PLAY, APP_STORES.APP_STORE] as const) {
    const entries = entriesOf(apps.filter((app) => app.appstore === appstore));
    byStore.set(appstore, entries);
    for (const entry of entries) byId.set(`${appstore}:${entry.app.packageId}`, entry);
  }
  return {
    entries: (appstore) => byStore.get(appstore) ?? [],
    find: (appstore, packageId) => byId.get(`${appstore}:${packageId}`),
  };
}

let shared: Catalog | undefined;

/** The catalog every offline provider in this process reads (built on first use). */
export function offlineCatalog(): Catalog {
  shared ??= buildCatalog();
  return shared;
}
