import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  not,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  parseMoney,
  type AdminCampaignListQuery,
  type CampaignListQuery,
  type CampaignStatus,
  type Money,
  type Review,
} from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { eachOnItsOwn } from '../../lib/batches.js';
import { columnList, insertColumns, rowOf, rowsOf, setColumns } from '../../db/sql-rows.js';
import { prepared } from '../../db/prepared.js';
import { runningDiscountActionSql, type RunningDiscountAction } from '../marketing/marketing-actions.repo.js';
import { currentActor } from '../audit/request-context.js';
import {
  apps,
  campaignOrderDays,
  campaignOrders,
  campaignReviews,
  campaigns,
  campaignStatusDeltas,
  campaignMessages,
  campaignStatusHistory,
  countries,
  keywords,
  pricetags,
  transactions,
  users,
} from '../../db/schema/index.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
/** New values of a campaign's columns, and money it adds to its app's promotion value (`promotion`). */
export type CampaignChange = Partial<NewCampaign> & { promotion?: string };
export type OrderDayRow = typeof campaignOrderDays.$inferSelect;

/** A campaign with what its view shows of its app and country. */
export interface CampaignWithRefs {
  campaign: CampaignRow;
  app: { id: number; title: string; icon: string; developer: string } | null;
  country: { id: number; code: string; name: string };
}

/** What a campaign answer shows besides its row: its app and country. */
const REF_FIELDS = {
  campaign: campaigns,
  app: { id: apps.id, title: apps.title, icon: apps.icon, developer: apps.developer },
  country: { id: countries.id, code: countries.code, name: countries.name },
};

function selectCampaigns(db: Queryable) {
  return db
    .select(REF_FIELDS)
    .from(campaigns)
    .leftJoin(apps, eq(apps.id, campaigns.app_id))
    .innerJoin(countries, eq(countries.id, campaigns.country_id));
}

/** One day of an order, as a campaign's details show it. */
export interface DayPart {
  day: number;
  installs_total: number;
  installs_actual: number;
}

/** What a campaign's details show besides its row: its orders with their days, and its status history. */
export interface DetailsParts {
  orders: {
    id: number;
    type: number;
    keyword: string | null;
    installs_total: number;
    installs_actual: number;
    days: DayPart[];
  }[];
  history: {
    from: CampaignStatus | null;
    to: CampaignStatus;
    actor_id: number | null;
    /** Made by staff signed in as the customer (log in as a user). */
    by_support: boolean;
    reason: string | null;
    /** ISO time, as PostgreSQL writes a timestamptz in JSON. */
    at: string;
  }[];
}

/** A campaign with its refs, owner and the parts its details show. */
export type CampaignDetailsRow = AdminCampaignWithRefs & DetailsParts;

/**
 * The campaign with its refs, owner, orders (by id, each with its days) and status history (oldest first)
 * in one statement: one round trip for every answer that shows a campaign's details.
 */
function selectCampaignDetails(db: Queryable) {
  return selectAdminCampaigns(db, {
    orders: sql<DetailsParts['orders']>`coalesce((
      select json_agg(json_build_object('id', o.id, 'type', o.type, 'keyword', o.keyword,
        'installs_total', o.installs_total, 'installs_actual', o.installs_actual,
        'days', (select coalesce(json_agg(json_build_object('day', d.day, 'installs_total', d.installs_total,
            'installs_actual', d.installs_actual) order by d.day), '[]')
          from ${campaignOrderDays} d where d.order_id = o.id)) order by o.id)
      from ${campaignOrders} o where o.campaign_id = ${campaigns}.id), '[]')`,
    history: sql<DetailsParts['history']>`coalesce((
      select json_agg(json_build_object('from', h.from_status, 'to', h.to_status, 'actor_id', h.actor_id,
        'by_support', h.impersonator_id is not null, 'reason', h.reason, 'at', h.created_at) order by h.id)
      from ${campaignStatusHistory} h where h.campaign_id = ${campaigns}.id), '[]')`,
  });
}

/** The details of the user's campaign, or of any user's when `userId` is null; undefined when none. */
export async function findCampaignDetails(
  db: Queryable,
  userId: number | null,
  id: number,
): Promise<CampaignDetailsRow | undefined> {
  const query = prepared(db, `find_campaign_details_${userId === null ? 'any' : 'own'}`, () =>
    selectCampaignDetails(db)
      .where(
        userId === null
          ? eq(campaigns.id, sql.placeholder('id'))
          : and(eq(campaigns.id, sql.placeholder('id')), eq(campaigns.user_id, sql.placeholder('userId'))),
      )
      .prepare(`find_campaign_details_${userId === null ? 'any' : 'own'}`),
  );
  const [row] = await query.execute({ userId, id });
  return row;
}

/** The user's campaign with its app and country, or undefined (also for another user's). */
export async function findCampaign(
  db: Queryable,
  userId: number,
  id: number,
): Promise<CampaignWithRefs | undefined> {
  const query = prepared(db, 'find_campaign', () =>
    selectCampaigns(db)
      .where(and(eq(campaigns.user_id, sql.placeholder('userId')), eq(campaigns.id, sql.placeholder('id'))))
      .prepare('find_campaign'),
  );
  const [row] = await query.execute({ userId, id });
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

/** A status change the history records (`actorId` null = the system). */
export interface HistoryStep {
  from: CampaignStatus | null;
  to: CampaignStatus;
  actorId: number | null;
  reason?: string | null;
}

/** The status-history rows of `steps` as a CTE named `logged` (for the campaign of `campaignId`). */
function historyWrite(campaignId: SQL, steps: HistoryStep[]): SQL {
  const { impersonatorId } = currentActor();
  const rows = steps.map(
    (step) =>
      sql`(${campaignId}, ${step.from}::text, ${step.to}::text, ${step.actorId}::int, ${impersonatorId}::int, ${step.reason ?? null}::text)`,
  );
  return sql`logged as (insert into ${campaignStatusHistory} (campaign_id, from_status, to_status, actor_id,
    impersonator_id, reason) values ${sql.join(rows, sql`, `)})`;
}

/**
 * Updates a campaign; the status-history rows of `steps` and a change of its app's promotion value
 * (`promotion`: money charged for the campaign, or refunded when negative — the apps list's "most promoted"
 * sort) and other `writes` (a webhook event's deliveries) go in the same statement.
 */
export async function updateCampaign(
  db: Queryable,
  id: number,
  values: Partial<NewCampaign>,
  steps: HistoryStep[] = [],
  promotion?: string,
  writes: SQL[] = [],
): Promise<CampaignRow> {
  const ctes: SQL[] = [];
  if (steps.length) ctes.push(historyWrite(sql`${id}::int`, steps));
  writes.forEach((write, index) => ctes.push(sql`${sql.identifier(`write${index}`)} as (${write})`));
  if (promotion)
    ctes.push(sql`promoted as (update ${apps} set promotion_value = promotion_value + ${promotion}::numeric
      where id = (select app_id from ${campaigns} where id = ${id}::int))`);
  const [row] = await rowsOf(
    db,
    sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)}` : sql``}
    update ${campaigns} set ${setColumns(campaigns, { ...values, updated_at: new Date() })}
    where id = ${id}::int returning ${columnList(campaigns)}`,
    { prepared: true },
  );
  return rowOf(campaigns, row!);
}

/** A vendor order to write: its product type, keyword (null: the only order) and installs per day. */
export interface NewOrder {
  type: number;
  keyword: string | null;
  plan: number[];
}

/**
 * The CTEs that write a campaign's orders and their per-day plans. A campaign's orders differ by keyword
 * (one order per keyword, or a single one without), which pairs each new order with its days.
 */
function orderWrites(campaignId: SQL, orders: NewOrder[]): SQL {
  const input = orders.map((order) => ({
    type: order.type,
    keyword: order.keyword,
    total: order.plan.reduce((a, b) => a + b, 0),
    plan: order.plan,
  }));
  return sql`given_orders as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as i(type int, keyword text, total int, plan jsonb)
    ), placed_orders as (
      insert into ${campaignOrders} (campaign_id, type, keyword, installs_total)
      select ${campaignId}, i.type, i.keyword, i.total from given_orders i
      returning id, keyword
    ), planned_days as (
      insert into ${campaignOrderDays} (order_id, day, installs_total)
      select o.id, d.day, d.installs::int
      from placed_orders o join given_orders i on i.keyword is not distinct from o.keyword
      cross join lateral jsonb_array_elements_text(i.plan) with ordinality as d(installs, day)
    )`;
}

/**
 * A write another module makes in a new campaign's insert statement, given the campaign's id as SQL (the
 * public API's Idempotency-Key: when it fails, the statement and its transaction do).
 */
export type CampaignClaim = (campaignId: SQL) => SQL;

/**
 * Inserts a campaign in one statement with, when given, its first status-history row (from nothing to its
 * status), its orders with their days and a claim.
 */
export async function insertCampaign(
  db: Queryable,
  values: NewCampaign,
  parts: { history?: Omit<HistoryStep, 'from' | 'to'>; orders?: NewOrder[]; claim?: CampaignClaim } = {},
): Promise<CampaignRow> {
  const id = sql`(select id from created)`;
  const ctes = [
    sql`created as (insert into ${campaigns} ${insertColumns(campaigns, values)} returning ${columnList(campaigns)})`,
  ];
  if (parts.orders?.length) ctes.push(orderWrites(id, parts.orders));
  if (parts.history)
    ctes.push(
      historyWrite(id, [{ ...parts.history, from: null, to: (values.status ?? 'draft') as CampaignStatus }]),
    );
  if (parts.claim) ctes.push(sql`claimed as (${parts.claim(id)})`);
  const [row] = await rowsOf(db, sql`with ${sql.join(ctes, sql`, `)} select * from created`, {
    prepared: true,
  });
  return rowOf(campaigns, row!);
}

/** Writes the orders of a campaign, each with its per-day plan, in one statement. */
export async function insertOrders(db: Queryable, campaignId: number, orders: NewOrder[]) {
  if (orders.length) await db.execute(sql`with ${orderWrites(sql`${campaignId}::int`, orders)} select 1`);
}

/** Removes a campaign's orders and their days (an edit writes them again). */
export async function deleteOrders(db: Queryable, campaignId: number) {
  await db.delete(campaignOrders).where(eq(campaignOrders.campaign_id, campaignId));
}

/** Replaces the custom review texts of a campaign (`fresh`: a new campaign, nothing to delete). */
export async function replaceReviews(db: Queryable, campaignId: number, reviews: Review[], fresh = false) {
  if (!fresh) await db.delete(campaignReviews).where(eq(campaignReviews.campaign_id, campaignId));
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

/** The orders of a campaign with their days, in order (one query). */
export async function ordersOf(db: Queryable, campaignId: number) {
  const query = prepared(db, 'campaign_orders', () =>
    db
      .select({ order: campaignOrders, day: campaignOrderDays })
      .from(campaignOrders)
      .leftJoin(campaignOrderDays, eq(campaignOrderDays.order_id, campaignOrders.id))
      .where(eq(campaignOrders.campaign_id, sql.placeholder('campaignId')))
      .orderBy(asc(campaignOrders.id), asc(campaignOrderDays.day))
      .prepare('campaign_orders'),
  );
  const rows = await query.execute({ campaignId });
  const orders: ((typeof rows)[number]['order'] & { days: OrderDayRow[] })[] = [];
  for (const { order, day } of rows) {
    if (orders.at(-1)?.id !== order.id) orders.push({ ...order, days: [] });
    if (day) orders.at(-1)!.days.push(day);
  }
  return orders;
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
  // Two statements whatever the number of days (a panel vendor's tick records many campaigns).
  if (changes.length) {
    const values = changes.map(
      (change) => sql`(${change.orderId}::int, ${change.day}::smallint, ${change.installs}::int)`,
    );
    await db.execute(sql`
      update campaign_order_days d set installs_actual = v.installs
      from (values ${sql.join(values, sql`, `)}) as v(order_id, day, installs)
      where d.order_id = v.order_id and d.day = v.day`);
  }
  const [row] = await rowsOf<{ sum: number }>(
    db,
    sql`with o as (
      update campaign_orders o set installs_actual =
        (select coalesce(sum(d.installs_actual), 0) from campaign_order_days d where d.order_id = o.id)
      where o.campaign_id = ${campaignId}::int returning o.installs_actual)
    select coalesce(sum(installs_actual), 0)::int as sum from o`,
  );
  return row?.sum ?? 0;
}

/**
 * The charges a campaign's money was taken by, latest first, each with what is still open of it (charged
 * less refunded): its start charge (`charge_entry_id`) and the extra charges of edits since.
 */
export async function chargesOf(
  db: Queryable,
  row: Pick<CampaignRow, 'id' | 'user_id' | 'charge_entry_id'>,
): Promise<{ entryId: string; open: Money }[]> {
  if (!row.charge_entry_id) return [];
  const rows = await rowsOf<{ entry_id: string; open: string }>(
    db,
    sql`
    with start as (
      select min(id) as id, min(created_at) as at from ${transactions} where entry_id = ${row.charge_entry_id}::uuid
    )
    select c.entry_id, (-sum(c.amount) - coalesce((select sum(r.amount) from ${transactions} r
        where r.related_entry_id = c.entry_id and r.type = 'refund'), 0))::numeric(14,4)::text as open
    from ${transactions} c, start
    where c.user_id = ${row.user_id}::int and c.type = 'campaign_charge' and c.reference_type = 'campaign'
      and c.reference_id = ${String(row.id)} and c.created_at >= start.at and c.id >= start.id
    group by c.entry_id
    order by min(c.id) desc`,
  );
  return rows.map((each) => ({ entryId: each.entry_id, open: parseMoney(each.open) }));
}

export async function addHistory(
  db: Queryable,
  campaignId: number,
  from: CampaignStatus | null,
  to: CampaignStatus,
  actorId: number | null,
  reason: string | null = null,
) {
  const { impersonatorId } = currentActor();
  await db.insert(campaignStatusHistory).values({
    campaign_id: campaignId,
    from_status: from,
    to_status: to,
    actor_id: actorId,
    impersonator_id: impersonatorId,
    reason,
  });
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

/**
 * What an order names, in one query: the user's tracked app of that store and package (none = no row),
 * the country by code, the user's active pricetag of the product type (each null when there is none) and the
 * campaign discount running at `at` for that user, store, country and product (null when none).
 */
export async function orderTargetOf(
  db: Queryable,
  userId: number,
  target: { appstore: number; package: string; country: string; type: number; at: Date },
) {
  const query = prepared(db, 'order_target', () => {
    const [user, appstore] = [sql.placeholder('userId'), sql.placeholder('appstore')];
    const [country, type] = [sql.placeholder('country'), sql.placeholder('type')];
    return db
      .select({
        appId: apps.id,
        countryId: sql<number | null>`(select ${countries.id} from ${countries}
          where ${countries.code} = ${country})`,
        unitPrice: sql<string | null>`(select ${pricetags.price} from ${pricetags}
          where ${pricetags.user_id} = ${user} and ${pricetags.appstore} = ${appstore}
            and ${pricetags.type} = ${type} and ${pricetags.is_active})`.mapWith(pricetags.price),
        discountAction: sql<RunningDiscountAction | null>`${runningDiscountActionSql(db, {
          at: sql`${sql.placeholder('at')}::timestamptz`,
          userId: sql`${user}`,
          country: sql`${country}`,
          store: sql`${appstore}`,
          product: sql`${type}`,
        })}`,
      })
      .from(apps)
      .where(
        and(
          eq(apps.user_id, user),
          eq(apps.appstore, appstore),
          eq(apps.package, sql.placeholder('package')),
        ),
      )
      .prepare('order_target');
  });
  const [row] = await query.execute({ userId, ...target, at: target.at.toISOString() });
  return row;
}

const TAB_STATUS: Record<string, CampaignStatus> = { paused: 'pause' };

/** A contains-match pattern for ILIKE (the text's own wildcards escaped). */
function containsPattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search text that is a number also finds the campaign of that id. */
function orId(byText: SQL, search: string): SQL {
  return /^\d{1,9}$/.test(search) ? or(byText, eq(campaigns.id, Number(search)))! : byText;
}

/**
 * The filters of the list, all but the status tab, on `campaigns` alone (no join, so counting and the
 * page's ids read one table). A search looks the user's apps up by title first, so each of its matches
 * (package and notes by their trigram indexes, the apps by `app_id`) is an index lookup.
 */
export async function listFilters(db: Queryable, userId: number, query: CampaignListQuery): Promise<SQL[]> {
  const where: SQL[] = [eq(campaigns.user_id, userId)];
  if (query.productType !== undefined) where.push(eq(campaigns.product_type, query.productType));
  if (query.appstore !== undefined) where.push(eq(campaigns.appstore, query.appstore));
  if (query.package) where.push(eq(campaigns.package, query.package));
  if (query.country)
    where.push(
      eq(
        campaigns.country_id,
        sql`(select ${countries.id} from ${countries} where ${countries.code} = ${query.country.toUpperCase()})`,
      ),
    );
  if (query.favorite !== undefined) where.push(eq(campaigns.favorite, query.favorite));
  if (query.from) where.push(sql`${campaigns.created_at} >= ${new Date(query.from).toISOString()}`);
  if (query.to) {
    const end = new Date(query.to);
    // A day means the whole of it.
    if (/^\d{4}-\d{2}-\d{2}$/.test(query.to)) end.setUTCDate(end.getUTCDate() + 1);
    where.push(sql`${campaigns.created_at} < ${end.toISOString()}`);
  }
  if (query.search) {
    const pattern = containsPattern(query.search);
    // A campaign's app is one of its owner's tracked apps.
    const titled = await db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.user_id, userId), ilike(apps.title, pattern)));
    const byText = or(
      ilike(campaigns.package, pattern),
      ilike(campaigns.description, pattern),
      titled.length
        ? inArray(
            campaigns.app_id,
            titled.map((app) => app.id),
          )
        : undefined,
    )!;
    where.push(orId(byText, query.search));
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

/**
 * The ids of one page, for a deferred join: they come from `campaigns` alone (for the usual sorts an
 * index-only walk of `(user_id, <sort>, id, status)`), so a deep offset skips narrow index entries, not
 * rows; then only the page's rows are read and joined to their refs (on `pageIdMatches`). The page is given
 * as parameters, or as literals for a statement of a first page (see `ownPage`).
 */
function pageIds(
  where: SQL | undefined,
  order: SQL[],
  limit: number | Placeholder | SQL,
  offset: number | Placeholder,
) {
  // No OFFSET on a first page: an OFFSET parameter makes the planner assume a tenth of the rows are skipped,
  // which can turn an index walk into a scan (the staff e-mail search took 120 ms instead of 5).
  const skip = offset === 0 ? sql`` : sql` offset ${offset}`;
  return sql`(select ${campaigns.id} from ${campaigns} ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(order, sql`, `)} limit ${limit}${skip}) as "page"`;
}

const pageIdMatches = sql`"page"."id" = ${campaigns.id}`;

/** Campaigns of one status, as the tabs count them. */
export interface StatusCount {
  status: string;
  count: number;
}

/**
 * `GET campaigns`: a page of the list (every row when exporting) and the campaigns per status under its filters
 * (the tabs' counts and the list's total). With no filter but the owner, the list's usual call, one statement.
 */
export async function listPage(db: Queryable, userId: number, filters: SQL[], query: CampaignListQuery) {
  if (filters.length === 1 && !query.isExport) return ownPage(db, userId, query);
  const [rows, byStatus] = await Promise.all([
    pageCampaigns(db, filters, query),
    statusCounts(db, userId, filters),
  ]);
  return { rows, byStatus };
}

/** A page of the user's campaigns under `listFilters` (every row when exporting). */
export async function pageCampaigns(db: Queryable, filters: SQL[], query: CampaignListQuery) {
  const where = and(...filters, tabFilter(query.status));
  const order = sortOrder(query);
  if (query.isExport)
    return selectCampaigns(db)
      .where(where)
      .orderBy(...order);
  return selectCampaigns(db)
    .innerJoin(pageIds(where, order, query.limit, (query.page - 1) * query.limit), pageIdMatches)
    .orderBy(...order);
}

function sortOrder(query: CampaignListQuery) {
  const direction = query.sortType === 'desc' ? desc : asc;
  return [direction(SORT_COLUMNS[query.sortBy]), direction(campaigns.id)];
}

/** First pages of these sizes get a statement of their own (see `ownPage`). */
const FIRST_PAGE_SIZES: ReadonlySet<number> = new Set([10, 20, 50, 100]);

/**
 * A page with no filter but the owner (the first of `listFilters`) and the owner's campaigns per status, in one
 * prepared statement per sort and kind of tab, with the owner, the tab's status and the page as parameters. A
 * first page of a usual size has its size written into a statement of its own: with LIMIT and OFFSET as
 * parameters PostgreSQL's generic plan guesses a tenth of the user's rows and loses to a custom plan, so the
 * statement was planned again on every call (0.4 ms, five times its execution); without them the generic plan
 * is the custom one and is kept.
 */
async function ownPage(db: Queryable, userId: number, query: CampaignListQuery) {
  const offset = (query.page - 1) * query.limit;
  const firstPage = offset === 0 && FIRST_PAGE_SIZES.has(query.limit);
  const everyTab = query.status === 'all';
  const name = `campaign_page_${query.sortBy}_${query.sortType}_${everyTab ? 'all' : 'tab'}_${firstPage ? query.limit : 'n'}`;
  const statement = prepared(db, name, () => {
    const order = sortOrder(query);
    const tab = everyTab ? tabFilter('all') : eq(campaigns.status, sql.placeholder('status'));
    const where = and(eq(campaigns.user_id, sql.placeholder('userId')), tab);
    const page = firstPage
      ? pageIds(where, order, sql.raw(String(query.limit)), 0)
      : pageIds(where, order, sql.placeholder('limit'), sql.placeholder('offset'));
    return db
      .select({ ...REF_FIELDS, totals: ownerStatusTotals })
      .from(campaigns)
      .leftJoin(apps, eq(apps.id, campaigns.app_id))
      .innerJoin(countries, eq(countries.id, campaigns.country_id))
      .innerJoin(page, pageIdMatches)
      .orderBy(...order)
      .prepare(name);
  });
  const status = TAB_STATUS[query.status] ?? query.status;
  const rows = await statement.execute({ userId, status, limit: query.limit, offset });
  // An empty page carries no totals: they are read on their own then.
  const first = rows[0]?.totals;
  const totals = first ? (JSON.parse(first) as StatusTotal[]) : await statusTotals(db, userId);
  await foldStatusDeltas(db, userId, totals);
  return { rows, byStatus: totals.filter((total) => total.count !== 0) };
}

/**
 * Campaigns per status under the list's filters (the tabs' counts and the list's total). With no filter but the
 * owner (`listFilters` puts it first) they are the sums of the owner's status deltas, not a count of campaigns.
 */
export async function statusCounts(db: Queryable, userId: number, filters: SQL[]): Promise<StatusCount[]> {
  if (filters.length > 1)
    return db
      .select({ status: campaigns.status, count: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(and(...filters))
      .groupBy(campaigns.status);
  const totals = await statusTotals(db, userId);
  await foldStatusDeltas(db, userId, totals);
  return totals.filter((total) => total.count !== 0);
}

/** A status's sum of a user's deltas, and how many rows it took. */
interface StatusTotal extends StatusCount {
  rows: number;
}

/**
 * The owner's (placeholder `userId`) status totals as JSON text, for a column of a list statement: text, so the
 * driver does not parse it again on each row of the page; the first row's is read.
 */
const ownerStatusTotals = sql<string | null>`(select json_agg(json_build_object(
    'status', t.status, 'count', t.count, 'rows', t.rows))::text
  from (select ${campaignStatusDeltas.status} as status, sum(${campaignStatusDeltas.delta})::int as count,
      count(*)::int as rows
    from ${campaignStatusDeltas} where ${campaignStatusDeltas.user_id} = ${sql.placeholder('userId')}
    group by ${campaignStatusDeltas.status}) t)`;

/** A user's campaigns per status from `campaign_status_deltas`. */
function statusTotals(db: Queryable, userId: number): Promise<StatusTotal[]> {
  const query = prepared(db, 'campaign_status_totals', () =>
    db
      .select({
        status: campaignStatusDeltas.status,
        count: sql<number>`sum(${campaignStatusDeltas.delta})::int`,
        rows: sql<number>`count(*)::int`,
      })
      .from(campaignStatusDeltas)
      .where(eq(campaignStatusDeltas.user_id, sql.placeholder('userId')))
      .groupBy(campaignStatusDeltas.status)
      .prepare('campaign_status_totals'),
  );
  return query.execute({ userId });
}

/** More delta rows of one user than this are folded into one per status. */
const DELTAS_TO_FOLD = 64;

/**
 * Once a user's delta rows pile up (as read in `totals`) they are folded: one statement deletes them and writes
 * their sums, so a concurrent reader sees either all rows or the sums, and a concurrent fold only deletes rows
 * the first left (the sums it wrote are not in its snapshot).
 */
async function foldStatusDeltas(db: Queryable, userId: number, totals: readonly StatusTotal[]) {
  if (totals.reduce((rows, total) => rows + total.rows, 0) <= DELTAS_TO_FOLD) return;
  await db.execute(sql`with gone as (
      delete from ${campaignStatusDeltas} where ${campaignStatusDeltas.user_id} = ${userId}
      returning ${campaignStatusDeltas.status}, ${campaignStatusDeltas.delta})
    insert into ${campaignStatusDeltas} (user_id, status, delta)
      select ${userId}::int, status, sum(delta) from gone group by status having sum(delta) <> 0`);
}

/** The user's campaigns in these statuses, locked. */
export async function lockUserCampaignsIn(db: Queryable, userId: number, statuses: CampaignStatus[]) {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.user_id, userId), inArray(campaigns.status, statuses)))
    .orderBy(asc(campaigns.id))
    .for('update');
}

/**
 * Campaigns the delivery tick looks at, by id after `afterId`: active ones, delayed ones now due, and
 * pending ones (charged, waiting for a vendor or ad network).
 */
export async function dueCampaigns(db: Queryable, now: Date, limit: number, afterId = 0) {
  return db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        sql`${campaigns.id} > ${afterId}`,
        or(
          inArray(campaigns.status, ['active', 'pending']),
          and(eq(campaigns.status, 'delayed'), lte(campaigns.start_at, now)),
        ),
      ),
    )
    .orderBy(asc(campaigns.id))
    .limit(limit);
}

/**
 * Runs `each` on every row `batch` answers, one batch of `limit` after another by id (keyset) until none
 * is left (the jobs' walks over campaigns), up to `concurrency` rows at a time. A row that throws is
 * logged with its id and counted, and the walk goes on; answers how many rows ran and failed.
 */
export async function forEachBatch<T extends { id: number }>(
  what: string,
  batch: (after: number, limit: number) => Promise<T[]>,
  each: (row: T) => Promise<unknown>,
  limit = 500,
  concurrency = 1,
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (let after = 0; ;) {
    const rows = await batch(after, limit);
    const result = await eachOnItsOwn(rows, each, {
      what,
      contextOf: (row) => ({ id: row.id }),
      concurrency,
    });
    done += result.done;
    failed += result.failed.length;
    if (rows.length < limit) return { done, failed };
    after = rows.at(-1)!.id;
  }
}

/** A campaign of any user with its refs, owner and, while it waits in pending, why (staff). */
export interface AdminCampaignWithRefs extends CampaignWithRefs {
  user: { id: number; email: string };
  waiting_reason: string | null;
}

/** Campaigns with their refs and owner, and the `extra` fields asked for. */
function selectAdminCampaigns<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  extra: Extra = {} as Extra,
) {
  // A pending campaign waits for a vendor or ad network: the note of its move there says why.
  const waiting = sql<string | null>`case when ${campaigns.status} = 'pending' then (
    select h.reason from ${campaignStatusHistory} h
    where h.campaign_id = ${campaigns.id} and h.to_status = 'pending' order by h.id desc limit 1) end`;
  return db
    .select({ ...REF_FIELDS, user: { id: users.id, email: users.email }, waiting_reason: waiting, ...extra })
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

/** The campaigns with customer messages nobody on staff has read (the partial unread index serves it). */
const unreadCustomerThreads = (db: Queryable) =>
  db
    .select({ id: campaignMessages.campaign_id })
    .from(campaignMessages)
    .where(and(not(campaignMessages.from_staff), isNull(campaignMessages.read_at)));

/** A page of every user's campaigns (staff user orders) and the total. */
export async function pageAllCampaigns(db: Queryable, query: AdminCampaignListQuery) {
  const filters: SQL[] = [];
  if (query.status !== 'all') filters.push(eq(campaigns.status, query.status));
  if (query.productType !== undefined) filters.push(eq(campaigns.product_type, query.productType));
  if (query.appstore !== undefined) filters.push(eq(campaigns.appstore, query.appstore));
  if (query.user_id !== undefined) filters.push(eq(campaigns.user_id, query.user_id));
  if (query.unread) filters.push(inArray(campaigns.id, unreadCustomerThreads(db)));
  if (query.search) {
    const pattern = containsPattern(query.search);
    // The owners first (a short list), so their campaigns come by user id and the packages by their
    // trigram index (one OR of two index lookups, not a filter over every campaign).
    const owners = await db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
    const byText = ilike(campaigns.package, pattern);
    filters.push(
      orId(
        owners.length
          ? or(
              byText,
              inArray(
                campaigns.user_id,
                owners.map((owner) => owner.id),
              ),
            )!
          : byText,
        query.search,
      ),
    );
  }
  const where = and(...filters);
  const direction = query.sortType === 'desc' ? desc : asc;
  const order = [direction(ADMIN_SORT_COLUMNS[query.sortBy]), direction(campaigns.id)];
  const page = pageIds(where, order, query.limit, (query.page - 1) * query.limit);
  const [rows, [count]] = await Promise.all([
    selectAdminCampaigns(db)
      .innerJoin(page, pageIdMatches)
      .orderBy(...order),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
