import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { PRODUCT_TYPES } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import {
  apps,
  campaignOrderDays,
  campaignOrders,
  campaigns,
  keywordRanks,
  keywordStoreRanks,
  keywords,
} from '../../db/schema/index.js';

/** What identifies a tracked keyword in the store: its store, app, country and text. */
export interface KeywordInStore {
  id: number;
  appstore: number;
  package: string;
  country_id: number;
  keyword: string;
}

/** A keyword-installs campaign on a keyword's chart, with its delivered installs by date. */
export interface CampaignOnChart {
  keyword_id: number;
  id: number;
  status: string;
  from: string;
  to: string;
  installs: { date: string; installs: number }[];
}

/**
 * The user's keyword-installs campaigns that targeted the keywords (same app, store, country and keyword)
 * and overlap `from` … `to`, oldest first: one statement, campaigns read through an index on the user. A
 * campaign ends on its finishing day, or on its last planned day while it runs.
 */
export function campaignsOnChart(
  db: Db,
  userId: number,
  targets: readonly KeywordInStore[],
  from: string,
  to: string,
): Promise<CampaignOnChart[]> {
  if (!targets.length) return Promise.resolve([]);
  return rowsOf<CampaignOnChart>(
    db,
    sql`
    with t as (
      select * from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb)
        as t(id int, appstore smallint, package text, country_id int, keyword text)),
    c as (
      select t.id as keyword_id, c.id, c.status, o.id as order_id,
        (c.started_at at time zone 'UTC')::date as start_day,
        coalesce((c.finished_at at time zone 'UTC')::date,
          (c.started_at at time zone 'UTC')::date + c.days - 1) as end_day
      from t
      join ${campaigns} c on c.user_id = ${userId} and c.appstore = t.appstore and c.package = t.package
        and c.country_id = t.country_id and c.product_type = ${PRODUCT_TYPES.keyword}
        and c.started_at is not null and c.started_at < ${to}::date + 1
      join ${campaignOrders} o on o.campaign_id = c.id and o.keyword = t.keyword)
    select c.keyword_id, c.id, c.status, c.start_day::text as "from", c.end_day::text as "to",
      coalesce((
        select json_agg(json_build_object('date', (c.start_day + d.day - 1)::text, 'installs', d.installs_actual)
          order by d.day)
        from ${campaignOrderDays} d
        where d.order_id = c.order_id and d.installs_actual > 0
          and c.start_day + d.day - 1 between ${from}::date and ${to}::date), '[]'::json) as installs
    from c
    where c.end_day >= ${from}::date
    order by c.keyword_id, c.start_day, c.id`,
  );
}

/**
 * Starts new keywords with the rank samples the same keyword already has for the same app (store and
 * package) and country in other rows (other accounts): one sample a day, the newest checked, with its day,
 * time and source. Rank samples are public facts about the store: nothing of who took them is copied.
 */
export async function copySharedHistory(db: Queryable, ids: readonly number[]) {
  if (!ids.length) return;
  await db.execute(sql`
    insert into ${keywordRanks} (keyword_id, day, rank, state, source, checked_at)
    select distinct on (n.id, r.day) n.id, r.day, r.rank, r.state, r.source, r.checked_at
    from ${keywords} n
    join ${apps} na on na.id = n.app_id
    join ${keywords} k on k.keyword = n.keyword and k.country_id = n.country_id and k.id <> n.id
    join ${apps} a on a.id = k.app_id and a.appstore = na.appstore and a.package = na.package
    join ${keywordRanks} r on r.keyword_id = k.id
    where n.id = any(${`{${ids.join(',')}}`}::int[]) and r.state <> 'not_checked'
    order by n.id, r.day, r.checked_at desc
    on conflict (keyword_id, day) do nothing`);
}

/** An app's place in the store's results for a keyword on a day. */
export interface StorePlace {
  appstore: number;
  country_id: number;
  keyword: string;
  day: string;
  position: number;
  package: string;
  title: string;
  developer: string;
}

/** Writes places (a place searched again the same day is replaced), 5,000 a statement. */
export async function saveStorePlaces(db: Queryable, places: readonly StorePlace[]) {
  for (let i = 0; i < places.length; i += 5000) {
    const chunk = JSON.stringify(places.slice(i, i + 5000));
    await db.execute(sql`
      insert into ${keywordStoreRanks} (appstore, country_id, keyword, day, position, package, title, developer)
      select v.appstore, v.country_id, v.keyword, v.day, v.position, v.package, v.title, v.developer
      from jsonb_to_recordset(${chunk}::jsonb) as v(
        appstore smallint, country_id int, keyword text, day date, position smallint, package text,
        title text, developer text)
      on conflict (appstore, country_id, keyword, day, position) do update set
        package = excluded.package, title = excluded.title, developer = excluded.developer`);
  }
}

/** Places of a keyword in its store and country from `fromDay` on, by day and position. */
export function storePlaces(
  db: Db,
  key: { appstore: number; country_id: number; keyword: string },
  fromDay: string,
) {
  return db
    .select({
      day: keywordStoreRanks.day,
      position: keywordStoreRanks.position,
      package: keywordStoreRanks.package,
      title: keywordStoreRanks.title,
      developer: keywordStoreRanks.developer,
    })
    .from(keywordStoreRanks)
    .where(
      and(
        eq(keywordStoreRanks.appstore, key.appstore),
        eq(keywordStoreRanks.country_id, key.country_id),
        eq(keywordStoreRanks.keyword, key.keyword),
        gte(keywordStoreRanks.day, fromDay),
      ),
    )
    .orderBy(asc(keywordStoreRanks.day), asc(keywordStoreRanks.position));
}
