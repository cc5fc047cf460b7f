import { and, count, eq, getTableColumns, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  APP_STORES,
  type AppStore,
  type adminAppListQuerySchema,
  type appListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { appCountries, apps, billingProfiles, countries, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';
import type { StoreApp } from '../../providers/store/store-provider.js';

export type AppRow = typeof apps.$inferSelect;
export type AppCountryRow = typeof appCountries.$inferSelect;
export interface CountryRef {
  id: number;
  code: string;
  name: string;
}
/** An app with its main country, as lists and views read it. */
export interface AppWithCountry {
  app: AppRow;
  country: CountryRef;
}
/** A per-country status row with its country code. */
export interface AppCountryWithCode extends AppCountryRow {
  code: string;
}

/** The app columns a store listing fills. */
export const listingValues = (listing: StoreApp) => ({
  title: listing.title,
  developer: listing.developer,
  icon: listing.icon,
  rating: listing.rating,
  votes: listing.votes,
  price: listing.price,
  content_rating: listing.contentRating,
  url: listing.url,
});

const countryColumns = { id: countries.id, code: countries.code, name: countries.name };

/** A country of the reference table by ISO code. */
export async function countryByCode(db: Queryable, code: string): Promise<CountryRef | undefined> {
  const [row] = await db.select(countryColumns).from(countries).where(eq(countries.code, code.toUpperCase()));
  return row;
}

function selectApps(db: Queryable) {
  return db
    .select({ app: apps, country: countryColumns })
    .from(apps)
    .innerJoin(countries, eq(countries.id, apps.country_id));
}

/** The user's app by id. */
export async function findApp(
  db: Queryable,
  userId: number,
  id: number,
): Promise<AppWithCountry | undefined> {
  const [row] = await selectApps(db).where(and(eq(apps.user_id, userId), eq(apps.id, id)));
  return row;
}

/** The user's app by store and package id. */
export async function findAppByPackage(
  db: Queryable,
  userId: number,
  appstore: AppStore,
  packageId: string,
): Promise<AppWithCountry | undefined> {
  const [row] = await selectApps(db).where(
    and(eq(apps.user_id, userId), eq(apps.appstore, appstore), eq(apps.package, packageId)),
  );
  return row;
}

type ListQuery = z.output<typeof appListQuerySchema>;

const SORT_COLUMNS: Record<ListQuery['sortBy'], SQL> = {
  created_at: sql`${apps.created_at}`,
  favorite: sql`${apps.is_favorite}`,
  title: sql`lower(${apps.title})`,
  developer: sql`lower(${apps.developer})`,
  promotion_value: sql`${apps.promotion_value}`,
};
const DEFAULT_DIRECTION: Record<ListQuery['sortBy'], 'asc' | 'desc'> = {
  created_at: 'desc',
  favorite: 'desc',
  title: 'asc',
  developer: 'asc',
  promotion_value: 'desc',
};

/** One page of the user's apps: filter, store and search applied, banned apps always last. */
export async function pageApps(db: Db, userId: number, query: ListQuery) {
  const filters: (SQL | undefined)[] = [eq(apps.user_id, userId)];
  if (query.filter === 'fav') filters.push(eq(apps.is_favorite, true));
  if (query.filter === 'ban') filters.push(eq(apps.is_alive, false));
  if (query.appstore) filters.push(eq(apps.appstore, query.appstore));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(
      or(ilike(apps.title, pattern), ilike(apps.developer, pattern), ilike(apps.package, pattern)),
    );
  }
  const where = and(...filters);
  const direction = query.sortType ?? DEFAULT_DIRECTION[query.sortBy];
  const column = SORT_COLUMNS[query.sortBy];
  const order = direction === 'asc' ? sql`${column} asc` : sql`${column} desc`;
  // Ties fall back to the newest first, so "favorite" lists favorites newest first.
  const tie = query.sortBy === 'created_at' ? sql`${apps.id} ${sql.raw(direction)}` : sql`${apps.id} desc`;
  const [rows, [total]] = await Promise.all([
    selectApps(db)
      .where(where)
      .orderBy(sql`${apps.is_alive} desc`, order, tie)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(apps).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** How many of the user's apps each filter tab holds. */
export async function appCounts(db: Db, userId: number) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      fav: sql<number>`(count(*) filter (where ${apps.is_favorite}))::int`,
      ban: sql<number>`(count(*) filter (where not ${apps.is_alive}))::int`,
      android: sql<number>`(count(*) filter (where ${apps.appstore} = ${APP_STORES.GOOGLE_PLAY}))::int`,
      ios: sql<number>`(count(*) filter (where ${apps.appstore} = ${APP_STORES.APP_STORE}))::int`,
    })
    .from(apps)
    .where(eq(apps.user_id, userId));
  return row ?? { all: 0, fav: 0, ban: 0, android: 0, ios: 0 };
}

/** The per-country rows of the apps, with their country codes. */
export async function countriesOfApps(db: Queryable, appIds: number[]): Promise<AppCountryWithCode[]> {
  if (!appIds.length) return [];
  return db
    .select({ ...getTableColumns(appCountries), code: countries.code })
    .from(appCountries)
    .innerJoin(countries, eq(countries.id, appCountries.country_id))
    .where(inArray(appCountries.app_id, appIds))
    .orderBy(appCountries.app_id, appCountries.id);
}

/** The per-country row of an app, if it is tracked there. */
export async function findAppCountry(db: Queryable, appId: number, countryId: number) {
  const [row] = await db
    .select()
    .from(appCountries)
    .where(and(eq(appCountries.app_id, appId), eq(appCountries.country_id, countryId)));
  return row;
}

/** Which of the packages the user already tracks on the store. */
export async function trackedPackages(
  db: Db,
  userId: number,
  appstore: AppStore,
  packages: string[],
): Promise<Set<string>> {
  if (!packages.length) return new Set();
  const rows = await db
    .select({ package: apps.package })
    .from(apps)
    .where(and(eq(apps.user_id, userId), eq(apps.appstore, appstore), inArray(apps.package, packages)));
  return new Set(rows.map((row) => row.package));
}

export type NewApp = typeof apps.$inferInsert;
export type NewAppCountry = typeof appCountries.$inferInsert;

/** Inserts the app unless the user tracks it already; the row either way. */
export async function insertApp(db: Queryable, values: NewApp): Promise<{ row: AppRow; created: boolean }> {
  const [created] = await db.insert(apps).values(values).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(apps)
    .where(
      and(
        eq(apps.user_id, values.user_id),
        eq(apps.appstore, values.appstore),
        eq(apps.package, values.package),
      ),
    );
  return { row: existing!, created: false };
}

/** Adds a country to an app; false when it was tracked there already. */
export async function insertAppCountry(db: Queryable, values: NewAppCountry): Promise<boolean> {
  const rows = await db
    .insert(appCountries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: appCountries.id });
  return rows.length > 0;
}

/** Adds or rewrites the status of an app in a country. */
export async function upsertAppCountry(db: Queryable, values: NewAppCountry) {
  const { app_id: _app, country_id: _country, ...changes } = values;
  await db
    .insert(appCountries)
    .values(values)
    .onConflictDoUpdate({ target: [appCountries.app_id, appCountries.country_id], set: changes });
}

export async function updateApp(db: Queryable, id: number, values: Partial<NewApp>) {
  await db
    .update(apps)
    .set({ ...values, updated_at: new Date() })
    .where(eq(apps.id, id));
}

/** Flips the favorite flag of the user's app; false when there is no such app. */
export async function toggleFavorite(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apps)
    .set({ is_favorite: sql`not ${apps.is_favorite}`, updated_at: new Date() })
    .where(and(eq(apps.user_id, userId), eq(apps.id, id)))
    .returning({ id: apps.id });
  return rows.length > 0;
}

/** Deletes an app; its countries, keywords and rank history go with it (cascade). */
export async function deleteApp(db: Db, id: number) {
  await db.delete(apps).where(eq(apps.id, id));
}

/** Deletes the user's banned apps; how many. */
export async function deleteBannedApps(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(apps)
    .where(and(eq(apps.user_id, userId), eq(apps.is_alive, false)))
    .returning({ id: apps.id });
  return rows.length;
}

/** Ids of every tracked app country, for the status refresh. */
export async function allAppCountryIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: appCountries.id }).from(appCountries).orderBy(appCountries.id);
  return rows.map((row) => row.id);
}

/** What a status refresh needs for each app country. */
export async function appCountriesToRefresh(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: appCountries.id,
      app_id: appCountries.app_id,
      appstore: apps.appstore,
      package: apps.package,
      code: countries.code,
      is_main: sql<boolean>`${apps.country_id} = ${appCountries.country_id}`,
    })
    .from(appCountries)
    .innerJoin(apps, eq(apps.id, appCountries.app_id))
    .innerJoin(countries, eq(countries.id, appCountries.country_id))
    .where(inArray(appCountries.id, ids));
}

/** A refreshed status of one app country; listing fields null when the store has no page there. */
export interface AppCountryStatus {
  id: number;
  alive: boolean;
  status_message: string | null;
  icon: string | null;
  title: string | null;
  votes: number | null;
  rating: number | null;
  content_rating: string | null;
}

/** Writes many app countries' statuses in one statement. */
export async function saveAppCountryStatuses(db: Queryable, rows: AppCountryStatus[]) {
  if (!rows.length) return;
  await db.execute(sql`
    update ${appCountries} as c set
      alive = v.alive,
      status_message = v.status_message,
      icon = coalesce(v.icon, c.icon),
      title = coalesce(v.title, c.title),
      votes = coalesce(v.votes, c.votes),
      rating = coalesce(v.rating, c.rating),
      content_rating = coalesce(v.content_rating, c.content_rating),
      is_pending = false,
      checked_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
      id int, alive boolean, status_message text, icon text, title text, votes int,
      rating double precision, content_rating text)
    where c.id = v.id`);
}

/** A refreshed main listing of one app; listing fields null when the store has no page. */
export interface AppListing {
  id: number;
  is_alive: boolean;
  title: string | null;
  developer: string | null;
  icon: string | null;
  rating: number | null;
  votes: number | null;
  price: string | null;
  content_rating: string | null;
  url: string | null;
}

/** Writes many apps' main listings in one statement. */
export async function saveAppListings(db: Queryable, rows: AppListing[]) {
  if (!rows.length) return;
  await db.execute(sql`
    update ${apps} as a set
      is_alive = v.is_alive,
      title = coalesce(v.title, a.title),
      developer = coalesce(v.developer, a.developer),
      icon = coalesce(v.icon, a.icon),
      rating = coalesce(v.rating, a.rating),
      votes = coalesce(v.votes, a.votes),
      price = coalesce(v.price, a.price),
      content_rating = coalesce(v.content_rating, a.content_rating),
      url = coalesce(v.url, a.url),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
      id int, is_alive boolean, title text, developer text, icon text, rating double precision, votes int,
      price text, content_rating text, url text)
    where a.id = v.id`);
}

type AdminQuery = z.output<typeof adminAppListQuerySchema>;

const ADMIN_ORDER: Record<AdminQuery['orderBy'], SQL> = {
  created_at: sql`${apps.created_at}`,
  id: sql`${apps.id}`,
  title: sql`lower(${apps.title})`,
  developer: sql`lower(${apps.developer})`,
  promotion_value: sql`${apps.promotion_value}`,
};

function adminFiltersOf(query: AdminQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.appstoreId) filters.push(eq(apps.appstore, query.appstoreId));
  if (query.allAppsFilter === 'alive') filters.push(eq(apps.is_alive, true));
  if (query.allAppsFilter === 'ban') filters.push(eq(apps.is_alive, false));
  if (query.allAppsFilter === 'fav') filters.push(eq(apps.is_favorite, true));
  if (query.only_paid) filters.push(gt(billingProfiles.total_payments, '0'));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const columns = {
      title: ilike(apps.title, pattern),
      package: ilike(apps.package, pattern),
      developer: ilike(apps.developer, pattern),
      email: ilike(users.email, pattern),
    };
    filters.push(query.searchColumn === 'all' ? or(...Object.values(columns)) : columns[query.searchColumn]);
  }
  return and(...filters);
}

/**
 * A page of every customer's tracked apps with their owners and what the owner paid, and how many match
 * (staff-admin §2 User apps). A customer's billing profile is made on first use: one without it has paid
 * nothing.
 */
export async function pageAllApps(db: Queryable, query: AdminQuery) {
  const where = adminFiltersOf(query);
  const direction = sql.raw(query.sortBy);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        app: apps,
        country: countries.code,
        user: {
          id: users.id,
          email: users.email,
          nickname: users.nickname,
          total_payments: sql<string>`coalesce(${billingProfiles.total_payments}, 0)::numeric(14,4)::text`,
        },
      })
      .from(apps)
      .innerJoin(users, eq(users.id, apps.user_id))
      .leftJoin(billingProfiles, eq(billingProfiles.user_id, apps.user_id))
      .innerJoin(countries, eq(countries.id, apps.country_id))
      .where(where)
      .orderBy(sql`${ADMIN_ORDER[query.orderBy]} ${direction}`, sql`${apps.id} ${direction}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ value: count() })
      .from(apps)
      .innerJoin(users, eq(users.id, apps.user_id))
      .leftJoin(billingProfiles, eq(billingProfiles.user_id, apps.user_id))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
