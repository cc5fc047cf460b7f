import { sql, type SQL } from 'drizzle-orm';
import {
  PRODUCT_TYPES,
  STATISTICS_TIME_ZONE,
  type CampaignStatisticsQuery,
  type KeywordStatisticsQuery,
  type StatisticsFilters,
} from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';

/** A statistics period: whole Pacific days (STATISTICS_TIME_ZONE), both ends included. */
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

/*
 * Every figure comes from the per-day plan and delivery of the orders (`campaign_order_days`): day d of
 * a campaign is the Pacific calendar day started_at + (d − 1). Only started campaigns count; the filters
 * and the period narrow the campaigns first (by user, start, store, package, country and type), so
 * whatever product types exist show up by themselves. Spend = the campaign's unit price × delivered, but
 * a CPI day's is what its ad network reported spent (recorded by the CPI sweep; none before it reports).
 */
function orderDays(userId: number, filters: StatisticsFilters, period: Period): SQL {
  const zone = sql.raw(`'${STATISTICS_TIME_ZONE}'`);
  const where: SQL[] = [
    sql`c.user_id = ${userId}`,
    sql`c.started_at is not null`,
    // Started by the end of the period and still running at its start.
    sql`c.started_at < (${period.to}::date + 1)::timestamp at time zone ${zone}`,
    sql`(c.started_at at time zone ${zone})::date + c.days > ${period.from}::date`,
  ];
  if (filters.appstore !== undefined) where.push(sql`c.appstore = ${filters.appstore}`);
  if (filters.package) where.push(sql`c.package = ${filters.package}`);
  if (filters.productType !== undefined) where.push(sql`c.product_type = ${filters.productType}`);
  if (filters.country)
    where.push(sql`c.country_id = (select id from countries where code = ${filters.country.toUpperCase()})`);
  return sql`
    scope as (
      select c.id, c.app_id, c.appstore, c.package, c.product_type, c.status, c.started_at, c.country_id,
        c.unit_price, (c.started_at at time zone ${zone})::date as start_day
      from campaigns c
      where ${sql.join(where, sql` and `)}
    ),
    days as (
      select s.id as campaign_id, s.product_type, o.keyword, s.start_day + (d.day - 1) as date,
        d.installs_total, d.installs_actual,
        case when s.product_type = ${PRODUCT_TYPES.cpi} then coalesce(d.spend, 0)
          else d.installs_actual * s.unit_price end as spend
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

/**
 * A page of grouped rows in the asked order, their count and (when `top` is given) the most delivered
 * ones, from one statement: `grouped` ends with the CTE `groups`, which PostgreSQL then computes once
 * (a CTE read more than once is materialized) rather than once per figure.
 */
async function pageOfGroups<Row>(
  db: Queryable,
  grouped: SQL,
  order: SQL,
  query: { page: number; limit: number },
  top?: { limit: number; order: SQL },
) {
  const [row] = await rowsOf<{ rows: Row[]; total: number; top: Row[] | null }>(
    db,
    sql`${grouped}
      select coalesce((select json_agg(p) from (select * from groups order by ${order} ${page(query)}) p), '[]')
          as rows,
        (select count(*)::int from groups) as total,
        ${
          top
            ? sql`coalesce((select json_agg(b) from (select * from groups order by ${top.order}
                limit ${top.limit}) b), '[]')`
            : sql`null`
        } as top`,
  );
  return { rows: row?.rows ?? [], total: row?.total ?? 0, top: row?.top ?? [] };
}

/** Keyword installs per keyword: a page in the asked order, the total, and the most delivered ones. */
export function keywordFigures(
  db: Queryable,
  userId: number,
  query: KeywordStatisticsQuery,
  period: Period,
  top: number,
) {
  const grouped = sql`with ${orderDays(userId, query, period)},
    groups as (
      select keyword, count(distinct campaign_id)::int as campaigns, ${FIGURES}
      from days where keyword is not null group by keyword
    )`;
  const order = sql`${sortColumn(query.sortBy)} ${direction(query.sortType)}, keyword asc`;
  return pageOfGroups<FigureRow & { keyword: string; campaigns: number }>(db, grouped, order, query, {
    limit: top,
    order: sql`delivered desc, keyword asc`,
  });
}

/** Figures per campaign, or per app (store and package) with its campaign count: a page and the total. */
export async function campaignFigures(
  db: Queryable,
  userId: number,
  query: CampaignStatisticsQuery,
  period: Period,
) {
  const perCampaign = query.groupBy === 'campaign';
  // Each campaign's figures first; an app's are the sums of its campaigns'.
  const figures = perCampaign
    ? sql`select s.id, s.product_type, s.status, s.started_at, k.code as country, s.appstore, s.package,
          s.app_id, 1 as campaigns, f.delivered, f.planned, f.spend
        from per_campaign f
        join scope s on s.id = f.campaign_id
        join countries k on k.id = s.country_id`
    : sql`select null::int as id, null::int as product_type, null::text as status, null::timestamptz as started_at,
          null::text as country, s.appstore, s.package, max(s.app_id) as app_id, count(*)::int as campaigns,
          sum(f.delivered)::int as delivered, sum(f.planned)::int as planned, sum(f.spend::numeric)::text as spend
        from per_campaign f join scope s on s.id = f.campaign_id
        group by s.appstore, s.package`;
  const grouped = sql`with ${orderDays(userId, query, period)},
    per_campaign as (select campaign_id, ${FIGURES} from days group by campaign_id),
    groups as (
      select f.*, a.title as app_title, a.icon as app_icon
      from (${figures}) f left join apps a on a.id = f.app_id
    )`;
  const tieBreak = perCampaign ? sql`id desc` : sql`package asc, appstore asc`;
  const order = sql`${sortColumn(query.sortBy)} ${direction(query.sortType)}, ${tieBreak}`;
  type Row = FigureRow & {
    id: number | null;
    product_type: number | null;
    status: string | null;
    started_at: string | null;
    country: string | null;
    appstore: number;
    package: string;
    campaigns: number;
    app_title: string | null;
    app_icon: string | null;
  };
  const { rows, total } = await pageOfGroups<Row>(db, grouped, order, query);
  return { rows, total };
}
