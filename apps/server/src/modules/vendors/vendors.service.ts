import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES,
  PRODUCT_TYPES,
  type Vendor,
  type VendorListQuery,
  type VendorValues,
} from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { countries, vendorCountries, vendors } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { countryOrFail } from '../apps/apps.service.js';
import { SANDBOX_SEED_KEY, type VendorRow } from './vendors.routing.js';

type VendorInput = VendorValues;

/** The embedded vendor that takes every campaign no other vendor matches (providers/vendor/README.md). */
export const SANDBOX_VENDOR = {
  name: 'Sandbox vendor',
  seed_key: SANDBOX_SEED_KEY,
  store: null,
  country_id: null,
  mature: true,
  products: Object.values(PRODUCT_TYPES).filter((type) => type !== PRODUCT_TYPES.undefined),
  share: '100',
  is_active: true,
};

/** Seeds the sandbox vendor once, even when seeds run at the same time (kept as staff changed it afterwards). */
export async function seedVendors(db: Db) {
  await db.insert(vendors).values(SANDBOX_VENDOR).onConflictDoNothing({ target: vendors.seed_key });
}

export async function findVendor(db: Queryable, id: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id));
  return row;
}

/** The views of some vendor rows, with their country and per-country switches. */
async function viewsOf(db: Queryable, rows: VendorRow[]): Promise<Vendor[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const switches = await db
    .select({
      vendor_id: vendorCountries.vendor_id,
      is_active: vendorCountries.is_active,
      country: { id: countries.id, code: countries.code, name: countries.name },
    })
    .from(vendorCountries)
    .innerJoin(countries, eq(countries.id, vendorCountries.country_id))
    .where(inArray(vendorCountries.vendor_id, ids))
    .orderBy(asc(countries.code));
  const countryIds = rows.flatMap((row) => (row.country_id === null ? [] : [row.country_id]));
  const refs = countryIds.length
    ? await db
        .select({ id: countries.id, code: countries.code, name: countries.name })
        .from(countries)
        .where(inArray(countries.id, countryIds))
    : [];
  return rows.map((row) => ({
    id: row.id,
    store: row.store,
    vendor: row.name,
    country: refs.find((ref) => ref.id === row.country_id) ?? null,
    mature: row.mature,
    products: row.products,
    share: row.share,
    is_active: row.is_active,
    api_url: row.api_url,
    has_api_key: !!row.api_key,
    countries: switches
      .filter((s) => s.vendor_id === row.id)
      .map((s) => ({ country: s.country, is_active: s.is_active })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

async function viewOf(db: Queryable, id: number): Promise<Vendor> {
  const row = await findVendor(db, id);
  if (!row) throw new NotFoundError();
  return (await viewsOf(db, [row]))[0]!;
}

/** `GET vendors/get-list`: every vendor, short. */
export async function shortList(db: Db) {
  const rows = await db
    .select({ id: vendors.id, vendor: vendors.name, store: vendors.store, is_active: vendors.is_active })
    .from(vendors)
    .orderBy(asc(vendors.name), asc(vendors.id));
  return { data: rows };
}

const SORTS = {
  id: vendors.id,
  vendor: vendors.name,
  share: vendors.share,
  created_at: vendors.created_at,
} as const;

/** `GET vendors`: a page, searched by name, filtered by store (a store filter keeps the all-stores vendors). */
export async function listVendors(db: Db, query: VendorListQuery) {
  const where: SQL[] = [];
  if (query.search) where.push(ilike(vendors.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.store !== undefined) where.push(or(eq(vendors.store, query.store), isNull(vendors.store))!);
  const direction = query.sortBy === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(vendors)
    .where(and(...where))
    .orderBy(direction(SORTS[query.orderBy]), direction(vendors.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(vendors)
    .where(and(...where));
  const total = count?.total ?? 0;
  return { data: await viewsOf(db, rows), meta: pageMeta(total, query.page, query.limit) };
}

async function valuesOf(db: Db, body: VendorInput) {
  const country = body.country === null ? null : await countryOrFail(db, body.country.toUpperCase());
  return {
    store: body.store,
    name: body.vendor,
    country_id: country?.id ?? null,
    mature: body.mature,
    products: [...new Set(body.products)].sort((a, b) => a - b),
    share: body.share.toFixed(2),
    is_active: body.is_active,
    // Omitted: unchanged (the staff form does not send them); "" or null: none.
    ...(body.api_url !== undefined && { api_url: body.api_url || null }),
    ...(body.api_key !== undefined && { api_key: body.api_key || null }),
  };
}

/** `POST vendors`. */
export async function createVendor(db: Db, body: VendorInput) {
  const [row] = await db
    .insert(vendors)
    .values(await valuesOf(db, body))
    .returning({ id: vendors.id });
  return { data: await viewOf(db, row!.id), message: CAMPAIGN_MESSAGES.vendorSaved };
}

/** `PUT vendors/{id}`: every field again (the form sends the whole vendor). */
export async function updateVendor(db: Db, id: number, body: VendorInput) {
  const values = await valuesOf(db, body);
  const [row] = await db
    .update(vendors)
    .set({ ...values, updated_at: new Date() })
    .where(eq(vendors.id, id))
    .returning({ id: vendors.id });
  if (!row) throw new NotFoundError();
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}

/** `DELETE vendors/{id}`: its campaigns fall back to the default sandbox vendor. */
export async function deleteVendor(db: Db, id: number) {
  const rows = await db.delete(vendors).where(eq(vendors.id, id)).returning({ id: vendors.id });
  if (!rows.length) throw new NotFoundError();
  return { message: CAMPAIGN_MESSAGES.vendorDeleted, count: rows.length };
}

/** `PUT vendors/change-admin-vendors-activity`. */
export async function setVendorActive(db: Db, id: number, isActive: boolean) {
  const rows = await db
    .update(vendors)
    .set({ is_active: isActive, updated_at: new Date() })
    .where(eq(vendors.id, id))
    .returning({ id: vendors.id });
  if (!rows.length) throw new NotFoundError();
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}

/** `PUT vendors/change-admin-country-vendors-activity`: the vendor's switch for one country. */
export async function setVendorCountryActive(db: Db, id: number, code: string, isActive: boolean) {
  if (!(await findVendor(db, id))) throw new NotFoundError();
  const country = await countryOrFail(db, code.toUpperCase());
  await db
    .insert(vendorCountries)
    .values({ vendor_id: id, country_id: country.id, is_active: isActive })
    .onConflictDoUpdate({
      target: [vendorCountries.vendor_id, vendorCountries.country_id],
      set: { is_active: isActive },
    });
  await db.update(vendors).set({ updated_at: new Date() }).where(eq(vendors.id, id));
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}
