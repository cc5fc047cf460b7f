import {
  KEYWORDS_PER_APP_COUNTRY_MAX,
  MESSAGES,
  keywordMessage,
  normalizeKeywordText,
  type AppStore,
  type Keyword,
  type KeywordIdea,
  type RankUpdate,
  type cloneKeywordsQuerySchema,
  type createKeywordBodySchema,
  type keywordCountQuerySchema,
  type keywordListQuerySchema,
  type keywordScopeSchema,
  type keywordSuggestsQuerySchema,
  type topKeywordQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import type { AppWithCountry, CountryRef } from '../apps/apps.repo.js';
import { countryOrFail, ensureAppCountry, ownAppByPackage } from '../apps/apps.service.js';
import * as repo from './keywords.repo.js';
import { copySharedHistory } from './rank-history.repo.js';
import { checkRanks, queueRankChecks } from './ranks.js';
import { storeFailure } from '../../providers/store/store-provider.js';

/** A run with no progress for this long is reported as failed (its jobs were lost or keep failing). */
const RUN_STALE_MS = 30 * 60_000;
/** How long adding a keyword waits for the store's statistics before leaving them to the next check. */
const ADD_STATS_TIMEOUT_MS = 5_000;

type Scope = z.output<typeof keywordScopeSchema>;

/** The client's view of a keyword row. */
export function toKeywordView(row: repo.KeywordRow, country: string): Keyword {
  return {
    id: row.id,
    keyword: row.keyword,
    rank: row.rank,
    rank_state: row.rank_state,
    change: row.change,
    score: row.score,
    searches: row.searches,
    favorite: row.favorite,
    last_update: row.checked_at?.toISOString() ?? null,
    country,
    app_id: row.app_id,
  };
}

/**
 * The user's app (404 otherwise) and the country a keyword call is about (the app's main country when
 * none is given). `track` starts tracking the app in that country when it is not yet.
 */
async function resolveScope(
  deps: Deps,
  userId: number,
  scope: Scope,
  options: { track?: boolean } = {},
): Promise<{ app: AppWithCountry; country: CountryRef }> {
  const app = await ownAppByPackage(deps.db, userId, scope.appstore, scope.packageId);
  const country = scope.country ? await countryOrFail(deps.db, scope.country) : app.country;
  if (options.track) await ensureAppCountry(deps, app, country);
  return { app, country };
}

async function ownKeyword(deps: Deps, userId: number, id: number) {
  const row = await repo.findOwnedKeyword(deps.db, userId, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** `GET keywords`. */
export async function listKeywords(
  deps: Deps,
  userId: number,
  query: z.output<typeof keywordListQuerySchema>,
) {
  const { app, country } = await resolveScope(deps, userId, query);
  const match = { search: query.search, favorite: query.favorite };
  const direction = query.sortType ?? repo.DEFAULT_KEYWORD_DIRECTION[query.sortBy];
  const [rows, totals] = await Promise.all([
    repo.pageKeywords(deps.db, app.app.id, country.id, match, {
      sortBy: query.sortBy,
      direction,
      page: query.page,
      limit: query.limit,
    }),
    repo.keywordTotals(deps.db, app.app.id, country.id, match),
  ]);
  return {
    data: rows.map((row) => toKeywordView(row, country.code)),
    meta: pageMeta(totals.total, query.page, query.limit),
    favCount: totals.fav,
    allCount: totals.all,
    arIds: totals.ids,
  };
}

/** `GET keywords/count`: of one app (and country) or of all the user's apps. */
export async function countKeywords(
  deps: Deps,
  userId: number,
  query: z.output<typeof keywordCountQuerySchema>,
) {
  let appId: number | undefined;
  let countryId: number | undefined;
  if (query.packageId) {
    appId = (await ownAppByPackage(deps.db, userId, query.appstore, query.packageId)).app.id;
  }
  if (query.country) countryId = (await countryOrFail(deps.db, query.country)).id;
  const rows = await repo.countKeywords(deps.db, userId, appId, countryId);
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    favCount: rows.reduce((sum, row) => sum + row.fav, 0),
    countries: rows.map((row) => ({ country: row.country, count: row.count })),
  };
}

/**
 * `POST keywords`: adds one keyword, with the rank history the store already showed for it when another
 * account tracks the same app, store, country and keyword (docs/keywords.md, Shared history), and checks
 * its rank at once.
 */
export async function addKeyword(deps: Deps, userId: number, body: z.output<typeof createKeywordBodySchema>) {
  const { app, country } = await resolveScope(deps, userId, body, { track: true });
  if ((await repo.countOf(deps.db, app.app.id, country.id)) >= KEYWORDS_PER_APP_COUNTRY_MAX) {
    throw ValidationError.field('keyword', MESSAGES.keywordsLimit);
  }
  const row = await repo.insertKeyword(deps.db, {
    app_id: app.app.id,
    country_id: country.id,
    keyword: body.keyword,
  });
  if (!row) throw ValidationError.field('keyword', MESSAGES.keywordDuplicate);
  await copySharedHistory(deps.db, [row.id]);
  await checkRanks(deps, { keywordIds: [row.id], source: 'add' }, { statsTimeoutMs: ADD_STATS_TIMEOUT_MS });
  const saved = await ownKeyword(deps, userId, row.id);
  return { data: toKeywordView(saved.keyword, saved.country), message: MESSAGES.actionSaved };
}

/** `DELETE keywords/{id}`. */
export async function deleteKeyword(deps: Deps, userId: number, id: number) {
  await ownKeyword(deps, userId, id);
  return { message: MESSAGES.actionDeleted, count: await repo.deleteKeywords(deps.db, [id]) };
}

/** `POST keywords/destroyMany`: ids that are not the user's are ignored; 404 when none is. */
export async function destroyKeywords(deps: Deps, userId: number, ids: number[]) {
  const owned = await repo.findOwnedKeywords(deps.db, userId, ids);
  if (!owned.length) throw new NotFoundError();
  const count = await repo.deleteKeywords(
    deps.db,
    owned.map((row) => row.keyword.id),
  );
  return { message: MESSAGES.actionDeleted, count };
}

/** `PUT keywords/toggle`: flips the favorite flag. */
export async function toggleKeyword(deps: Deps, userId: number, id: number) {
  await ownKeyword(deps, userId, id);
  await repo.toggleKeywordFavorite(deps.db, id);
  const row = await ownKeyword(deps, userId, id);
  return { data: toKeywordView(row.keyword, row.country) };
}

/** Ideas marked with whether the app already tracks them; texts that break the keyword rule are dropped. */
async function ideas(
  deps: Deps,
  texts: readonly string[],
  target: { appId: number; countryId: number } | null,
): Promise<KeywordIdea[]> {
  const unique = [...new Set(texts.map(normalizeKeywordText))].filter(
    (text) => keywordMessage(text) === null,
  );
  const tracked = target
    ? await repo.trackedKeywords(deps.db, target.appId, target.countryId, unique)
    : new Set<string>();
  return unique.map((keyword) => ({ keyword, added: tracked.has(keyword) }));
}

/** `GET keywords/suggests`: the store's completions; a store failure answers an empty list and a message. */
export async function suggestKeywords(
  deps: Deps,
  userId: number,
  query: z.output<typeof keywordSuggestsQuerySchema>,
) {
  let target: { appId: number; countryId: number } | null = null;
  if (query.packageId) {
    const { app, country } = await resolveScope(deps, userId, { ...query, packageId: query.packageId });
    target = { appId: app.app.id, countryId: country.id };
  }
  let texts: string[];
  try {
    texts = await deps.store.suggest(query.appstore, query.keyword, query.country);
  } catch (error) {
    storeFailure(error, {
      call: 'suggest',
      appstore: query.appstore,
      keyword: query.keyword,
      country: query.country,
    });
    return { data: [], message: MESSAGES.keywordsLoadFailed };
  }
  return { data: await ideas(deps, texts, target) };
}

/** `GET keywords/recommended`: keywords worth tracking for the app; on a store failure, [] and a message. */
export async function recommendedKeywords(deps: Deps, userId: number, query: Scope) {
  const { app, country } = await resolveScope(deps, userId, query);
  let texts: string[];
  try {
    texts = await deps.store.recommendedKeywords(app.app.appstore as AppStore, app.app.package, country.code);
  } catch (error) {
    storeFailure(error, { call: 'recommendedKeywords', package: app.app.package, country: country.code });
    return { data: [], message: MESSAGES.keywordsLoadFailed };
  }
  return { data: await ideas(deps, texts, { appId: app.app.id, countryId: country.id }) };
}

/** `GET keywords/topKeyword`: best ranks first, then more searched. */
export async function topKeyword(deps: Deps, userId: number, query: z.output<typeof topKeywordQuerySchema>) {
  let scope: { appId: number; countryId: number } | null = null;
  if (query.packageId) {
    const { app, country } = await resolveScope(deps, userId, { ...query, packageId: query.packageId });
    scope = { appId: app.app.id, countryId: country.id };
  }
  const rows = await repo.topKeywords(deps.db, userId, scope, query.limit);
  return {
    data: rows.map((row) => ({
      ...toKeywordView(row.keyword, row.country),
      package: row.package,
      appstore: row.appstore as AppStore,
      title: row.title,
    })),
  };
}

/** `GET keywords/keywordRank`: the keyword's latest rank; one never checked is checked now. */
export async function keywordRank(deps: Deps, userId: number, id: number) {
  let row = await ownKeyword(deps, userId, id);
  if (row.keyword.rank_state === 'not_checked') {
    await checkRanks(deps, { keywordIds: [id], source: 'add' }, { statsTimeoutMs: ADD_STATS_TIMEOUT_MS });
    row = await ownKeyword(deps, userId, id);
  }
  return { data: toKeywordView(row.keyword, row.country) };
}

function runView(row: repo.RankUpdateRow): RankUpdate {
  const stale = row.status !== 'done' && Date.now() - row.updated_at.getTime() > RUN_STALE_MS;
  return {
    id: row.id,
    total: row.total,
    done: row.done,
    failed: row.failed,
    status: stale ? 'failed' : row.status,
  };
}

/** Starts a run that checks the keywords' ranks through the queue. */
async function startRun(deps: Deps, userId: number, appId: number, countryId: number, ids: number[]) {
  const run = await repo.createRankUpdate(deps.db, {
    user_id: userId,
    app_id: appId,
    country_id: countryId,
    total: ids.length,
  });
  await queueRankChecks(deps, ids, 'update_all', run.id);
  return run;
}

/**
 * `POST keywords/updateAllRanks`: queues rank checks of every keyword of the app in the country and
 * answers the run's progress; while a run for them is still moving, answers that one instead.
 */
export async function updateAllRanks(deps: Deps, userId: number, scope: Scope) {
  const { app, country } = await resolveScope(deps, userId, scope);
  const active = await repo.activeRankUpdate(
    deps.db,
    app.app.id,
    country.id,
    new Date(Date.now() - RUN_STALE_MS),
  );
  if (active) return { data: runView(active) };
  const ids = await repo.keywordIdsOf(deps.db, app.app.id, country.id);
  return { data: runView(await startRun(deps, userId, app.app.id, country.id, ids)) };
}

/** `GET keywords/updateAllRanks/{id}`. */
export async function rankUpdateProgress(deps: Deps, userId: number, id: string) {
  const run = await repo.findRankUpdate(deps.db, userId, id);
  if (!run) throw new NotFoundError();
  return { data: runView(run) };
}

/**
 * `GET keywords/clone`: copies the keywords of an app and country to another country and/or another of
 * the user's apps; ones the target has are skipped; the copies start with the shared history there
 * (as `POST keywords`) and their ranks are checked through the queue.
 */
export async function cloneKeywords(
  deps: Deps,
  userId: number,
  query: z.output<typeof cloneKeywordsQuerySchema>,
) {
  const source = await resolveScope(deps, userId, query);
  const targetApp = query.toPackageId
    ? await ownAppByPackage(deps.db, userId, query.toAppstore ?? query.appstore, query.toPackageId)
    : source.app;
  const sameApp = targetApp.app.id === source.app.app.id;
  const targetCountry = query.toCountry
    ? await countryOrFail(deps.db, query.toCountry, 'toCountry')
    : sameApp
      ? source.country
      : targetApp.country;
  if (sameApp && targetCountry.id === source.country.id) {
    throw ValidationError.field('toCountry', MESSAGES.cloneSameTarget);
  }
  await ensureAppCountry(deps, targetApp, targetCountry);
  const room =
    KEYWORDS_PER_APP_COUNTRY_MAX - (await repo.countOf(deps.db, targetApp.app.id, targetCountry.id));
  const ids = await repo.copyKeywords(
    deps.db,
    { appId: source.app.app.id, countryId: source.country.id },
    { appId: targetApp.app.id, countryId: targetCountry.id },
    room,
  );
  await copySharedHistory(deps.db, ids);
  const sourceTotal = await repo.countOf(deps.db, source.app.app.id, source.country.id);
  const run = ids.length ? await startRun(deps, userId, targetApp.app.id, targetCountry.id, ids) : null;
  return {
    message: MESSAGES.recordsAdded,
    data: { copied: ids.length, skipped: sourceTotal - ids.length, progress: run && runView(run) },
  };
}
