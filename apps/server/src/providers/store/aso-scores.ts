import { DAY_MS, APP_STORES, type AppStore } from '@storelift/shared';
import { keywordsFromText, normalizeKeyword } from './keyword-text.js';
import type { KeywordStats, StoreApp } from './store-provider.js';

/*
 * Keyword difficulty and traffic in the manner of the open-source `aso` tool (facundoolano/aso,
 * lib/scores): every partial statistic is mapped onto 1-10, a weighted average of them is mapped onto
 * 1-10 again, and we finally stretch that onto 1-100. README.md in this folder writes the formulas out.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** `value` within [min, max] mapped onto 1-10 (aso `calc.score`). */
export function scale(min: number, max: number, value: number): number {
  return round2(1 + (9 * (clamp(value, min, max) - min)) / (max - min));
}

/** Like {@link scale} but higher values score lower (aso `calc.iScore`). */
export function inverseScale(min: number, max: number, value: number): number {
  return round2(1 + (9 * (max - clamp(value, min, max))) / (max - min));
}

/** Weighted average of 1-10 scores, mapped onto 1-10 (aso `calc.aggregate`). */
export function aggregate(weights: readonly number[], values: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const sum = weights.reduce((acc, weight, i) => acc + weight * (values[i] ?? 0), 0);
  return scale(total, 10 * total, sum);
}

/** A 1-10 score stretched onto 1-100. */
export function toPercentScale(score: number): number {
  return Math.round(1 + (clamp(score, 1, 10) - 1) * 11);
}

const MAX_KEYWORD_LENGTH = 25;

/** How an app title matches a keyword (aso `getMatchType`). */
export function titleMatch(keyword: string, title: string): 'exact' | 'broad' | 'partial' | 'none' {
  const text = title.toLowerCase();
  if (text.includes(keyword)) return 'exact';
  const hits = keyword.split(' ').map((word) => text.includes(word));
  if (hits.every(Boolean)) return 'broad';
  return hits.some(Boolean) ? 'partial' : 'none';
}

const TITLE_POINTS = { exact: 10, broad: 5, partial: 2.5, none: 0 } as const;

/** The install statistic: Google Play's minimum installs, or on the App Store the number of ratings. */
function installsScore(appstore: AppStore, apps: readonly StoreApp[]): number {
  if (apps.length === 0) return 1;
  if (appstore === APP_STORES.GOOGLE_PLAY) {
    return scale(0, 1_000_000, average(apps.map((app) => app.installs ?? 0)));
  }
  return scale(0, 100_000, average(apps.map((app) => app.votes)));
}

const average = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;

const competitorKeywords = new WeakMap<StoreApp, string[]>();

/** True when the keyword is among the app's own top 10 keywords (aso `isCompetitor`). */
export function isCompetitor(keyword: string, app: StoreApp): boolean {
  let list = competitorKeywords.get(app);
  if (!list) {
    list = keywordsFromText(app, 10);
    competitorKeywords.set(app, list);
  }
  return list.includes(keyword);
}

/**
 * Difficulty 1-10 (aso `getDifficulty`) from the search results for the keyword (top 100): title matches,
 * competitors, installs, rating and days since update of the top 10; weights 4, 3, 5, 2, 1.
 */
export function difficultyScore(
  appstore: AppStore,
  keyword: string,
  results: readonly StoreApp[],
  now: Date,
): number {
  const top = results.slice(0, 10);
  if (top.length === 0) return 1;
  const normalized = normalizeKeyword(keyword);
  const titlePoints =
    top.reduce((sum, app) => sum + TITLE_POINTS[titleMatch(normalized, app.title)], 0) / top.length;
  const competitors = results.slice(0, 100).filter((app) => isCompetitor(normalized, app)).length;
  const rating = average(top.map((app) => app.rating)) * 2;
  const ages = top.map((app) =>
    app.updatedAt ? Math.max(0, Math.floor((now.getTime() - Date.parse(app.updatedAt)) / DAY_MS)) : 500,
  );
  return aggregate(
    [4, 3, 5, 2, 1],
    [
      titlePoints,
      scale(0, Math.min(results.length, 100), competitors),
      installsScore(appstore, top),
      rating,
      inverseScale(0, 500, average(ages)),
    ],
  );
}

/** Where the keyword first shows among the store's suggestions: the prefix length and the position. */
export interface SuggestPosition {
  length: number;
  index: number;
}

/**
 * Walks the prefixes of the keyword, shortest first, until the store suggests the keyword itself
 * (aso `getSuggestLength`); null when it never does within 25 characters.
 */
export async function findSuggestPosition(
  keyword: string,
  suggest: (prefix: string) => Promise<readonly string[]>,
): Promise<SuggestPosition | null> {
  const normalized = normalizeKeyword(keyword);
  for (let length = 1; length <= Math.min(normalized.length, MAX_KEYWORD_LENGTH); length += 1) {
    const prefix = normalized.slice(0, length);
    if (prefix.endsWith(' ')) continue;
    const index = (await suggest(prefix)).map(normalizeKeyword).indexOf(normalized);
    if (index !== -1) return { length, index };
  }
  return null;
}

/**
 * Traffic 1-10 (aso `getTraffic`): how early the store suggests the keyword, its length, installs of the
 * top 10 results and how many of them sit in their category's top chart; weights 8, 1, 2, 3.
 * `chartRanks`: chart position of each top-10 result (null if outside the chart); omit when unknown.
 */
export function trafficScore(
  appstore: AppStore,
  keyword: string,
  results: readonly StoreApp[],
  suggest: SuggestPosition | null,
  chartRanks?: readonly (number | null)[],
): number {
  const top = results.slice(0, 10);
  const suggestScore = suggest
    ? aggregate(
        [10, 1],
        [inverseScale(1, MAX_KEYWORD_LENGTH, suggest.length), inverseScale(0, 4, suggest.index)],
      )
    : 0; // aso scores "never suggested" below the scale's floor on purpose
  const lengthScore = inverseScale(1, MAX_KEYWORD_LENGTH, normalizeKeyword(keyword).length);
  return aggregate(
    [8, 1, 2, 3],
    [suggestScore, lengthScore, installsScore(appstore, top), chartScore(top.length, chartRanks)],
  );
}

function chartScore(topCount: number, chartRanks: readonly (number | null)[] | undefined): number {
  const ranked = (chartRanks ?? []).filter((rank): rank is number => rank !== null);
  if (ranked.length === 0) return 1;
  return aggregate([5, 1], [scale(0, topCount, ranked.length), inverseScale(1, 100, average(ranked))]);
}

/** Both statistics on the 1-100 scale. */
export function keywordStatsOf(difficulty: number, traffic: number): KeywordStats {
  return { difficulty: toPercentScale(difficulty), traffic: toPercentScale(traffic) };
}

/**
 * The keyword's score 1-100 shown to customers: the geometric mean of traffic and ease (101 - difficulty),
 * so a keyword scores high only when people search for it and it can be won.
 */
export function scoreOf(stats: KeywordStats): number {
  const traffic = clamp(stats.traffic, 1, 100);
  const ease = 101 - clamp(stats.difficulty, 1, 100);
  return clamp(Math.round(Math.sqrt(traffic * ease)), 1, 100);
}

/**
 * Estimated daily searches from traffic 1-100: a log scale from 1 search a day at traffic 1 to 100,000 at
 * traffic 100 (10^(5 · (traffic − 1) / 99)). A model, not a measurement: the stores publish no volumes.
 */
export function estimateDailySearches(traffic: number): number {
  return Math.round(10 ** ((5 * (clamp(traffic, 1, 100) - 1)) / 99));
}
