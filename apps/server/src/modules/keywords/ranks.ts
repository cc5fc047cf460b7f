import { DAY_MS } from '@storelift/shared';
import type { AppStore, RankSource } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import type { Db, Queryable } from '../../db/client.js';
import { estimateDailySearches, scoreOf } from '../../providers/store/aso-scores.js';
import * as repo from './keywords.repo.js';
import { saveStorePlaces, type StorePlace } from './rank-history.repo.js';
import { emitEvent } from '../webhooks/webhooks.events.js';
import {
  storeFailure,
  type KeywordStats,
  type StoreApp,
  type StoreProvider,
} from '../../providers/store/store-provider.js';

/*
 * Rank checks: a keyword's rank is its app's position + 1 in the store's search results for the keyword
 * in its country (top 250), taken once per keyword and day. Checks run in batches: the same keyword in
 * the same store and country is searched once per batch, and each batch is written with two statements.
 * Each search also keeps who ranks there (`keyword_store_ranks`): the top 10, and each tracked app's place
 * with the ones just above and below it.
 */

/** Keywords per queued rank-check job. */
export const RANK_BATCH = 250;
/** Store statistics (score, searches) are read again after this long: they move slowly and cost calls. */
export const STATS_MAX_AGE_MS = 7 * DAY_MS;

/** The UTC day of a time, `YYYY-MM-DD`. */
export function utcDay(time: Date | number = Date.now()): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

export type RankTarget = Awaited<ReturnType<typeof repo.rankTargets>>[number];
export type RankMeasure = Omit<repo.RankSample, 'change'>;

/** What a rank check measured: each keyword's rank, and who ranks around them in the store. */
export interface RankMeasures {
  measures: RankMeasure[];
  places: StorePlace[];
}

/** How many of the store's first results are kept every day. */
export const TOP_PLACES = 10;

/** The top 10 and the places around the tracked apps' ranks (each position once). */
function placesOf(
  results: readonly StoreApp[],
  ranks: readonly (number | null)[],
  group: RankTarget,
  day: string,
) {
  const positions = new Set<number>();
  for (let position = 1; position <= Math.min(TOP_PLACES, results.length); position++)
    positions.add(position);
  for (const rank of ranks) {
    if (rank === null) continue;
    for (const position of [rank - 1, rank, rank + 1]) {
      if (position >= 1 && position <= results.length) positions.add(position);
    }
  }
  return [...positions].map((position): StorePlace => {
    const app = results[position - 1]!;
    return {
      appstore: group.appstore,
      country_id: group.country_id,
      keyword: group.keyword,
      day,
      position,
      package: app.packageId,
      title: app.title,
      developer: app.developer,
    };
  });
}

/** Resolves to null when the promise takes longer than `ms` (the promise itself runs on). */
function withTimeout<T>(promise: Promise<T>, ms: number | undefined): Promise<T | null> {
  if (ms === undefined) return promise;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const statsView = (stats: KeywordStats) => ({
  difficulty: stats.difficulty,
  traffic: stats.traffic,
  score: scoreOf(stats),
  searches: estimateDailySearches(stats.traffic),
});

/**
 * Ranks of the keywords on `day` from the store; statistics too where missing or older than a week.
 * A store failure gives the state `error` (and no statistics), never an exception.
 */
export async function measureRanks(
  store: StoreProvider,
  targets: readonly RankTarget[],
  day: string,
  options: { now?: Date; statsTimeoutMs?: number } = {},
): Promise<RankMeasures> {
  const now = (options.now ?? new Date()).getTime();
  const needsStats = (target: RankTarget) =>
    !target.stats_checked_at || now - target.stats_checked_at.getTime() > STATS_MAX_AGE_MS;
  const groups = new Map<string, RankTarget[]>();
  for (const target of targets) {
    const key = `${target.appstore}|${target.country}|${target.keyword}`;
    const group = groups.get(key);
    if (group) group.push(target);
    else groups.set(key, [target]);
  }
  const measures: RankMeasure[] = [];
  const places: StorePlace[] = [];
  for (const group of groups.values()) {
    const { appstore, country, keyword } = group[0]!;
    let positions: Map<string, number> | null = new Map();
    let results: StoreApp[] = [];
    try {
      results = await store.search(appstore as AppStore, keyword, country, { date: day });
      results.forEach((app, index) => {
        if (!positions!.has(app.packageId)) positions!.set(app.packageId, index + 1);
      });
    } catch (error) {
      storeFailure(error, { call: 'search', appstore, keyword, country });
      positions = null;
    }
    let stats: RankMeasure['stats'] = null;
    if (positions && group.some(needsStats)) {
      try {
        const read = await withTimeout(
          store.keywordStats(appstore as AppStore, keyword, country, { date: day }),
          options.statsTimeoutMs,
        );
        stats = read && statsView(read);
      } catch (error) {
        storeFailure(error, { call: 'keywordStats', appstore, keyword, country });
        stats = null;
      }
    }
    for (const target of group) {
      const rank = positions?.get(target.package) ?? null;
      const state = positions === null ? 'error' : rank === null ? 'out_of_rank' : 'ok';
      measures.push({ id: target.id, rank, state, stats });
    }
    if (positions) {
      const ranks = group.map((target) => positions.get(target.package) ?? null);
      places.push(...placesOf(results, ranks, group[0]!, day));
    }
  }
  return { measures, places };
}

/**
 * Writes measured ranks as the day's samples, with the change since the previous day's sample, and
 * counts them into an update-all run when there is one. `expected` is how many keywords the batch was
 * for: keywords deleted meanwhile count as done, so the run still finishes.
 */
export async function saveMeasures(
  db: Db,
  measures: readonly RankMeasure[],
  options: {
    day: string;
    source: RankSource;
    checkedAt?: Date;
    runId?: string;
    expected?: number;
    /** Who ranks around the keywords that day. */
    places?: readonly StorePlace[];
  },
) {
  const ids = measures.map((measure) => measure.id);
  const previous = await repo.ranksOfDay(db, ids, addDays(options.day, -1));
  const samples: repo.RankSample[] = measures.map((measure) => {
    const before = previous.get(measure.id);
    const change = before != null && measure.rank !== null ? before - measure.rank : null;
    return { ...measure, change };
  });
  const failed = measures.filter((measure) => measure.state === 'error').length;
  const expected = options.expected ?? measures.length;
  await db.transaction(async (tx: Queryable) => {
    await repo.saveSamples(tx, samples, options.day, options.source, options.checkedAt ?? new Date());
    await saveStorePlaces(tx, options.places ?? []);
    await emitRankChanges(tx, samples, options.day, previous);
    if (options.runId) await repo.addRankUpdateProgress(tx, options.runId, expected - failed, failed);
  });
}

/** `keyword.rank_changed` for each keyword whose rank moved since the previous day (docs/webhooks.md, Events). */
async function emitRankChanges(
  tx: Queryable,
  samples: repo.RankSample[],
  day: string,
  previous: Map<number, number | null>,
) {
  const moved = new Map(samples.filter((sample) => sample.change).map((sample) => [sample.id, sample]));
  for (const owner of await repo.rankEventTargets(tx, [...moved.keys()])) {
    const sample = moved.get(owner.id)!;
    await emitEvent(tx, owner.user_id, 'keyword.rank_changed', {
      keyword_id: owner.id,
      keyword: owner.keyword,
      app_id: owner.app_id,
      package: owner.package,
      appstore: owner.appstore,
      country: owner.country,
      day,
      previous_rank: previous.get(owner.id) ?? null,
      rank: sample.rank,
      change: sample.change,
    });
  }
}

/** Checks the ranks of keywords now and saves them (the handler of `keywords.check-ranks`, and adds). */
export async function checkRanks(
  deps: Pick<Deps, 'db' | 'store'>,
  job: { keywordIds: number[]; source: RankSource; runId?: string },
  options: { statsTimeoutMs?: number } = {},
) {
  const now = new Date();
  const day = utcDay(now);
  const targets = await repo.rankTargets(deps.db, job.keywordIds);
  const { measures, places } = await measureRanks(deps.store, targets, day, { now, ...options });
  await saveMeasures(deps.db, measures, {
    places,
    day,
    source: job.source,
    checkedAt: now,
    ...(job.runId && { runId: job.runId }),
    expected: job.keywordIds.length,
  });
}

/** Queues rank checks of the keywords in batches (never inside a transaction: see STACK.md). */
export async function queueRankChecks(
  deps: Pick<Deps, 'jobs'>,
  ids: readonly number[],
  source: RankSource,
  runId?: string,
) {
  const batches = [];
  for (let i = 0; i < ids.length; i += RANK_BATCH) {
    batches.push({ keywordIds: ids.slice(i, i + RANK_BATCH), source, ...(runId && { runId }) });
  }
  await deps.jobs.sendMany('keywords.check-ranks', batches);
}

/** The daily job: queues every keyword not checked yet today. */
export async function queueDailyRanks(deps: Pick<Deps, 'db' | 'jobs'>) {
  const startOfDay = new Date(`${utcDay()}T00:00:00Z`);
  const ids = await repo.keywordIdsCheckedBefore(deps.db, startOfDay);
  await queueRankChecks(deps, ids, 'daily');
}
