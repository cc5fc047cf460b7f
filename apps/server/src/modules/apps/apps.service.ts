import {
  APP_PROP_NAMES,
  APP_STORES,
  MESSAGES,
  STORE_LINK_MESSAGES,
  isIosId,
  isValidPackageId,
  packageIdMessage,
  parseStoreLink,
  type App,
  type AppProp,
  type AppPropName,
  type AppStore,
  type appListQuerySchema,
  type createAppBodySchema,
  type showByPackageQuerySchema,
  type storeSearchQuerySchema,
  type updateAppBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { refuseBlockedApp } from '../access-lists/access-lists.service.js';
import * as repo from './apps.repo.js';
import { storeFailure, type StoreApp, type StoreProvider } from '../../providers/store/store-provider.js';

type AppStatus = Pick<repo.AppCountryStatus, 'alive' | 'status_message'>;

/** Alive or not in a country, and why not: removed from the store, or not sold there. */
export function statusOf(listing: StoreApp | null, isMainCountry: boolean): AppStatus {
  if (listing?.banned || (!listing && isMainCountry))
    return { alive: false, status_message: MESSAGES.appRemoved };
  if (!listing) return { alive: false, status_message: MESSAGES.appNotInCountry };
  return { alive: true, status_message: null };
}

/** The prop list of customer-area §3 for every tracked country, main country first. */
function propsOf(rows: repo.AppCountryWithCode[]): AppProp[] {
  return rows.flatMap((row) => {
    const values: Record<(typeof APP_PROP_NAMES)[number], AppProp['prop_value']> = {
      alive: row.alive,
      icon: row.icon,
      title: row.title,
      votes: row.votes,
      rating: row.rating,
      content_rating: row.content_rating,
      is_pending: row.is_pending,
      status_message: row.status_message,
    };
    return APP_PROP_NAMES.map((prop_name) => ({
      prop_name,
      prop_value: values[prop_name],
      country: row.code,
    }));
  });
}

/** The client's view of an app with its per-country rows. */
export function toAppView(
  { app, country }: repo.AppWithCountry,
  countryRows: repo.AppCountryWithCode[],
): App {
  const ordered = [
    ...countryRows.filter((row) => row.country_id === app.country_id),
    ...countryRows.filter((row) => row.country_id !== app.country_id),
  ];
  const main = ordered[0];
  return {
    uuid: app.uuid,
    id: app.id,
    package: app.package,
    icon: app.icon,
    title: app.title,
    votes: app.votes,
    rating: app.rating,
    price: app.price,
    developer: app.developer,
    appstore: app.appstore as AppStore,
    content_rating: app.content_rating,
    url: app.url,
    country,
    countries: ordered.map((row) => row.code),
    is_alive: app.is_alive,
    status_message: app.is_alive ? null : (main?.status_message ?? MESSAGES.appRemoved),
    is_favorite: app.is_favorite,
    promotion_value: app.promotion_value,
    props: propsOf(ordered),
    created_at: app.created_at.toISOString(),
  };
}

/** Views of many apps with two queries in all. */
async function viewsOf(db: Queryable, rows: repo.AppWithCountry[]): Promise<App[]> {
  const countryRows = await repo.countriesOfApps(
    db,
    rows.map((row) => row.app.id),
  );
  return rows.map((row) =>
    toAppView(
      row,
      countryRows.filter((c) => c.app_id === row.app.id),
    ),
  );
}

async function viewOf(db: Queryable, row: repo.AppWithCountry): Promise<App> {
  return (await viewsOf(db, [row]))[0]!;
}

/** The user's app, or 404 (also for another user's app). */
export async function ownApp(db: Queryable, userId: number, id: number): Promise<repo.AppWithCountry> {
  const row = await repo.findApp(db, userId, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** The user's app by store and package, or 404. */
export async function ownAppByPackage(
  db: Queryable,
  userId: number,
  appstore: AppStore,
  packageId: string,
): Promise<repo.AppWithCountry> {
  const row = await repo.findAppByPackage(db, userId, appstore, packageId);
  if (!row) throw new NotFoundError();
  return row;
}

/** A country of the reference table, or 422 on the field. */
export async function countryOrFail(
  db: Queryable,
  code: string,
  field = 'country',
): Promise<repo.CountryRef> {
  const country = await repo.countryByCode(db, code);
  if (!country) throw ValidationError.field(field, MESSAGES.countryInvalid);
  return country;
}

/** `GET apps`. */
export async function listApps(deps: Deps, userId: number, query: z.output<typeof appListQuerySchema>) {
  const [{ rows, total }, counts] = await Promise.all([
    repo.pageApps(deps.db, userId, query),
    repo.appCounts(deps.db, userId),
  ]);
  return {
    data: await viewsOf(deps.db, rows),
    count: total,
    counts,
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** Store search for the add-app modal; an id or store link of that store is looked up instead. */
export async function searchStore(
  deps: Deps,
  userId: number,
  query: z.output<typeof storeSearchQuerySchema>,
) {
  const link = parseStoreLink(query.keyword);
  let results: readonly StoreApp[];
  try {
    if (link && link.appstore === query.appstore) {
      const found = await deps.store.lookup(query.appstore, link.packageId, query.country);
      results = found && !found.banned ? [found] : [];
    } else {
      results = await deps.store.search(query.appstore, query.keyword, query.country, { limit: query.limit });
    }
  } catch (error) {
    storeFailure(error, {
      call: 'search',
      appstore: query.appstore,
      keyword: query.keyword,
      country: query.country,
    });
    throw ValidationError.field('keyword', MESSAGES.storeUnavailable);
  }
  const added = await repo.trackedPackages(
    deps.db,
    userId,
    query.appstore,
    results.map((app) => app.packageId),
  );
  return {
    data: results.slice(0, query.limit).map((app) => ({
      package: app.packageId,
      appstore: app.appstore,
      title: app.title,
      developer: app.developer,
      icon: app.icon,
      rating: app.rating,
      votes: app.votes,
      price: app.price,
      is_free: isFree(app.price),
      url: app.url,
      added: added.has(app.packageId),
    })),
  };
}

const isFree = (price: string) => !(Number(price) > 0);

/** `GET apps/show-by-package`. */
export async function showByPackage(
  deps: Deps,
  userId: number,
  query: z.output<typeof showByPackageQuerySchema>,
) {
  const row = await ownAppByPackage(deps.db, userId, query.appstore, query.packageId);
  return { data: await viewOf(deps.db, row) };
}

/** The package id in an id or pasted store link of the store, or 422 on `package`. */
export function packageFromInput(appstore: AppStore, input: string): string {
  if (isValidPackageId(appstore, input)) return input;
  const link = parseStoreLink(input);
  if (link?.appstore === appstore) return link.packageId;
  const looksLikeLink = /[/:?]/.test(input);
  const message = link
    ? packageIdMessage(appstore, link.packageId)
    : looksLikeLink
      ? STORE_LINK_MESSAGES.linkInvalid
      : packageIdMessage(appstore, input);
  throw ValidationError.field('package', message ?? STORE_LINK_MESSAGES.linkInvalid);
}

/**
 * The listing of an app the user may add in a country, or 422 saying why not: not in the store, not in
 * the country, removed, forbidden category, not free. `field` names the field the message goes to.
 */
export async function promotableListing(
  store: StoreProvider,
  appstore: AppStore,
  packageId: string,
  country: string,
  field: string,
): Promise<StoreApp> {
  let listing: StoreApp | null;
  try {
    listing = await store.lookup(appstore, packageId, country);
    if (!listing) {
      // Not sold in this country, or not in the store at all?
      const elsewhere = await store.lookup(appstore, packageId, country === 'US' ? 'GB' : 'US');
      throw ValidationError.field(field, elsewhere ? MESSAGES.appNotInCountry : MESSAGES.appNotFoundInStore);
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    storeFailure(error, { call: 'lookup', appstore, packageId, country });
    throw ValidationError.field(field, MESSAGES.storeUnavailable);
  }
  if (listing.banned) throw ValidationError.field(field, MESSAGES.appRemoved);
  if (listing.forbiddenCategory) throw ValidationError.field(field, MESSAGES.appForbiddenCategory);
  if (!isFree(listing.price)) throw ValidationError.field(field, MESSAGES.appNotFree);
  return listing;
}

function countryValues(appId: number, countryId: number, listing: StoreApp | null, isMain: boolean) {
  const status = statusOf(listing, isMain);
  return {
    app_id: appId,
    country_id: countryId,
    ...status,
    icon: listing?.icon ?? '',
    title: listing?.title ?? '',
    votes: listing?.votes ?? 0,
    rating: listing?.rating ?? 0,
    content_rating: listing?.contentRating ?? '',
    is_pending: false,
    checked_at: new Date(),
  };
}

/**
 * `POST apps`: tracks the app in the country after the store's checks. An app the user tracks already in
 * other countries gains this one; the same app and country again is refused.
 */
export async function addApp(deps: Deps, userId: number, body: z.output<typeof createAppBodySchema>) {
  const packageId = packageFromInput(body.appstore, body.package);
  await refuseBlockedApp(deps.db, packageId);
  const country = await countryOrFail(deps.db, body.country);
  const existing = await repo.findAppByPackage(deps.db, userId, body.appstore, packageId);
  if (existing && (await repo.findAppCountry(deps.db, existing.app.id, country.id))) {
    throw ValidationError.field('package', MESSAGES.appAlreadyAdded);
  }
  const listing = await promotableListing(deps.store, body.appstore, packageId, country.code, 'package');
  const appId = await deps.db.transaction(async (tx) => {
    const { row, created } = await repo.insertApp(tx, {
      user_id: userId,
      appstore: body.appstore,
      package: packageId,
      country_id: country.id,
      ...repo.listingValues(listing),
    });
    const isMain = created || row.country_id === country.id;
    if (!(await repo.insertAppCountry(tx, countryValues(row.id, country.id, listing, isMain)))) {
      throw ValidationError.field('package', MESSAGES.appAlreadyAdded);
    }
    return row.id;
  });
  return { data: await viewOf(deps.db, await ownApp(deps.db, userId, appId)), message: MESSAGES.actionSaved };
}

/** `GET apps/{id}`. */
export async function getApp(deps: Deps, userId: number, id: number) {
  return { data: await viewOf(deps.db, await ownApp(deps.db, userId, id)) };
}

/** The public API's `GET apps/{id}/status`: alive or banned (or still pending) in each country it is tracked in. */
export async function countryStatuses(deps: Deps, userId: number, id: number) {
  const { data } = await getApp(deps, userId, id);
  const prop = (country: string, name: AppPropName) =>
    data.props.find((item) => item.country === country && item.prop_name === name)?.prop_value;
  return {
    data: data.countries.map((country) => {
      const alive = prop(country, 'alive');
      const message = prop(country, 'status_message');
      return {
        country,
        alive: typeof alive === 'boolean' ? alive : null,
        is_pending: prop(country, 'is_pending') === true,
        status_message: typeof message === 'string' ? message : null,
      };
    }),
  };
}

/**
 * Tracks the app in a country it is not tracked in yet, reading its status there from the store (a store
 * failure leaves it pending for the next refresh). Used when keywords go to a new country.
 */
export async function ensureAppCountry(deps: Deps, row: repo.AppWithCountry, country: repo.CountryRef) {
  if (await repo.findAppCountry(deps.db, row.app.id, country.id)) return;
  let listing: StoreApp | null = null;
  let pending = false;
  try {
    listing = await deps.store.lookup(row.app.appstore as AppStore, row.app.package, country.code);
  } catch (error) {
    storeFailure(error, { call: 'lookup', appId: row.app.id, country: country.code });
    pending = true;
  }
  const isMain = row.app.country_id === country.id;
  const values = pending
    ? { app_id: row.app.id, country_id: country.id, is_pending: true }
    : countryValues(row.app.id, country.id, listing, isMain);
  await repo.insertAppCountry(deps.db, values);
}

/** `PUT apps/{id}`: the favorite flag and the main country (which must pass the same checks as adding). */
export async function updateApp(
  deps: Deps,
  userId: number,
  id: number,
  body: z.output<typeof updateAppBodySchema>,
) {
  const row = await ownApp(deps.db, userId, id);
  const changes: Partial<repo.NewApp> = {};
  if (body.is_favorite !== undefined) changes.is_favorite = body.is_favorite;
  if (body.country !== undefined && body.country !== row.country.code) {
    const country = await countryOrFail(deps.db, body.country);
    const appstore = row.app.appstore as AppStore;
    const listing = await promotableListing(deps.store, appstore, row.app.package, country.code, 'country');
    Object.assign(changes, repo.listingValues(listing), { country_id: country.id, is_alive: true });
    await deps.db.transaction(async (tx) => {
      await repo.upsertAppCountry(tx, countryValues(row.app.id, country.id, listing, true));
      await repo.updateApp(tx, row.app.id, changes);
    });
  } else if (Object.keys(changes).length) {
    await repo.updateApp(deps.db, row.app.id, changes);
  }
  return { data: await viewOf(deps.db, await ownApp(deps.db, userId, id)), message: MESSAGES.actionSaved };
}

/** `PUT apps/toggle`: flips is_favorite. */
export async function toggleApp(deps: Deps, userId: number, id: number) {
  if (!(await repo.toggleFavorite(deps.db, userId, id))) throw new NotFoundError();
  return getApp(deps, userId, id);
}

/** `DELETE apps/{package}`: the store follows from the id's form unless `appstore` says it. */
export async function deleteApp(deps: Deps, userId: number, packageId: string, appstore?: AppStore) {
  const store = appstore ?? (isIosId(packageId) ? APP_STORES.APP_STORE : APP_STORES.GOOGLE_PLAY);
  const row = await ownAppByPackage(deps.db, userId, store, packageId);
  await repo.deleteApp(deps.db, row.app.id);
  return { message: MESSAGES.actionDeleted, count: 1 };
}

/** `DELETE apps/destroyBanned`. */
export async function destroyBanned(deps: Deps, userId: number) {
  return { message: MESSAGES.actionDeleted, count: await repo.deleteBannedApps(deps.db, userId) };
}
