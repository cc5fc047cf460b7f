import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { VendorService } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { columnList, rowOf, rowsOf } from '../../db/sql-rows.js';
import {
  apps,
  campaignOrderDays,
  campaignOrders,
  countries,
  vendorCalls,
  vendorCountries,
  vendorMappings,
  vendorOrders,
  vendors,
} from '../../db/schema/index.js';

/**
 * The vendors' queries (vendor rows, routing, per-country switches, panel service lists, mappings, calls,
 * health).
 */

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendor = typeof vendors.$inferInsert;
export type MappingRow = typeof vendorMappings.$inferSelect;

export async function findVendor(db: Queryable, id: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id));
  return row;
}

/** The vendor locked for a change, or undefined. */
export async function lockVendor(tx: Queryable, id: number): Promise<VendorRow | undefined> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, id)).for('update');
  return row;
}

/** The campaign facts routing looks at. */
export interface RoutedCampaign {
  id: number;
  appstore: number;
  country_id: number;
  product_type: number;
  app_id: number | null;
}

/** Google Play's "Mature 17+" / "Adults only 18+" and the App Store's "17+" (and any 18+ rating). */
const MATURE_RATING = 'mature|adult|1[78]\\+';

/**
 * Whether the vendor `v` (the alias) can take the campaign as a panel vendor, or is no panel vendor (routing,
 * README): its active mapping for the product, store and country (the country's own before "any"), a service
 * (as last loaded) whose min/max take each day's quantity, and a last known balance that covers the campaign at
 * the service's rate.
 */
function panelTakes(campaign: RoutedCampaign) {
  return sql`(v.protocol <> 'panel' or v.api_url is null or exists (
    select 1
    from (select m.service from ${vendorMappings} m
      where m.vendor_id = v.id and m.is_active and m.product_type = ${campaign.product_type}::smallint
        and m.store = ${campaign.appstore}::smallint
        and (m.country_id = ${campaign.country_id}::int or m.country_id is null)
      order by m.country_id nulls last limit 1) m
    cross join (select min(d.installs_total) as low, max(d.installs_total) as high,
        sum(d.installs_total) as total
      from ${campaignOrderDays} d join ${campaignOrders} o on o.id = d.order_id
      where o.campaign_id = ${campaign.id}::int and d.installs_total > 0) q
    cross join lateral jsonb_array_elements(coalesce(v.services, '[]'::jsonb)) s
    where s->>'service' = m.service
      and (s->>'min')::int <= q.low and (s->>'max')::int >= q.high
      and v.balance >= (s->>'rate')::numeric * q.total / 1000))`;
}

/** Whether the vendor can take the campaign as a panel vendor, or is no panel vendor (`panelTakes`). */
export async function panelVendorTakes(
  db: Queryable,
  vendorId: number,
  campaign: RoutedCampaign,
): Promise<boolean> {
  const [row] = await rowsOf<{ takes: boolean }>(
    db,
    sql`select ${panelTakes(campaign)} as takes from ${vendors} v where v.id = ${vendorId}::int`,
  );
  return row?.takes ?? false;
}

/**
 * The vendors that may take the campaign: active there, for its store, country and product, able to
 * deliver (`canDeliver`), by id. An app rated mature goes only to mature vendors (an unknown rating does
 * not route by maturity). A panel vendor with an API also needs its active mapping for the campaign's
 * product, store and country (the country's own before "any"), whose service (as last loaded) takes each
 * day's quantity of each order (min ≤ quantity ≤ max), and a last known balance that covers the whole
 * campaign at the service's rate (rate per 1000 × installs; no balance known = not a candidate). Balance and
 * rate are compared as the panel gives them: a panel answers both in its one currency.
 */
export async function candidatesFor(
  db: Queryable,
  campaign: RoutedCampaign,
  sandbox: boolean,
): Promise<VendorRow[]> {
  // A template, not a query builder: this runs in every order's transaction (db/sql-rows.ts).
  const rows = await rowsOf(
    db,
    sql`
    select ${columnList(vendors, 'v')} from ${vendors} v
    left join ${vendorCountries} vc on vc.vendor_id = v.id and vc.country_id = ${campaign.country_id}::int
    where v.is_active and coalesce(vc.is_active, true) and (${sandbox}::boolean or v.api_url is not null)
      and (v.store is null or v.store = ${campaign.appstore}::smallint)
      and (v.country_id is null or v.country_id = ${campaign.country_id}::int)
      and v.products @> ${JSON.stringify([campaign.product_type])}::jsonb
      and (v.mature or not coalesce((select ${apps.content_rating} ~* ${MATURE_RATING} from ${apps}
        where ${apps.id} = ${campaign.app_id}::int), false))
      and v.share > 0
      and ${panelTakes(campaign)}
    order by v.id`,
    { prepared: true },
  );
  return rows.map((raw) => rowOf(vendors, raw));
}

/** Seeds a vendor once by its `seed_key` (kept as staff changed it afterwards). */
export async function seedVendor(db: Db, values: NewVendor & { seed_key: string }) {
  await db.insert(vendors).values(values).onConflictDoNothing({ target: vendors.seed_key });
}

/** The per-country switches of some vendors, with their country. */
export function switchesOf(db: Queryable, vendorIds: number[]) {
  return db
    .select({
      vendor_id: vendorCountries.vendor_id,
      is_active: vendorCountries.is_active,
      country: { id: countries.id, code: countries.code, name: countries.name },
    })
    .from(vendorCountries)
    .innerJoin(countries, eq(countries.id, vendorCountries.country_id))
    .where(inArray(vendorCountries.vendor_id, vendorIds))
    .orderBy(asc(countries.code));
}

export async function countryRefs(db: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .where(inArray(countries.id, ids));
}

/** The seeded sandbox vendor is offered to staff only where sandboxes are allowed. */
function offered(sandbox: boolean, sandboxKey: string): SQL | undefined {
  return sandbox ? undefined : sql`${vendors.seed_key} is distinct from ${sandboxKey}`;
}

export function shortListRows(db: Queryable, sandbox: boolean, sandboxKey: string) {
  return db
    .select({ id: vendors.id, vendor: vendors.name, store: vendors.store, is_active: vendors.is_active })
    .from(vendors)
    .where(offered(sandbox, sandboxKey))
    .orderBy(asc(vendors.name), asc(vendors.id));
}

const SORTS = {
  id: vendors.id,
  vendor: vendors.name,
  share: vendors.share,
  created_at: vendors.created_at,
} as const;

/** A page of the vendors offered, searched by name, filtered by store (keeping the all-stores vendors). */
export async function pageVendors(
  db: Queryable,
  query: {
    search?: string | undefined;
    store?: number | undefined;
    orderBy: keyof typeof SORTS;
    sortBy: 'asc' | 'desc';
    page: number;
    limit: number;
  },
  sandbox: boolean,
  sandboxKey: string,
) {
  const where: (SQL | undefined)[] = [offered(sandbox, sandboxKey)];
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
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(vendors)
    .where(and(...where));
  return { rows, total: counted?.total ?? 0 };
}

export async function insertVendor(db: Queryable, values: NewVendor): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  return row!;
}

export async function updateVendor(
  db: Queryable,
  id: number,
  values: Partial<NewVendor>,
): Promise<VendorRow> {
  const [row] = await db
    .update(vendors)
    .set({ ...values, updated_at: new Date() })
    .where(eq(vendors.id, id))
    .returning();
  return row!;
}

export async function deleteVendor(db: Queryable, id: number) {
  await db.delete(vendors).where(eq(vendors.id, id));
}

/** A vendor's switch for one country, if it has one. */
export async function countrySwitch(db: Queryable, vendorId: number, countryId: number) {
  const [row] = await db
    .select({ is_active: vendorCountries.is_active })
    .from(vendorCountries)
    .where(and(eq(vendorCountries.vendor_id, vendorId), eq(vendorCountries.country_id, countryId)));
  return row;
}

export async function setCountrySwitch(
  db: Queryable,
  vendorId: number,
  countryId: number,
  isActive: boolean,
) {
  await db
    .insert(vendorCountries)
    .values({ vendor_id: vendorId, country_id: countryId, is_active: isActive })
    .onConflictDoUpdate({
      target: [vendorCountries.vendor_id, vendorCountries.country_id],
      set: { is_active: isActive },
    });
}

/**
 * Stores a panel's service list as loaded now, and the balance read with it (a threshold crossing is left for
 * the balance job to tell).
 */
export async function saveServices(
  db: Queryable,
  id: number,
  services: VendorService[],
  balance: { balance: string; currency: string } | null,
  at: Date,
) {
  await db
    .update(vendors)
    .set({
      services,
      services_currency: balance?.currency ?? null,
      services_loaded_at: at,
      ...(balance && { balance: balance.balance, balance_currency: balance.currency, balance_at: at }),
    })
    .where(eq(vendors.id, id));
}

/** A vendor's mappings with their country code, by product, store and country (any first). */
export function mappingsOf(db: Queryable, vendorId: number) {
  return db
    .select({ mapping: vendorMappings, country: countries.code })
    .from(vendorMappings)
    .leftJoin(countries, eq(countries.id, vendorMappings.country_id))
    .where(eq(vendorMappings.vendor_id, vendorId))
    .orderBy(
      asc(vendorMappings.product_type),
      asc(vendorMappings.store),
      sql`${vendorMappings.country_id} nulls first`,
      asc(countries.code),
    );
}

/** Replaces a vendor's whole mapping list. */
export async function replaceMappings(
  tx: Queryable,
  vendorId: number,
  items: {
    product_type: number;
    store: number;
    country_id: number | null;
    service: string;
    is_active: boolean;
  }[],
) {
  await tx.delete(vendorMappings).where(eq(vendorMappings.vendor_id, vendorId));
  if (items.length)
    await tx.insert(vendorMappings).values(items.map((item) => ({ ...item, vendor_id: vendorId })));
}

/**
 * The active mapping of a vendor for a product, store and country: the country's own before "any country";
 * the service id, or undefined.
 */
export async function mappedService(
  db: Queryable,
  vendorId: number,
  productType: number,
  store: number,
  countryId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ service: vendorMappings.service })
    .from(vendorMappings)
    .where(
      and(
        eq(vendorMappings.vendor_id, vendorId),
        eq(vendorMappings.product_type, productType),
        eq(vendorMappings.store, store),
        eq(vendorMappings.is_active, true),
        or(eq(vendorMappings.country_id, countryId), isNull(vendorMappings.country_id)),
      ),
    )
    .orderBy(sql`${vendorMappings.country_id} nulls last`)
    .limit(1);
  return row?.service;
}

/** Records calls made to vendors' panels. */
export async function insertCalls(db: Queryable, calls: (typeof vendorCalls.$inferInsert)[]) {
  if (calls.length) await db.insert(vendorCalls).values(calls);
}

/** Forgets the calls made before `before` (the log is kept for a while, not forever). */
export async function pruneCalls(db: Queryable, before: Date) {
  await db.delete(vendorCalls).where(lt(vendorCalls.created_at, before));
}

/** A page of the calls made for a campaign, newest first, with the vendor's name. */
export async function pageCalls(db: Queryable, campaignId: number, page: number, limit: number) {
  const rows = await db
    .select({ call: vendorCalls, vendor: vendors.name })
    .from(vendorCalls)
    .leftJoin(vendors, eq(vendors.id, vendorCalls.vendor_id))
    .where(arrayContains(vendorCalls.campaign_ids, [campaignId]))
    .orderBy(desc(vendorCalls.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await db
    .select({ total: count() })
    .from(vendorCalls)
    .where(arrayContains(vendorCalls.campaign_ids, [campaignId]));
  return { rows, total: counted?.total ?? 0 };
}

/** Every vendor offered with its open panel orders and its failed calls since `since`. */
export async function healthRows(db: Queryable, since: Date, sandbox: boolean, sandboxKey: string) {
  const open = db
    .select({ vendor_id: vendorOrders.vendor_id, open: count().as('open') })
    .from(vendorOrders)
    .where(ne(vendorOrders.state, 'closed'))
    .groupBy(vendorOrders.vendor_id)
    .as('open_orders');
  const failed = db
    .select({ vendor_id: vendorCalls.vendor_id, failed: count().as('failed') })
    .from(vendorCalls)
    .where(and(gte(vendorCalls.created_at, since), ne(vendorCalls.outcome, 'ok')))
    .groupBy(vendorCalls.vendor_id)
    .as('failed_calls');
  return db
    .select({
      vendor: vendors,
      open: sql<number>`coalesce(${open.open}, 0)::int`,
      failed: sql<number>`coalesce(${failed.failed}, 0)::int`,
    })
    .from(vendors)
    .leftJoin(open, eq(open.vendor_id, vendors.id))
    .leftJoin(failed, eq(failed.vendor_id, vendors.id))
    .where(offered(sandbox, sandboxKey))
    .orderBy(asc(vendors.name), asc(vendors.id));
}

/** The active panel vendors with an API (the balance job reads each one's balance). */
export function activePanelVendors(db: Queryable) {
  return db
    .select()
    .from(vendors)
    .where(
      and(eq(vendors.is_active, true), eq(vendors.protocol, 'panel'), sql`${vendors.api_url} is not null`),
    )
    .orderBy(asc(vendors.id));
}

/**
 * Records a vendor's balance read now; answers whether it crossed below its threshold with this read (it was
 * not below at the previous read), so the crossing is told once.
 */
export async function recordBalance(
  db: Queryable,
  id: number,
  balance: string,
  currency: string,
  at: Date,
): Promise<{ crossed: boolean; row: VendorRow } | undefined> {
  const [before] = await db
    .select({ low: vendors.balance_low })
    .from(vendors)
    .where(eq(vendors.id, id))
    .for('update');
  if (!before) return undefined;
  const [row] = await db
    .update(vendors)
    .set({
      balance,
      balance_currency: currency,
      balance_at: at,
      balance_low: sql`coalesce(${balance}::numeric < ${vendors.balance_threshold}, false)`,
    })
    .where(eq(vendors.id, id))
    .returning();
  return { crossed: row!.balance_low && !before.low, row: row! };
}
