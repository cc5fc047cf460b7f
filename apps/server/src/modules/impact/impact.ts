import { LIMITS, addDays, roundMoney, type Money } from '@storelift/shared';

/*
 * What a keyword-installs campaign did to one keyword's rank: pure arithmetic over the keyword's daily
 * samples, so the report, the statistics, the completion notice and the pacing model all count alike.
 *
 * How days count:
 * - A day whose sample says "out of rank" (rank null) counts as rank 251, one place past the last the
 *   store check sees (rankMax 250): leaving the top 250 is a loss, reaching it from outside a gain.
 * - A day without a sample (not checked yet, or the check failed: the caller passes neither) is left
 *   out; an average of a window with no sampled day is null.
 * - Averages are rounded to one decimal; places gained are computed from the rounded averages, so the
 *   figures a reader sees add up.
 */

/** The rank an out-of-rank day counts as in averages: one past the last rank the store check sees. */
export const OUT_OF_RANK_VALUE = LIMITS.rankMax + 1;
/** Days averaged before the start and after the end. */
export const IMPACT_WINDOW_DAYS = 7;
/** A rank at or under this is "in the top 10". */
export const TOP_RANK = 10;

/** One day's sample: rank 1-250, or null when the app was out of rank that day. */
export interface RankSample {
  day: string;
  rank: number | null;
}

/** Installs delivered on one day. */
export interface DeliveredDay {
  day: string;
  installs: number;
}

export interface ImpactInput {
  /** Daily samples of the keyword, in any order; days with an error or no check are simply absent. */
  samples: readonly RankSample[];
  /** First day of the campaign (YYYY-MM-DD). */
  start: string;
  /** Last day of the campaign; null while it runs (the report is then "so far", up to `today`). */
  end: string | null;
  /** Today: the last day a running campaign's figures and a recent after-window can cover. */
  today: string;
  delivered: readonly DeliveredDay[];
  /** What the campaign cost (charged for delivered installs), in money units. */
  spent: Money;
}

/** A window of days and its average rank. */
export interface RankWindow {
  from: string;
  to: string;
  /** Average rank over the sampled days (one decimal), or null when none was sampled. */
  average: number | null;
  /** Days with a sample (ranked or out of rank). */
  sampled_days: number;
  /** Of those, days out of rank (counted as {@link OUT_OF_RANK_VALUE}). */
  out_of_rank_days: number;
}

/** The movement of a period: the average before it against the one after (or during, when not over). */
export interface RankMovement {
  before: RankWindow;
  during: RankWindow;
  /** The 7 days after the end (cut at today); null while the period runs. */
  after: RankWindow | null;
  /** Which window the "before" average is compared with: after when it has a sample, else during. */
  compared_with: 'after' | 'during';
  /** before − compared window, one decimal: positive = places gained (lower rank is better); null without data. */
  places_gained: number | null;
}

export interface Impact extends RankMovement {
  running: boolean;
  /** Best rank from the start to the end of the after-window, and the first day it was reached. */
  best: { rank: number; day: string } | null;
  /** Days ranked 1-10 over the same days as {@link Impact.best}. */
  top10_days: number;
  installs: number;
  spent: Money;
  /** Spent ÷ places gained, rounded to cents; null when no place was gained. */
  per_place: Money | null;
  /**
   * The same-length period one month earlier, measured the same way (the keyword's movement without
   * this campaign); null when the history does not reach that far.
   */
  baseline: (RankMovement & { from: string; to: string }) | null;
}

const valueOf = (rank: number | null) => rank ?? OUT_OF_RANK_VALUE;

function window(byDay: ReadonlyMap<string, number | null>, from: string, to: string): RankWindow {
  let sum = 0;
  let sampled = 0;
  let out = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (!byDay.has(day)) continue;
    const rank = byDay.get(day) ?? null;
    sampled += 1;
    if (rank === null) out += 1;
    sum += valueOf(rank);
  }
  const average = sampled === 0 ? null : Math.round((sum / sampled) * 10) / 10;
  return { from, to, average, sampled_days: sampled, out_of_rank_days: out };
}

/** The movement over [start, end] (end null = running up to today). */
function movement(
  byDay: ReadonlyMap<string, number | null>,
  start: string,
  end: string | null,
  today: string,
): RankMovement {
  const before = window(byDay, addDays(start, -IMPACT_WINDOW_DAYS), addDays(start, -1));
  const during = window(byDay, start, end ?? today);
  const afterTo = end === null ? null : minDay(addDays(end, IMPACT_WINDOW_DAYS), today);
  const after = end === null || afterTo === null ? null : window(byDay, addDays(end, 1), afterTo);
  const compared = after && after.average !== null ? after : during;
  const places_gained =
    before.average === null || compared.average === null
      ? null
      : Math.round((before.average - compared.average) * 10) / 10;
  return { before, during, after, compared_with: compared === after ? 'after' : 'during', places_gained };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** The same day a month earlier (31 March → 28/29 February). */
export function monthBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 2, Math.min(date, last))).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Spent per place gained, half up to cents; null when no place was gained. */
function perPlace(spent: Money, placesGained: number | null): Money | null {
  if (placesGained === null || placesGained <= 0) return null;
  const tenths = BigInt(Math.round(placesGained * 10));
  return roundMoney((spent * 10n * 2n + tenths) / (2n * tenths), 2);
}

/** The impact report of a campaign on one keyword (see the header for how days count). */
export function campaignImpact(input: ImpactInput): Impact {
  const byDay = new Map(input.samples.map((sample) => [sample.day, sample.rank]));
  const moved = movement(byDay, input.start, input.end, input.today);

  const reachTo = moved.after?.to ?? moved.during.to;
  let best: Impact['best'] = null;
  let top10 = 0;
  for (let day = input.start; day <= reachTo; day = addDays(day, 1)) {
    const rank = byDay.get(day);
    if (rank === undefined || rank === null) continue;
    if (rank <= TOP_RANK) top10 += 1;
    if (!best || rank < best.rank) best = { rank, day };
  }

  const length = daysBetween(input.start, moved.during.to);
  const baselineFrom = monthBefore(input.start);
  const baselineTo = addDays(baselineFrom, length - 1);
  // A finished campaign's baseline has an after-window too; a running one's is compared on "during".
  const previous =
    input.end === null
      ? movement(byDay, baselineFrom, null, baselineTo)
      : movement(byDay, baselineFrom, baselineTo, input.today);
  const baseline =
    previous.places_gained === null ? null : { from: baselineFrom, to: baselineTo, ...previous };

  return {
    ...moved,
    running: input.end === null,
    best,
    top10_days: top10,
    installs: input.delivered.reduce((sum, day) => sum + day.installs, 0),
    spent: input.spent,
    per_place: perPlace(input.spent, moved.places_gained),
    baseline,
  };
}
