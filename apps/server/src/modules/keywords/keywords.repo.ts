import { and, asc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { KeywordSort, RankSource, RankState } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import {
  apps,
  countries,
  keywordRanks,
  keywords,
  rankUpdates,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

export type KeywordRow = typeof keywords.$inferSelect;
export type RankUpdateRow = typeof rankUpdates.$inferSelect;

/** What the list's search and favorite filter select. */
export interface KeywordMatch {
  search?: string | undefined;
  favorite?: boolean | undefined;
}

function matchOf(match: KeywordMatch): SQL | undefined {
  return and(
    match.search ? ilike(keywords.keyword, `%${escapeLike(match.search.toLowerCase())}%`) : undefined,
    match.favorite ? eq(keywords.favorite, true) : undefined,
  );
}

const nullsLast = (column: SQL | typeof keywords.rank, direction: 'asc' | 'desc') =>
  direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;

const SORTS: Record<KeywordSort, (direction: 'asc' | 'desc') => SQL[]> = {
  rank: (d) => [nullsLast(keywords.rank, d)],
  keyword: (d) => [d === 'asc' ? sql`${keywords.keyword} asc` : sql`${keywords.keyword} desc`],
  score: (d) => [nullsLast(sql`${keywords.score}`, d)],
  searches: (d) => [nullsLast(sql`${keywords.searches}`, d)],
  favorite: (d) => [
    d === 'asc' ? sql`${keywords.favorite} asc` : sql`${keywords.favorite} desc`,
    nullsLast(keywords.rank, 'asc'),
  ],
  updated: (d) => [nullsLast(sql`${keywords.checked_at}`, d)],
};

export const DEFAULT_KEYWORD_DIRECTION: Record<KeywordSort, 'asc' | 'desc'> = {
  rank: 'asc',
  keyword: 'asc',
  score: 'desc',
  searches: 'desc',
  favorite: 'desc',
  updated: 'desc',
};

/** One page of an app's keywords in a country. */
export function pageKeywords(
  db: Db,
  appId: number,
  countryId: number,
  match: KeywordMatch,
  sort: { sortBy: KeywordSort; direction: 'asc' | 'desc'; page: number; limit: number },
) {
  return db
    .select()
    .from(keywords)
    .where(and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId), matchOf(match)))
    .orderBy(...SORTS[sort.sortBy](sort.direction), asc(keywords.id))
    .limit(sort.limit)
    .offset((sort.page - 1) * sort.limit);
}

/** Counts of an app's keywords in a country, and the ids of those matching, in one pass. */
export async function keywordTotals(db: Db, appId: number, countryId: number, match: KeywordMatch) {
  const where = matchOf(match) ?? sql`true`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      fav: sql<number>`(count(*) filter (where ${keywords.favorite}))::int`,
      total: sql<number>`(count(*) filter (where ${where}))::int`,
      ids: sql<
        number[]
      >`coalesce(json_agg(${keywords.id} order by ${keywords.id}) filter (where ${where}), '[]'::json)`,
    })
    .from(keywords)
    .where(and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId)));
  return row ?? { all: 0, fav: 0, total: 0, ids: [] };
}

/** Counts of the user's keywords, of one app or all, by country. */
export async function countKeywords(db: Db, userId: number, appId?: number, countryId?: number) {
  return db
    .select({
      country: countries.code,
      count: sql<number>`count(*)::int`,
      fav: sql<number>`(count(*) filter (where ${keywords.favorite}))::int`,
    })
    .from(keywords)
    .innerJoin(apps, eq(apps.id, keywords.app_id))
    .innerJoin(countries, eq(countries.id, keywords.country_id))
    .where(
      and(
        eq(apps.user_id, userId),
        appId === undefined ? undefined : eq(keywords.app_id, appId),
        countryId === undefined ? undefined : eq(keywords.country_id, countryId),
      ),
    )
    .groupBy(countries.code)
    .orderBy(sql`count(*) desc`, countries.code);
}

export async function countOf(db: Queryable, appId: number, countryId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(keywords)
    .where(and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId)));
  return row?.value ?? 0;
}

/** A keyword with what identifies its app and country. */
export interface OwnedKeyword {
  keyword: KeywordRow;
  country: string;
  appstore: number;
  package: string;
  title: string;
}

function selectOwned(db: Queryable) {
  return db
    .select({
      keyword: keywords,
      country: countries.code,
      appstore: apps.appstore,
      package: apps.package,
      title: apps.title,
    })
    .from(keywords)
    .innerJoin(apps, eq(apps.id, keywords.app_id))
    .innerJoin(countries, eq(countries.id, keywords.country_id));
}

/** The user's keyword by id. */
export async function findOwnedKeyword(db: Queryable, userId: number, id: number) {
  const [row] = await selectOwned(db).where(and(eq(keywords.id, id), eq(apps.user_id, userId)));
  return row;
}

/** The user's keywords among the ids, in id order. */
export async function findOwnedKeywords(db: Queryable, userId: number, ids: number[]) {
  if (!ids.length) return [];
  return selectOwned(db)
    .where(and(inArray(keywords.id, ids), eq(apps.user_id, userId)))
    .orderBy(asc(keywords.id));
}

/** Best-ranked keywords of one app and country, or of all the user's apps. */
export function topKeywords(
  db: Db,
  userId: number,
  scope: { appId: number; countryId: number } | null,
  limit: number,
) {
  return selectOwned(db)
    .where(
      and(
        eq(apps.user_id, userId),
        scope ? eq(keywords.app_id, scope.appId) : undefined,
        scope ? eq(keywords.country_id, scope.countryId) : undefined,
        sql`${keywords.rank} is not null`,
      ),
    )
    .orderBy(asc(keywords.rank), sql`${keywords.searches} desc nulls last`, asc(keywords.id))
    .limit(limit);
}

/** Adds a keyword; undefined when the app already tracks it in the country. */
export async function insertKeyword(
  db: Queryable,
  values: { app_id: number; country_id: number; keyword: string; favorite?: boolean },
) {
  const [row] = await db.insert(keywords).values(values).onConflictDoNothing().returning();
  return row;
}

/** Adds many keywords in one statement, skipping those tracked already. */
export async function insertKeywords(
  db: Queryable,
  rows: { app_id: number; country_id: number; keyword: string; favorite?: boolean }[],
) {
  if (rows.length) await db.insert(keywords).values(rows).onConflictDoNothing();
}

/** Which of the texts the app tracks in the country. */
export async function trackedKeywords(db: Db, appId: number, countryId: number, texts: string[]) {
  if (!texts.length) return new Set<string>();
  const rows = await db
    .select({ keyword: keywords.keyword })
    .from(keywords)
    .where(
      and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId), inArray(keywords.keyword, texts)),
    );
  return new Set(rows.map((row) => row.keyword));
}

/** Deletes keywords (their history goes with them); how many. */
export async function deleteKeywords(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db.delete(keywords).where(inArray(keywords.id, ids)).returning({ id: keywords.id });
  return rows.length;
}

export async function toggleKeywordFavorite(db: Db, id: number) {
  await db
    .update(keywords)
    .set({ favorite: sql`not ${keywords.favorite}` })
    .where(eq(keywords.id, id));
}

/**
 * Copies the keywords of one app and country to another (skipping those it has); the new rows' ids.
 * The limit keeps the target within the per-country maximum.
 */
export async function copyKeywords(
  db: Queryable,
  from: { appId: number; countryId: number },
  to: { appId: number; countryId: number },
  limit: number,
): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    insert into ${keywords} (app_id, country_id, keyword, favorite)
    select ${to.appId}::int, ${to.countryId}::int, f.keyword, f.favorite
    from ${keywords} as f
    where f.app_id = ${from.appId} and f.country_id = ${from.countryId}
      and not exists (
        select 1 from ${keywords} as t
        where t.app_id = ${to.appId} and t.country_id = ${to.countryId} and t.keyword = f.keyword)
    order by f.id
    limit ${limit}
    on conflict do nothing
    returning id`,
  );
  return rows.map((row) => row.id);
}

/** Rank samples of the keywords from `fromDay` on, oldest first. */
export async function history(db: Db, ids: number[], fromDay: string) {
  if (!ids.length) return [];
  return db
    .select({
      keyword_id: keywordRanks.keyword_id,
      day: keywordRanks.day,
      rank: keywordRanks.rank,
      state: keywordRanks.state,
    })
    .from(keywordRanks)
    .where(and(inArray(keywordRanks.keyword_id, ids), gte(keywordRanks.day, fromDay)))
    .orderBy(keywordRanks.keyword_id, keywordRanks.day);
}

/** What a rank check needs of each keyword. */
export async function rankTargets(db: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: keywords.id,
      keyword: keywords.keyword,
      appstore: apps.appstore,
      package: apps.package,
      country: countries.code,
      country_id: keywords.country_id,
      stats_checked_at: keywords.stats_checked_at,
    })
    .from(keywords)
    .innerJoin(apps, eq(apps.id, keywords.app_id))
    .innerJoin(countries, eq(countries.id, keywords.country_id))
    .where(inArray(keywords.id, ids));
}

/** Ranks of the keywords' samples of one day. */
export async function ranksOfDay(db: Queryable, ids: number[], day: string) {
  if (!ids.length) return new Map<number, number | null>();
  const rows = await db
    .select({ id: keywordRanks.keyword_id, rank: keywordRanks.rank })
    .from(keywordRanks)
    .where(and(inArray(keywordRanks.keyword_id, ids), eq(keywordRanks.day, day)));
  return new Map(rows.map((row) => [row.id, row.rank]));
}

/** One measured rank, with the store statistics when they were read. */
export interface RankSample {
  id: number;
  rank: number | null;
  state: RankState;
  change: number | null;
  stats: { difficulty: number; traffic: number; score: number; searches: number } | null;
}

/**
 * Writes the day's sample of every keyword (replacing one taken earlier that day) and copies the newest
 * rank and statistics onto the keywords: two statements for the whole batch.
 */
export async function saveSamples(
  db: Queryable,
  samples: RankSample[],
  day: string,
  source: RankSource,
  checkedAt: Date,
) {
  if (!samples.length) return;
  const rows = JSON.stringify(
    samples.map((s) => ({
      id: s.id,
      rank: s.rank,
      state: s.state,
      change: s.change,
      difficulty: s.stats?.difficulty ?? null,
      traffic: s.stats?.traffic ?? null,
      score: s.stats?.score ?? null,
      searches: s.stats?.searches ?? null,
    })),
  );
  const at = checkedAt.toISOString();
  await db.execute(sql`
    insert into ${keywordRanks} (keyword_id, day, rank, state, source, checked_at)
    select v.id, ${day}::date, v.rank, v.state, ${source}::text, ${at}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as v(id int, rank smallint, state text)
    where exists (select 1 from ${keywords} as k where k.id = v.id)
    on conflict (keyword_id, day) do update set
      rank = excluded.rank, state = excluded.state, source = excluded.source, checked_at = excluded.checked_at`);
  await db.execute(sql`
    update ${keywords} as k set
      rank = v.rank,
      rank_state = v.state,
      change = v.change,
      checked_at = ${at}::timestamptz,
      difficulty = coalesce(v.difficulty, k.difficulty),
      traffic = coalesce(v.traffic, k.traffic),
      score = coalesce(v.score, k.score),
      searches = coalesce(v.searches, k.searches),
      stats_checked_at = case when v.score is null then k.stats_checked_at else ${at}::timestamptz end
    from jsonb_to_recordset(${rows}::jsonb) as v(
      id int, rank smallint, state text, change smallint, difficulty smallint, traffic smallint,
      score smallint, searches int)
    where k.id = v.id`);
}

/** A rank sample as stored. */
export type HistoryRow = typeof keywordRanks.$inferInsert;

/** Writes samples of any days as they are (demo data, benchmarks); existing ones are kept. */
export async function insertHistory(db: Queryable, rows: HistoryRow[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await db.execute(sql`
      insert into ${keywordRanks} (keyword_id, day, rank, state, source, checked_at)
      select v.keyword_id, v.day, v.rank, v.state, v.source, v.checked_at
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(
        keyword_id int, day date, rank smallint, state text, source text, checked_at timestamptz)
      on conflict (keyword_id, day) do nothing`);
  }
}

/** The newest sample day of each keyword. */
export async function lastSampleDays(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: keywordRanks.keyword_id, day: sql<string>`max(${keywordRanks.day})::text` })
    .from(keywordRanks)
    .where(inArray(keywordRanks.keyword_id, ids))
    .groupBy(keywordRanks.keyword_id);
  return new Map(rows.map((row) => [row.id, row.day]));
}

/** Ids of keywords not checked since `since`, for the daily job. */
export async function keywordIdsCheckedBefore(db: Db, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: keywords.id })
    .from(keywords)
    .where(or(isNull(keywords.checked_at), lt(keywords.checked_at, since)))
    .orderBy(asc(keywords.id));
  return rows.map((row) => row.id);
}

/** Ids of all the user's keywords. */
export async function keywordIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: keywords.id })
    .from(keywords)
    .innerJoin(apps, eq(apps.id, keywords.app_id))
    .where(eq(apps.user_id, userId))
    .orderBy(asc(keywords.id));
  return rows.map((row) => row.id);
}

/** Ids of an app's keywords in a country. */
export async function keywordIdsOf(db: Queryable, appId: number, countryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: keywords.id })
    .from(keywords)
    .where(and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId)))
    .orderBy(asc(keywords.id));
  return rows.map((row) => row.id);
}

export async function createRankUpdate(
  db: Queryable,
  values: { user_id: number; app_id: number; country_id: number; total: number },
): Promise<RankUpdateRow> {
  const finished = values.total === 0;
  const [row] = await db
    .insert(rankUpdates)
    .values({ ...values, status: finished ? 'done' : 'queued', finished_at: finished ? new Date() : null })
    .returning();
  return row!;
}

export async function findRankUpdate(db: Db, userId: number, id: string) {
  const [row] = await db
    .select()
    .from(rankUpdates)
    .where(and(eq(rankUpdates.id, id), eq(rankUpdates.user_id, userId)));
  return row;
}

/** The newest unfinished run of an app and country that moved since `activeSince`. */
export async function activeRankUpdate(db: Db, appId: number, countryId: number, activeSince: Date) {
  const [row] = await db
    .select()
    .from(rankUpdates)
    .where(
      and(
        eq(rankUpdates.app_id, appId),
        eq(rankUpdates.country_id, countryId),
        sql`${rankUpdates.status} <> 'done'`,
        gte(rankUpdates.updated_at, activeSince),
      ),
    )
    .orderBy(sql`${rankUpdates.created_at} desc`)
    .limit(1);
  return row;
}

/** Counts a finished batch into its run (never past the total, so a retried batch cannot overshoot). */
export async function addRankUpdateProgress(db: Queryable, id: string, done: number, failed: number) {
  await db.execute(sql`
    update ${rankUpdates} set
      failed = least(total, failed + ${failed}::int),
      done = least(total - least(total, failed + ${failed}::int), done + ${done}::int),
      status = case when done + failed + ${done + failed}::int >= total then 'done' else 'running' end,
      finished_at = case when done + failed + ${done + failed}::int >= total then now() else null end,
      updated_at = now()
    where id = ${id}::uuid`);
}

/**
 * The owner, app and country of those keywords whose owner has an active endpoint taking
 * `keyword.rank_changed` (the others send nothing, so a daily rank update costs them one query).
 */
export function rankEventTargets(db: Queryable, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: keywords.id,
      keyword: keywords.keyword,
      user_id: apps.user_id,
      app_id: apps.id,
      package: apps.package,
      appstore: apps.appstore,
      country: countries.code,
    })
    .from(keywords)
    .innerJoin(apps, eq(apps.id, keywords.app_id))
    .innerJoin(countries, eq(countries.id, keywords.country_id))
    .where(
      and(
        inArray(keywords.id, ids),
        sql`exists (select 1 from ${webhookEndpoints} e where e.user_id = ${apps.user_id} and e.is_active
          and 'keyword.rank_changed' = any(e.events))`,
      ),
    );
}
