import { sql, type SQL } from 'drizzle-orm';
import type { CampaignStatisticsQuery, KeywordStatisticsQuery, StatisticsFilters } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';

/** A statistics period: whole UTC days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** Planned and delivered installs, and the spend of the delivered ones as a decimal text. */
interface FigureRow {
  delivered: number;
  planned: number;
  spend: string;
}

async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/*
 * Every figure comes from the per-day plan and delivery of the orders (`campaign_order_days`): day d of
 * a campaign is the calendar (UTC) day started_at + (d − 1). Only started campaigns count; the filters
 * and the period narrow the campaigns first (by user, start, store, package, country and type), so
 * whatever product types exist show up by themselves. Spend = the campaign's unit price × delivered.
 */
function orderDays(userId: number, filters: StatisticsFilters, period: Period): SQL {
  const where: SQL[] = [
    sql`c.user_id = ${userId}`,
    sql`c.started_at is not null`,
    // Started by the end of the period and still running at its start.
    sql`c.started_at < (${period.to}::date + 1)::timestamp at time zone 'UTC'`,
    sql`(c.started_at at time zone 'UTC')::date + c.days > ${period.from}::date`,
  ];
  if (filters.appstore !== undefined) where.push(sql`c.appstore = ${filters.appstore}`);
  if (filters.package) where.push(sql`c.package = ${filters.package}`);
  if (filters.productType !== undefined) where.push(sql`c.product_type = ${filters.productType}`);
  if (filters.country)
    where.push(sql`c.country_id = (select id from countries where code = ${filters.country.toUpperCase()})`);
  return sql`
    scope as (
      select c.id, c.app_id, c.appstore, c.package, c.product_type, c.status, c.started_at, c.country_id,
        c.unit_price, (c.started_at at time zone 'UTC')::date as start_day
      from campaigns c
      where ${sql.join(where, sql` and `)}
    ),
    days as (
      select s.id as campaign_id, s.product_type, o.keyword, s.start_day + (d.day - 1) as date,
        d.installs_total, d.installs_actual, d.installs_actual * s.unit_price as spend
      from scope s
      join campaign_orders o on o.campaign_id = s.id
      join campaign_order_days d on d.order_id = o.id
        and d.day between ${period.from}::date - s.start_day + 1 and ${period.to}::date - s.start_day + 1
    )`;
}

const FIGURES = sql`sum(installs_actual)::int as delivered, sum(installs_total)::int as planned,
  sum(spend)::text as spend`;

/** Delivered, planned and spend per day and product type (days with no order day are left out). */
export function productDays(db: Queryable, userId: number, filters: StatisticsFilters, period: Period) {
  return rowsOf<FigureRow & { date: string; product_type: number }>(
    db,
    sql`with ${orderDays(userId, filters, period)}
      select to_char(date, 'YYYY-MM-DD') as date, product_type, ${FIGURES}
      from days group by date, product_type order by date, product_type`,
  );
}

function page(query: { page: number; limit: number }): SQL {
  return sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
}

const direction = (sortType: 'asc' | 'desc') => (sortType === 'desc' ? sql`desc` : sql`asc`);

/** The sort names of the query schemas are columns of the grouped rows; spend sorts as a number. */
const sortColumn = (sortBy: string) => (sortBy === 'spend' ? sql`spend::numeric` : sql.identifier(sortBy));

/** Keyword installs per keyword: a page in the asked order, the total, and the most delivered ones. */
export async function keywordFigures(
  db: Queryable,
  userId: number,
  query: KeywordStatisticsQuery,
  period: Period,
  top: number,
) {
  const grouped = sql`with ${orderDays(userId, query, period)},
    keywords as (
      select keyword, count(distinct campaign_id)::int as campaigns, ${FIGURES}
      from days where keyword is not null group by keyword
    )`;
  const order = sortColumn(query.sortBy);
  type Row = FigureRow & { keyword: string; campaigns: number };
  const [rows, [count], best] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`${grouped} select * from keywords
        order by ${order} ${direction(query.sortType)}, keyword asc ${page(query)}`,
    ),
    rowsOf<{ total: number }>(db, sql`${grouped} select count(*)::int as total from keywords`),
    rowsOf<Row>(db, sql`${grouped} select * from keywords order by delivered desc, keyword asc limit ${top}`),
  ]);
  return { rows, total: count?.total ?? 0, top: best };
}

/** Figures per campaign, or per app (store and package) with its campaign count: a page and the total. */
export async function campaignFigures(
  db: Queryable,
  userId: number,
  query: CampaignStatisticsQuery,
  period: Period,
) {
  const perCampaign = query.groupBy === 'campaign';
  const grouped = perCampaign
    ? sql`with ${orderDays(userId, query, period)},
      figures as (
        select s.id, s.product_type, s.status, s.started_at, k.code as country, s.appstore, s.package,
          s.app_id, 1 as campaigns, f.delivered, f.planned, f.spend
        from (select campaign_id, ${FIGURES} from days group by campaign_id) f
        join scope s on s.id = f.campaign_id
        join countries k on k.id = s.country_id
      )`
    : sql`with ${orderDays(userId, query, period)},
      figures as (
        select null::int as id, null::int as product_type, null::text as status, null::timestamptz as started_at,
          null::text as country, s.appstore, s.package, max(s.app_id) as app_id,
          count(distinct s.id)::int as campaigns, ${FIGURES}
        from days d join scope s on s.id = d.campaign_id
        group by s.appstore, s.package
      )`;
  const order = sortColumn(query.sortBy);
  const tieBreak = perCampaign ? sql`id desc` : sql`package asc, appstore asc`;
  type Row = FigureRow & {
    id: number | null;
    product_type: number | null;
    status: string | null;
    started_at: Date | string | null;
    country: string | null;
    appstore: number;
    package: string;
    campaigns: number;
    app_title: string | null;
    app_icon: string | null;
  };
  const [rows, [count]] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`${grouped} select f.*, a.title as app_title, a.icon as app_icon
        from figures f left join apps a on a.id = f.app_id
        order by ${order} ${direction(query.sortType)}, ${tieBreak} ${page(query)}`,
    ),
    rowsOf<{ total: number }>(db, sql`${grouped} select count(*)::int as total from figures`),
  ]);
  return { rows, total: count?.total ?? 0 };
}
