import { and, asc, desc, eq, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCampaignListQuery, CampaignListQuery, CampaignStatus, Review } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import {
  apps,
  campaignOrderDays,
  campaignOrders,
  campaignReviews,
  campaigns,
  campaignStatusHistory,
  countries,
  keywords,
  pricetags,
  users,
} from '../../db/schema/index.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type OrderDayRow = typeof campaignOrderDays.$inferSelect;

/** A campaign with what its view shows of its app and country. */
export interface CampaignWithRefs {
  campaign: CampaignRow;
  app: { id: number; title: string; icon: string; developer: string } | null;
  country: { id: number; code: string; name: string };
}

function selectCampaigns(db: Queryable) {
  return db
    .select({
      campaign: campaigns,
      app: { id: apps.id, title: apps.title, icon: apps.icon, developer: apps.developer },
      country: { id: countries.id, code: countries.code, name: countries.name },
    })
    .from(campaigns)
    .leftJoin(apps, eq(apps.id, campaigns.app_id))
    .innerJoin(countries, eq(countries.id, campaigns.country_id));
}

/** The user's campaign with its app and country, or undefined (also for another user's). */
export async function findCampaign(
  db: Queryable,
  userId: number,
  id: number,
): Promise<CampaignWithRefs | undefined> {
  const [row] = await selectCampaigns(db).where(and(eq(campaigns.user_id, userId), eq(campaigns.id, id)));
  return row;
}

/** Locks the user's campaign row for the rest of the transaction. */
export async function lockCampaign(
  db: Queryable,
  id: number,
  userId?: number,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(
      userId === undefined ? eq(campaigns.id, id) : and(eq(campaigns.id, id), eq(campaigns.user_id, userId)),
    )
    .for('update');
  return row;
}

export async function insertCampaign(db: Queryable, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

export async function updateCampaign(
  db: Queryable,
  id: number,
  values: Partial<NewCampaign>,
): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updated_at: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return row!;
}

/** Writes the orders of a campaign, each with its per-day plan. */
export async function insertOrders(
  db: Queryable,
  campaignId: number,
  orders: { type: number; keyword: string | null; plan: number[] }[],
) {
  const rows = await db
    .insert(campaignOrders)
    .values(
      orders.map((order) => ({
        campaign_id: campaignId,
        type: order.type,
        keyword: order.keyword,
        installs_total: order.plan.reduce((a, b) => a + b, 0),
      })),
    )
    .returning({ id: campaignOrders.id });
  const days = rows.flatMap((row, index) =>
    orders[index]!.plan.map((installs, day) => ({
      order_id: row.id,
      day: day + 1,
      installs_total: installs,
    })),
  );
  if (days.length) await db.insert(campaignOrderDays).values(days);
}

/** Removes a campaign's orders and their days (an edit writes them again). */
export async function deleteOrders(db: Queryable, campaignId: number) {
  await db.delete(campaignOrders).where(eq(campaignOrders.campaign_id, campaignId));
}

/** Replaces the custom review texts of a campaign. */
export async function replaceReviews(db: Queryable, campaignId: number, reviews: Review[]) {
  await db.delete(campaignReviews).where(eq(campaignReviews.campaign_id, campaignId));
  if (reviews.length)
    await db
      .insert(campaignReviews)
      .values(reviews.map((review) => ({ campaign_id: campaignId, ...review })));
}

/** The custom review texts of a campaign, in the order given. */
export async function reviewsOf(db: Queryable, campaignId: number): Promise<Review[]> {
  const rows = await db
    .select({
      title: campaignReviews.title,
      body: campaignReviews.body,
      rates: campaignReviews.rates,
      gender: campaignReviews.gender,
      language: campaignReviews.language,
    })
    .from(campaignReviews)
    .where(eq(campaignReviews.campaign_id, campaignId))
    .orderBy(asc(campaignReviews.id));
  return rows as Review[];
}

/** Daily searches and rank of an app's tracked keywords in a country, by keyword text. */
export async function keywordStatsOf(
  db: Queryable,
  appId: number | null,
  countryId: number,
  texts: string[],
) {
  if (!texts.length || appId === null)
    return new Map<string, { searches: number | null; rank: number | null }>();
  const rows = await db
    .select({ keyword: keywords.keyword, searches: keywords.searches, rank: keywords.rank })
    .from(keywords)
    .where(
      and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId), inArray(keywords.keyword, texts)),
    );
  return new Map(rows.map((row) => [row.keyword, { searches: row.searches, rank: row.rank }]));
}

/** Sets the favorite flag of the user's campaign; undefined when it is not theirs. */
export async function setFavorite(db: Queryable, userId: number, id: number, favorite: boolean | undefined) {
  const [row] = await db
    .update(campaigns)
    .set({ favorite: favorite ?? sql`not ${campaigns.favorite}` })
    .where(and(eq(campaigns.id, id), eq(campaigns.user_id, userId)))
    .returning({ id: campaigns.id });
  return row;
}

/** What My campaigns' filter selects offer: the user's campaigns' apps, countries and product types. */
export async function filtersOf(db: Queryable, userId: number) {
  const mine = eq(campaigns.user_id, userId);
  const [appRows, countryRows, typeRows] = await Promise.all([
    db
      .select({
        appstore: campaigns.appstore,
        package: campaigns.package,
        // A package the user stopped tracking keeps its campaigns: its id stands in for the title.
        title: sql<string>`coalesce(max(${apps.title}), ${campaigns.package})`,
        icon: sql<string>`coalesce(max(${apps.icon}), '')`,
      })
      .from(campaigns)
      .leftJoin(apps, eq(apps.id, campaigns.app_id))
      .where(mine)
      .groupBy(campaigns.appstore, campaigns.package)
      .orderBy(asc(campaigns.package), asc(campaigns.appstore)),
    db
      .selectDistinct({ id: countries.id, code: countries.code, name: countries.name })
      .from(campaigns)
      .innerJoin(countries, eq(countries.id, campaigns.country_id))
      .where(mine)
      .orderBy(asc(countries.name)),
    db
      .selectDistinct({ type: campaigns.product_type })
      .from(campaigns)
      .where(mine)
      .orderBy(asc(campaigns.product_type)),
  ]);
  return { apps: appRows, countries: countryRows, productTypes: typeRows.map((row) => row.type) };
}

/** The orders of a campaign with their days, in order. */
export async function ordersOf(db: Queryable, campaignId: number) {
  const orders = await db
    .select()
    .from(campaignOrders)
    .where(eq(campaignOrders.campaign_id, campaignId))
    .orderBy(asc(campaignOrders.id));
  const days = orders.length
    ? await db
        .select()
        .from(campaignOrderDays)
        .where(
          inArray(
            campaignOrderDays.order_id,
            orders.map((order) => order.id),
          ),
        )
        .orderBy(asc(campaignOrderDays.order_id), asc(campaignOrderDays.day))
    : [];
  return orders.map((order) => ({ ...order, days: days.filter((day) => day.order_id === order.id) }));
}

/** Sets every delivered count of a campaign's orders and their days back to zero (forced draft). */
export async function resetDelivery(db: Queryable, campaignId: number) {
  await db.execute(sql`
    update campaign_order_days d set installs_actual = 0
    from campaign_orders o where o.id = d.order_id and o.campaign_id = ${campaignId}`);
  await db
    .update(campaignOrders)
    .set({ installs_actual: 0 })
    .where(eq(campaignOrders.campaign_id, campaignId));
}

/** Sets delivered installs of some order days, then the orders' and the campaign's sums from them. */
export async function recordDelivery(
  db: Queryable,
  campaignId: number,
  changes: { orderId: number; day: number; installs: number }[],
): Promise<number> {
  for (const change of changes) {
    await db
      .update(campaignOrderDays)
      .set({ installs_actual: change.installs })
      .where(and(eq(campaignOrderDays.order_id, change.orderId), eq(campaignOrderDays.day, change.day)));
  }
  await db.execute(sql`
    update campaign_orders o set installs_actual =
      (select coalesce(sum(d.installs_actual), 0) from campaign_order_days d where d.order_id = o.id)
    where o.campaign_id = ${campaignId}`);
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${campaignOrders.installs_actual}), 0)::int` })
    .from(campaignOrders)
    .where(eq(campaignOrders.campaign_id, campaignId));
  return row?.sum ?? 0;
}

export async function addHistory(
  db: Queryable,
  campaignId: number,
  from: CampaignStatus | null,
  to: CampaignStatus,
  actorId: number | null,
  reason: string | null = null,
) {
  await db
    .insert(campaignStatusHistory)
    .values({ campaign_id: campaignId, from_status: from, to_status: to, actor_id: actorId, reason });
}

export function historyOf(db: Queryable, campaignId: number) {
  return db
    .select()
    .from(campaignStatusHistory)
    .where(eq(campaignStatusHistory.campaign_id, campaignId))
    .orderBy(asc(campaignStatusHistory.id));
}

/** The user's active pricetag of a product type on a store. */
export async function pricetagOf(db: Queryable, userId: number, appstore: number, type: number) {
  const [row] = await db
    .select({ price: pricetags.price })
    .from(pricetags)
    .where(
      and(
        eq(pricetags.user_id, userId),
        eq(pricetags.appstore, appstore),
        eq(pricetags.type, type),
        eq(pricetags.is_active, true),
      ),
    );
  return row?.price;
}

/** Adds spending to the app's promotion value (the apps list's "most promoted" sort). */
export async function addPromotionValue(db: Queryable, appId: number | null, amount: string) {
  if (appId === null) return;
  await db
    .update(apps)
    .set({ promotion_value: sql`${apps.promotion_value} + ${amount}::numeric` })
    .where(eq(apps.id, appId));
}

const TAB_STATUS: Record<string, CampaignStatus> = { paused: 'pause' };

/** The filters of the list, all but the status tab. */
function listFilters(userId: number, query: CampaignListQuery): SQL[] {
  const where: SQL[] = [eq(campaigns.user_id, userId)];
  if (query.productType !== undefined) where.push(eq(campaigns.product_type, query.productType));
  if (query.appstore !== undefined) where.push(eq(campaigns.appstore, query.appstore));
  if (query.package) where.push(eq(campaigns.package, query.package));
  if (query.country) where.push(eq(countries.code, query.country.toUpperCase()));
  if (query.favorite !== undefined) where.push(eq(campaigns.favorite, query.favorite));
  if (query.from) where.push(sql`${campaigns.created_at} >= ${new Date(query.from).toISOString()}`);
  if (query.to) {
    const end = new Date(query.to);
    // A day means the whole of it.
    if (/^\d{4}-\d{2}-\d{2}$/.test(query.to)) end.setUTCDate(end.getUTCDate() + 1);
    where.push(sql`${campaigns.created_at} < ${end.toISOString()}`);
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(
      ilike(campaigns.package, pattern),
      ilike(apps.title, pattern),
      ilike(campaigns.description, pattern),
    )!;
    where.push(/^\d{1,9}$/.test(query.search) ? or(byText, eq(campaigns.id, Number(query.search)))! : byText);
  }
  return where;
}

function tabFilter(tab: CampaignListQuery['status']): SQL | undefined {
  if (tab === 'all') return ne(campaigns.status, 'archived');
  return eq(campaigns.status, TAB_STATUS[tab] ?? tab);
}

const SORT_COLUMNS = {
  id: campaigns.id,
  created_at: campaigns.created_at,
  price: campaigns.price,
  status: campaigns.status,
  start_at: campaigns.start_at,
  days: campaigns.days,
} as const;

/** A page of the user's campaigns (every row when exporting) and the total. */
export async function pageCampaigns(db: Queryable, userId: number, query: CampaignListQuery) {
  const where = and(...listFilters(userId, query), tabFilter(query.status));
  const direction = query.sortType === 'desc' ? desc : asc;
  const base = selectCampaigns(db)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sortBy]), direction(campaigns.id));
  const rows = query.isExport
    ? await base
    : await base.limit(query.limit).offset((query.page - 1) * query.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(campaigns)
    .leftJoin(apps, eq(apps.id, campaigns.app_id))
    .innerJoin(countries, eq(countries.id, campaigns.country_id))
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Campaigns per status under the list's filters. */
export function statusCounts(db: Queryable, userId: number, query: CampaignListQuery) {
  return db
    .select({ status: campaigns.status, count: sql<number>`count(*)::int` })
    .from(campaigns)
    .leftJoin(apps, eq(apps.id, campaigns.app_id))
    .innerJoin(countries, eq(countries.id, campaigns.country_id))
    .where(and(...listFilters(userId, query)))
    .groupBy(campaigns.status);
}

/** Ids of the user's campaigns in these statuses, locked. */
export async function lockUserCampaignsIn(db: Queryable, userId: number, statuses: CampaignStatus[]) {
  return db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.user_id, userId), inArray(campaigns.status, statuses)))
    .orderBy(asc(campaigns.id))
    .for('update');
}

/** Campaigns the delivery tick looks at, by id after `afterId`: active ones, and delayed ones now due. */
export async function dueCampaigns(db: Queryable, now: Date, limit: number, afterId = 0) {
  return db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        sql`${campaigns.id} > ${afterId}`,
        or(
          eq(campaigns.status, 'active'),
          and(eq(campaigns.status, 'delayed'), lte(campaigns.start_at, now)),
        ),
      ),
    )
    .orderBy(asc(campaigns.id))
    .limit(limit);
}

/**
 * Runs `each` on every row `batch` answers, one batch of `limit` after another by id (keyset) until none
 * is left (the jobs' walks over campaigns); answers how many rows it ran.
 */
export async function forEachBatch<T extends { id: number }>(
  batch: (after: number, limit: number) => Promise<T[]>,
  each: (row: T) => Promise<unknown>,
  limit = 500,
): Promise<number> {
  let done = 0;
  for (let after = 0; ;) {
    const rows = await batch(after, limit);
    for (const row of rows) await each(row);
    done += rows.length;
    if (rows.length < limit) return done;
    after = rows.at(-1)!.id;
  }
}

/** A campaign of any user with its refs and owner (staff). */
export interface AdminCampaignWithRefs extends CampaignWithRefs {
  user: { id: number; email: string };
}

function selectAdminCampaigns(db: Queryable) {
  return db
    .select({
      campaign: campaigns,
      app: { id: apps.id, title: apps.title, icon: apps.icon, developer: apps.developer },
      country: { id: countries.id, code: countries.code, name: countries.name },
      user: { id: users.id, email: users.email },
    })
    .from(campaigns)
    .leftJoin(apps, eq(apps.id, campaigns.app_id))
    .innerJoin(countries, eq(countries.id, campaigns.country_id))
    .innerJoin(users, eq(users.id, campaigns.user_id));
}

/** Any user's campaign with its refs and owner, or undefined. */
export async function findAnyCampaign(db: Queryable, id: number): Promise<AdminCampaignWithRefs | undefined> {
  const [row] = await selectAdminCampaigns(db).where(eq(campaigns.id, id));
  return row;
}

const ADMIN_SORT_COLUMNS = {
  id: campaigns.id,
  created_at: campaigns.created_at,
  price: campaigns.price,
  status: campaigns.status,
  user_id: campaigns.user_id,
} as const;

/** A page of every user's campaigns (staff user orders) and the total. */
export async function pageAllCampaigns(db: Queryable, query: AdminCampaignListQuery) {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(campaigns.status, query.status));
  if (query.productType !== undefined) where.push(eq(campaigns.product_type, query.productType));
  if (query.appstore !== undefined) where.push(eq(campaigns.appstore, query.appstore));
  if (query.user_id !== undefined) where.push(eq(campaigns.user_id, query.user_id));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(campaigns.package, pattern), ilike(users.email, pattern))!;
    where.push(/^\d{1,9}$/.test(query.search) ? or(byText, eq(campaigns.id, Number(query.search)))! : byText);
  }
  const direction = query.sortType === 'desc' ? desc : asc;
  const rows = await selectAdminCampaigns(db)
    .where(and(...where))
    .orderBy(direction(ADMIN_SORT_COLUMNS[query.sortBy]), direction(campaigns.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.user_id))
    .where(and(...where));
  return { rows, total: count?.total ?? 0 };
}
