import {
  CHART_PERIOD_DAYS,
  type ChartCampaign,
  type ChartPoint,
  type RankedApp,
  type chartRankQuerySchema,
  type chartRanksManyQuerySchema,
  type ranksAroundQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../lib/errors.js';
import * as repo from './keywords.repo.js';
import * as history from './rank-history.repo.js';
import { addDays, TOP_PLACES, utcDay } from './ranks.js';

/*
 * Rank history as the charts show it: each day's rank, the keyword-installs campaigns that targeted the
 * keyword with their delivered installs, and who ranks around the app in the store.
 */

type ChartQuery = z.output<typeof chartRankQuerySchema>;

/** Every day of the period up to today, with the sample's rank or `not_checked` where none was taken. */
function chartOf(
  samples: readonly { day: string; rank: number | null; state: ChartPoint['state'] }[],
  from: string,
  days: number,
): ChartPoint[] {
  const byDay = new Map(samples.map((sample) => [sample.day, sample]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const sample = byDay.get(date);
    return sample
      ? { date, rank: sample.rank, state: sample.state }
      : { date, rank: null, state: 'not_checked' as const };
  });
}

/** The first day of a chart period ending today. */
function periodOf(period: ChartQuery['period']) {
  const days = CHART_PERIOD_DAYS[period];
  return { days, from: addDays(utcDay(), -(days - 1)), to: utcDay() };
}

const inStore = (row: repo.OwnedKeyword): history.KeywordInStore => ({
  id: row.keyword.id,
  appstore: row.appstore,
  package: row.package,
  country_id: row.keyword.country_id,
  keyword: row.keyword.keyword,
});

/** The keywords' days and campaigns over the period: two statements whatever the number of keywords. */
async function chartsOf(
  deps: Deps,
  userId: number,
  owned: readonly repo.OwnedKeyword[],
  period: ChartQuery['period'],
) {
  const { days, from, to } = periodOf(period);
  const ids = owned.map((row) => row.keyword.id);
  const [samples, campaigns] = await Promise.all([
    repo.history(deps.db, ids, from),
    history.campaignsOnChart(deps.db, userId, owned.map(inStore), from, to),
  ]);
  return owned.map((row) => {
    const id = row.keyword.id;
    return {
      id,
      keyword: row.keyword.keyword,
      data: chartOf(
        samples.filter((sample) => sample.keyword_id === id),
        from,
        days,
      ),
      campaigns: campaigns
        .filter((campaign) => campaign.keyword_id === id)
        .map(({ keyword_id: _, ...campaign }): ChartCampaign => campaign),
    };
  });
}

/** `GET keywords/chartRank`. */
export async function chartRank(deps: Deps, userId: number, query: ChartQuery) {
  const row = await repo.findOwnedKeyword(deps.db, userId, query.id);
  if (!row) throw new NotFoundError();
  const [chart] = await chartsOf(deps, userId, [row], query.period);
  return { data: chart!.data, campaigns: chart!.campaigns };
}

/** `GET keywords/chartRanksMany`: ids that are not the user's are left out; 404 when none is. */
export async function chartRanksMany(
  deps: Deps,
  userId: number,
  query: z.output<typeof chartRanksManyQuerySchema>,
) {
  const owned = await repo.findOwnedKeywords(deps.db, userId, query.ids);
  if (!owned.length) throw new NotFoundError();
  return { data: await chartsOf(deps, userId, owned, query.period) };
}

/**
 * `GET keywords/ranksAround`: the store's top 10 on the newest day the keyword was checked in the period,
 * and the app with those just above and below it when it ranks lower; each with its places over the
 * period. Only places this keyword's own checks would have seen are shown (the top 10 and the app's own
 * neighbourhood each day), so the stored places around other accounts' apps never show through.
 */
export async function ranksAround(
  deps: Deps,
  userId: number,
  query: z.output<typeof ranksAroundQuerySchema>,
) {
  const row = await repo.findOwnedKeyword(deps.db, userId, query.id);
  if (!row) throw new NotFoundError();
  const { from } = periodOf(query.period);
  const [samples, places] = await Promise.all([
    repo.history(deps.db, [row.keyword.id], from),
    history.storePlaces(deps.db, inStore(row), from),
  ]);
  const ownRank = new Map(samples.map((sample) => [sample.day, sample.rank]));
  const seen = places.filter((place) => {
    if (!ownRank.has(place.day)) return false;
    const rank = ownRank.get(place.day);
    return place.position <= TOP_PLACES || (rank != null && Math.abs(place.position - rank) <= 1);
  });
  const day = seen.at(-1)?.day ?? null;
  const ofDay = seen.filter((place) => place.day === day);
  const rank = day === null ? null : ownRank.get(day);
  const view = (place: (typeof seen)[number]): RankedApp => ({
    position: place.position,
    package: place.package,
    title: place.title,
    developer: place.developer,
    own: place.package === row.package,
    history: seen
      .filter((other) => other.package === place.package)
      .map((other) => ({ date: other.day, rank: other.position })),
  });
  return {
    data: {
      day,
      top: ofDay.filter((place) => place.position <= TOP_PLACES).map(view),
      around:
        rank != null && rank > TOP_PLACES
          ? ofDay.filter((place) => Math.abs(place.position - rank) <= 1).map(view)
          : [],
    },
  };
}
