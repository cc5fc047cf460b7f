import type { ChartCampaign, ChartPoint, Keyword, RankState } from '@storelift/shared';

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

/** The most lines one chart compares: more would be unreadable. */
export const CHART_MAX_KEYWORDS = 10;

/** Line colours of the keywords compared in one chart, in the order the chart draws them. */
const SERIES_COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.7',
  'pink.6',
  'blue.6',
  'yellow.7',
] as const;

/** The colour of the chart's `index`-th line (a theme colour, `indigo.6`). */
export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** The same colour as CSS, for what is not a chart (`var(--mantine-color-indigo-6)`). */
export const seriesColorVar = (index: number) =>
  `var(--mantine-color-${seriesColor(index).replace('.', '-')})`;

/**
 * The keywords a comparison charts, in the order it draws them (the server answers by id): the table marks
 * each with its line's colour from the same list, so a row and its line match.
 */
export function chartedIds(selected: Iterable<number>): number[] {
  return [...selected].sort((a, b) => a - b).slice(0, CHART_MAX_KEYWORDS);
}

/** One day of an annotated chart: the keywords' ranks, the installs delivered, the campaigns running. */
export type AnnotatedRow = ChartRow & { installs: number | null; campaigns: string };

/**
 * Chart rows with the campaigns that targeted the keywords: each day's installs delivered (summed over the
 * keywords shown) and the ids of the campaigns running that day; a campaign on several keywords counts once.
 */
export function annotateRows(rows: readonly ChartRow[], campaigns: readonly ChartCampaign[]): AnnotatedRow[] {
  const installs = new Map<string, number>();
  for (const campaign of campaigns) {
    for (const day of campaign.installs) installs.set(day.date, (installs.get(day.date) ?? 0) + day.installs);
  }
  const periods = uniqueCampaigns(campaigns);
  return rows.map((row) => ({
    ...row,
    installs: installs.get(row.date) ?? null,
    campaigns: periods
      .filter((campaign) => campaign.from <= row.date && row.date <= campaign.to)
      .map((campaign) => `#${campaign.id}`)
      .join(', '),
  }));
}

/** Each campaign once (the many-keyword chart answers one per keyword it targeted), oldest first. */
export function uniqueCampaigns(campaigns: readonly ChartCampaign[]): ChartCampaign[] {
  const byId = new Map<number, ChartCampaign>();
  for (const campaign of campaigns) if (!byId.has(campaign.id)) byId.set(campaign.id, campaign);
  return [...byId.values()].sort((a, b) => a.from.localeCompare(b.from) || a.id - b.id);
}
