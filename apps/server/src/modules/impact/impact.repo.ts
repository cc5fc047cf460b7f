import { sql, type SQL } from 'drizzle-orm';
import { PRODUCT_TYPES, STATISTICS_TIME_ZONE, type ImpactStatisticsQuery } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';

/** A keyword-installs campaign as the impact report needs it; one row per keyword order. */
export interface ImpactCampaignRow {
  id: number;
  user_id: number;
  status: string;
  product_type: number;
  app_id: number | null;
  country_id: number;
  country: string;
  package: string;
  unit_price: string;
  /** UTC day of the start; null when it never started. */
  start_day: string | null;
  /** UTC day it finished; null while it runs. */
  finished_day: string | null;
  /** The keyword orders: keyword, and installs delivered per campaign day (day 1 = the start day). */
  orders: { keyword: string; days: { day: number; installs: number }[] }[];
}

/** A campaign's columns with its keyword orders (`orders`: only those it names, when given). */
const campaignColumns = (orders?: SQL) => sql`c.id, c.user_id, c.status, c.product_type, c.app_id,
  c.country_id, k.code as country, c.package, c.unit_price::text as unit_price,
  to_char((c.started_at at time zone 'UTC')::date, 'YYYY-MM-DD') as start_day,
  to_char((c.finished_at at time zone 'UTC')::date, 'YYYY-MM-DD') as finished_day,
  coalesce((
    select json_agg(json_build_object('keyword', o.keyword, 'days', coalesce((
        select json_agg(json_build_object('day', d.day, 'installs', d.installs_actual) order by d.day)
        from campaign_order_days d where d.order_id = o.id), '[]')) order by o.id)
    from campaign_orders o
    where o.campaign_id = c.id and o.keyword is not null ${orders ? sql`and o.id in (${orders})` : sql``}
  ), '[]') as orders`;

/** A campaign with its keyword orders; `userId` narrows it to its owner's (null: staff, any). */
export async function findImpactCampaign(db: Queryable, id: number, userId: number | null) {
  const [row] = await rowsOf<ImpactCampaignRow>(
    db,
    sql`select ${campaignColumns()} from campaigns c join countries k on k.id = c.country_id
      where c.id = ${id} ${userId === null ? sql`` : sql`and c.user_id = ${userId}`}`,
  );
  return row;
}

/**
 * A page of the keywords of a user's started keyword-installs campaigns that ran in the period (Pacific days,
 * as the other statistics count), newest campaign first, narrowed by the statistics filters and a keyword:
 * the page's campaigns, each with the page's orders of it, and the count of keywords in all.
 */
export async function impactCampaigns(
  db: Queryable,
  userId: number,
  query: ImpactStatisticsQuery,
  period: { from: string; to: string },
) {
  const zone = sql.raw(`'${STATISTICS_TIME_ZONE}'`);
  const where: SQL[] = [
    sql`c.user_id = ${userId}`,
    sql`c.product_type = ${PRODUCT_TYPES.keyword}`,
    sql`c.started_at is not null`,
    sql`c.started_at < (${period.to}::date + 1)::timestamp at time zone ${zone}`,
    sql`(c.started_at at time zone ${zone})::date + c.days > ${period.from}::date`,
    sql`o.keyword is not null`,
  ];
  if (query.appstore !== undefined) where.push(sql`c.appstore = ${query.appstore}`);
  if (query.package) where.push(sql`c.package = ${query.package}`);
  if (query.country)
    where.push(sql`c.country_id = (select id from countries where code = ${query.country.toUpperCase()})`);
  if (query.keyword) where.push(sql`o.keyword = ${query.keyword.toLowerCase()}`);
  // Only keyword installs have reports: a filter on another product leaves none.
  if (query.productType !== undefined && query.productType !== PRODUCT_TYPES.keyword) where.push(sql`false`);
  const pairs = sql`from campaigns c join campaign_orders o on o.campaign_id = c.id
    where ${sql.join(where, sql` and `)}`;
  const [rows, [count]] = await Promise.all([
    rowsOf<ImpactCampaignRow>(
      db,
      sql`with page as (
          select c.id as campaign_id, o.id as order_id, c.started_at ${pairs}
          order by c.started_at desc, c.id desc, o.id
          limit ${query.limit} offset ${(query.page - 1) * query.limit}
        )
        select ${campaignColumns(sql`select order_id from page`)}
        from campaigns c join countries k on k.id = c.country_id
        where c.id in (select campaign_id from page)
        order by c.started_at desc, c.id desc`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${pairs}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One rank sample of a tracked keyword: rank null = out of rank. Errors and unchecked days are left out. */
export interface ImpactSample {
  keyword: string;
  day: string;
  rank: number | null;
}

/** The samples of an app's keywords in a country between two days (both included). */
export function rankSamples(
  db: Queryable,
  appId: number,
  countryId: number,
  keywords: readonly string[],
  from: string,
  to: string,
) {
  if (!keywords.length) return Promise.resolve([]);
  return rowsOf<ImpactSample>(
    db,
    sql`select k.keyword, to_char(r.day, 'YYYY-MM-DD') as day, r.rank
      from keywords k join keyword_ranks r on r.keyword_id = k.id
      where k.app_id = ${appId} and k.country_id = ${countryId}
        and k.keyword in (${sql.join(
          keywords.map((keyword) => sql`${keyword}`),
          sql`, `,
        )})
        and r.day between ${from}::date and ${to}::date and r.state in ('ok', 'out_of_rank')`,
  );
}
