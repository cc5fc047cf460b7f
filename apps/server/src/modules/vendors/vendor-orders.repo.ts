import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  campaignOrderDays,
  campaignOrders,
  campaignReviews,
  campaigns,
  countries,
  vendorOrders,
  vendors,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';

/** The queries of orders at panel vendors (`vendor_orders`, providers/vendors/README.md). */

export type VendorOrderRow = typeof vendorOrders.$inferSelect;
export type NewVendorOrder = typeof vendorOrders.$inferInsert;
export type VendorOrderState = 'new' | 'open' | 'canceling' | 'withdrawing' | 'closed';
export type VendorOrderOutcome = 'delivered' | 'partial' | 'failed' | 'rerouted' | 'withdrawn';

/** Outcomes that end a day: nothing more is placed for it. */
const DAY_ENDED = sql`('delivered', 'partial', 'failed')`;

/** A campaign delivered by a panel vendor (one with an API), by its vendor row. */
const panelVendor = sql`v.protocol = 'panel' and v.api_url is not null`;

/**
 * The days a campaign delivered by a panel vendor still needs an order for: started (by its clock), not
 * delivered in full, with no live order and not ended by one (the alias `c` is the campaign).
 */
const dayNeedsOrder = sql`d.day <= floor(c.progress_ms / 86400000) + 1
  and d.installs_actual < d.installs_total
  and not exists (select 1 from ${vendorOrders} vo where vo.order_id = d.order_id and vo.day = d.day
    and (vo.state <> 'closed' or vo.outcome in ${DAY_ENDED}))`;

/** A page (by id) of active campaigns of panel vendors with a day that needs an order now. */
export async function campaignsToPlace(db: Queryable, afterId: number, limit: number) {
  return rowsOf<{ id: number }>(
    db,
    sql`select c.id from ${campaigns} c
    join ${vendors} v on v.id = c.vendor_id and ${panelVendor}
    where c.status = 'active' and c.id > ${afterId}::int and exists (
      select 1 from ${campaignOrders} o join ${campaignOrderDays} d on d.order_id = o.id
      where o.campaign_id = c.id and ${dayNeedsOrder})
    order by c.id limit ${limit}::int`,
  );
}

/** The days of a (locked) campaign that need an order now, with their keyword order. */
export async function daysToPlace(db: Queryable, campaignId: number) {
  return rowsOf<{
    order_id: number;
    day: number;
    installs_total: number;
    installs_actual: number;
  }>(
    db,
    sql`select d.order_id, d.day, d.installs_total, d.installs_actual
    from ${campaigns} c join ${campaignOrders} o on o.campaign_id = c.id
    join ${campaignOrderDays} d on d.order_id = o.id
    where c.id = ${campaignId}::int and ${dayNeedsOrder}
    order by d.order_id, d.day`,
  );
}

export async function insertVendorOrders(db: Queryable, rows: NewVendorOrder[]) {
  if (rows.length) await db.insert(vendorOrders).values(rows);
}

export async function findVendorOrder(db: Queryable, id: number): Promise<VendorOrderRow | undefined> {
  const [row] = await db.select().from(vendorOrders).where(eq(vendorOrders.id, id));
  return row;
}

/** Some orders by id. */
export function findVendorOrders(db: Queryable, ids: number[]): Promise<VendorOrderRow[]> {
  return ids.length
    ? db.select().from(vendorOrders).where(inArray(vendorOrders.id, ids))
    : Promise.resolve([]);
}

/** Records the panel's last status of some orders in one statement (and that the panel answered for them). */
export async function recordPanelStatuses(
  db: Queryable,
  rows: { id: number; status: string; remains: number; charge: string | null; currency: string | null }[],
) {
  if (!rows.length) return;
  const values = rows.map(
    (row) =>
      sql`(${row.id}::int, ${row.status}::text, ${row.remains}::int, ${row.charge}::numeric, ${row.currency}::text)`,
  );
  await db.execute(sql`update ${vendorOrders} o set status = v.status, remains = v.remains, charge = v.charge,
      currency = v.currency, failing_since = null, last_error = null, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, status, remains, charge, currency)
    where o.id = v.id`);
}

export async function updateVendorOrder(db: Queryable, id: number, values: Partial<NewVendorOrder>) {
  await db
    .update(vendorOrders)
    .set({ ...values, updated_at: new Date() })
    .where(eq(vendorOrders.id, id));
}

/** Where a page of orders starts: after this order of this campaign. */
export interface OrderKey {
  campaign_id: number;
  id: number;
}

/**
 * A page of the orders in some states, by campaign then id (so a campaign's orders come together and are
 * recorded in one transaction), with their campaign's status and their vendor's API (null when the vendor is
 * gone or lost its API).
 */
export function ordersIn(db: Queryable, states: VendorOrderState[], after: OrderKey, limit: number) {
  return db
    .select({
      id: vendorOrders.id,
      campaign_id: vendorOrders.campaign_id,
      vendor_id: vendorOrders.vendor_id,
      order_id: vendorOrders.order_id,
      day: vendorOrders.day,
      state: vendorOrders.state,
      panel_order: vendorOrders.panel_order,
      service: vendorOrders.service,
      quantity: vendorOrders.quantity,
      delivered_before: vendorOrders.delivered_before,
      rerouted: vendorOrders.rerouted,
      failing_since: vendorOrders.failing_since,
      campaign_status: campaigns.status,
      api_url: vendors.api_url,
      api_key: vendors.api_key,
      seed_key: vendors.seed_key,
      services: vendors.services,
    })
    .from(vendorOrders)
    .innerJoin(campaigns, eq(campaigns.id, vendorOrders.campaign_id))
    .leftJoin(vendors, eq(vendors.id, vendorOrders.vendor_id))
    .where(
      and(
        ne(vendorOrders.state, 'closed'),
        inArray(vendorOrders.state, states),
        sql`(${vendorOrders.campaign_id}, ${vendorOrders.id}) > (${after.campaign_id}::int, ${after.id}::int)`,
      ),
    )
    .orderBy(asc(vendorOrders.campaign_id), asc(vendorOrders.id))
    .limit(limit);
}
export type ListedVendorOrder = Awaited<ReturnType<typeof ordersIn>>[number];

/** Moves some orders to another state. */
export async function setState(db: Queryable, ids: number[], state: VendorOrderState) {
  if (ids.length)
    await db.update(vendorOrders).set({ state, updated_at: new Date() }).where(inArray(vendorOrders.id, ids));
}

/** Closes some orders as withdrawn (we stopped them; the rest of their day may be placed again). */
export async function closeWithdrawn(db: Queryable, ids: number[]) {
  if (ids.length)
    await db
      .update(vendorOrders)
      .set({ state: 'closed', outcome: 'withdrawn', updated_at: new Date() })
      .where(inArray(vendorOrders.id, ids));
}

/**
 * Withdraws a campaign's orders (it moved to another vendor or back to draft): those not placed yet close,
 * placed ones are to be canceled at their panel by the next pass.
 */
export async function withdrawOrders(tx: Queryable, campaignId: number) {
  const now = new Date();
  await tx
    .update(vendorOrders)
    .set({ state: 'closed', outcome: 'withdrawn', updated_at: now })
    .where(and(eq(vendorOrders.campaign_id, campaignId), eq(vendorOrders.state, 'new')));
  await tx
    .update(vendorOrders)
    .set({ state: 'canceling', updated_at: now })
    .where(and(eq(vendorOrders.campaign_id, campaignId), eq(vendorOrders.state, 'open')));
}

/**
 * Whether a (locked) campaign's panel delivery is over: no order is live, and every day is delivered in full
 * or ended by its order (delivered, partial or failed).
 */
export async function deliveryOver(db: Queryable, campaignId: number): Promise<boolean> {
  const [row] = await rowsOf<{ over: boolean }>(
    db,
    sql`select not exists (
        select 1 from ${vendorOrders} where campaign_id = ${campaignId}::int and state <> 'closed')
      and not exists (
        select 1 from ${campaignOrders} o join ${campaignOrderDays} d on d.order_id = o.id
        where o.campaign_id = ${campaignId}::int and d.installs_actual < d.installs_total
          and not exists (select 1 from ${vendorOrders} vo where vo.order_id = d.order_id and vo.day = d.day
            and vo.outcome in ${DAY_ENDED})) as over`,
  );
  return row?.over ?? false;
}

/**
 * What some campaigns cost at their vendors: the sum of their orders' charges (USD; a charge in another
 * currency makes the cost unknown), null for a campaign with no charge known.
 */
export async function costsOf(db: Queryable, campaignIds: number[]) {
  if (!campaignIds.length) return new Map<number, string | null>();
  const rows = await db
    .select({
      campaign_id: vendorOrders.campaign_id,
      cost: sql<
        string | null
      >`case when bool_and(${vendorOrders.currency} is null or ${vendorOrders.currency} = 'USD')
        then round(sum(${vendorOrders.charge}), 4)::text end`,
    })
    .from(vendorOrders)
    .where(and(inArray(vendorOrders.campaign_id, campaignIds), sql`${vendorOrders.charge} is not null`))
    .groupBy(vendorOrders.campaign_id);
  return new Map(rows.map((row) => [row.campaign_id, row.cost]));
}

/** A campaign's closed orders that delivered something, newest first (the guarantee's refill). */
export function deliveredOrdersOf(db: Queryable, campaignId: number) {
  return db
    .select()
    .from(vendorOrders)
    .where(
      and(
        eq(vendorOrders.campaign_id, campaignId),
        eq(vendorOrders.state, 'closed'),
        sql`${vendorOrders.panel_order} is not null`,
        ne(vendorOrders.outcome, 'failed'),
      ),
    )
    .orderBy(sql`${vendorOrders.id} desc`);
}

/**
 * What a refill of a campaign's reviews needs: its vendor, product, store, country and package, its (first)
 * order with its last day, and its review texts in order.
 */
export async function refillFacts(db: Queryable, campaignId: number) {
  const [campaign] = await db
    .select({
      id: campaigns.id,
      vendor_id: campaigns.vendor_id,
      product_type: campaigns.product_type,
      appstore: campaigns.appstore,
      country_id: campaigns.country_id,
      package: campaigns.package,
      country: countries.code,
      order_id: sql<number | null>`(select min(${campaignOrders.id}) from ${campaignOrders}
        where ${campaignOrders.campaign_id} = ${campaigns.id})`,
      days: campaigns.days,
    })
    .from(campaigns)
    .innerJoin(countries, eq(countries.id, campaigns.country_id))
    .where(eq(campaigns.id, campaignId));
  if (!campaign) return undefined;
  const texts = await db
    .select({ body: campaignReviews.body })
    .from(campaignReviews)
    .where(eq(campaignReviews.campaign_id, campaignId))
    .orderBy(asc(campaignReviews.id));
  return { ...campaign, texts: texts.map((text) => text.body) };
}
