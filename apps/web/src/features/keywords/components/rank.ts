import type { ChartPoint, Keyword, RankState } from '@storelift/shared';

/** Places gained or lost since yesterday, as shown next to the rank. */
export interface RankChange {
  direction: 'up' | 'down';
  /** ▲3 or ▼2. */
  text: string;
  places: number;
  color: 'teal' | 'red';
}

/**
 * The change since yesterday (`change` = yesterday's rank − today's, positive = moved up): ▲ in green
 * for places gained, ▼ in red for places lost; nothing when unchanged or unknown (either day unranked).
 */
export function rankChange(change: number | null | undefined): RankChange | null {
  if (change === null || change === undefined || change === 0 || !Number.isFinite(change)) return null;
  const places = Math.abs(change);
  return change > 0
    ? { direction: 'up', text: `▲${places}`, places, color: 'teal' }
    : { direction: 'down', text: `▼${places}`, places, color: 'red' };
}

/** The rank as a number, or the state (out of rank, error, not checked) to say in words. */
export type RankDisplay = { kind: 'rank'; rank: number } | { kind: 'state'; state: Exclude<RankState, 'ok'> };

/** What the rank cell shows: the rank when there is one, else the state, in words (customer-area §4). */
export function rankDisplay(keyword: Pick<Keyword, 'rank' | 'rank_state'>): RankDisplay {
  if (keyword.rank_state === 'ok' && keyword.rank !== null) return { kind: 'rank', rank: keyword.rank };
  return { kind: 'state', state: keyword.rank_state === 'ok' ? 'not_checked' : keyword.rank_state };
}

/** One line of a rank chart. */
export interface RankSeries {
  id: number;
  keyword: string;
  data: readonly ChartPoint[];
}

/** A chart row: the day (`date` YYYY-MM-DD) and each line's rank that day, null for a gap. */
export type ChartRow = { date: string } & Record<string, number | string | null>;

/** The data key of a keyword's line in the chart rows. */
export const seriesKey = (id: number) => `k${id}`;

/**
 * Rows for a line chart from one or more keywords' daily points: one row per day (all days of all
 * lines, in order), a rank where the keyword was ranked that day and null otherwise, so out-of-rank and
 * unchecked days are gaps in the line rather than a drop to zero.
 */
export function toChartRows(series: readonly RankSeries[]): ChartRow[] {
  const days = new Map<string, ChartRow>();
  for (const line of series) {
    for (const point of line.data) {
      const row = days.get(point.date) ?? ({ date: point.date } as ChartRow);
      row[seriesKey(line.id)] = point.state === 'ok' && point.rank !== null ? point.rank : null;
      days.set(point.date, row);
    }
  }
  const rows = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  for (const row of rows) for (const line of series) row[seriesKey(line.id)] ??= null;
  return rows;
}

/** The worst (largest) rank in the rows, for the Y axis; null when no day is ranked. */
export function worstRank(rows: readonly ChartRow[], keys: readonly string[]): number | null {
  let worst: number | null = null;
  for (const row of rows) {
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'number' && (worst === null || value > worst)) worst = value;
    }
  }
  return worst;
}

/**
 * The bottom of the rank axis (the worst rank shown) and its ticks: rank 1 always on top, then round
 * steps, so a keyword at the top of the store reads "1" rather than sitting on an unlabelled edge.
 */
export function rankAxis(worst: number | null): { bottom: number; ticks: number[] } {
  const low = Math.max(1, Math.min(250, worst ?? 10));
  const step = [1, 2, 5, 10, 25, 50].find((candidate) => low / candidate <= 5) ?? 50;
  const bottom = Math.max(step * Math.ceil(low / step), 5);
  const ticks = [1];
  for (let tick = step; tick <= bottom; tick += step) if (tick > 1) ticks.push(tick);
  return { bottom, ticks };
}

/** A chart day label: DD.MM (the year is in the tooltip). */
export function shortDay(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return `${day}.${month}`;
}

/** A chart day in full: DD.MM.YYYY (customer-area §9). */
export function fullDay(date: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return `${day}.${month}.${year}`;
}
