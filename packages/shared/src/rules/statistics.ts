/**
 * The statistics period and sorts as plain values and checks: the web's statistics page checks a custom range with
 * them without loading the schemas (contracts/statistics.ts builds its rules from them).
 */
import { CAMPAIGN_MESSAGES } from './campaign-messages.js';

/** Days a statistics period covers when none is given (ending today). */
export const STATISTICS_DEFAULT_DAYS = 30;
/**
 * Daily statistics count Pacific days, PST or PDT as the date falls (customer-area §9: daily figures in PST,
 * hourly ones in the browser's time, revenue in UTC), as the stores' own consoles report them.
 */
export const STATISTICS_TIME_ZONE = 'America/Los_Angeles';

const pacificDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATISTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The statistics day (YYYY-MM-DD, Pacific) an instant falls on. */
export function statisticsDay(instant: Date): string {
  return pacificDay.format(instant);
}

/** Rows of the top-keywords chart. */
export const STATISTICS_TOP_KEYWORDS = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** True when `text` is a calendar day YYYY-MM-DD that exists (2025-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  return DAY.test(text) && dayText(dayDate(text)) === text;
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const date = dayDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayText(date);
}

/** The day (YYYY-MM-DD) `now` falls on in a time zone (an ad account's days are its dates); UTC when unknown. */
export function dayInZone(timeZone: string | null | undefined, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(now);
  } catch {
    return dayText(now);
  }
}

/** The same day a year earlier (29 February → 28 February). */
function yearBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return dayText(new Date(Date.UTC(year - 1, month - 1, Math.min(date, lastOfMonth))));
}

export type StatisticsRange =
  { ok: true; from: string; to: string } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The period of a statistics call: `to` defaults to `today`, `from` to 30 days ending at `to`; `from`
 * must not be after `to`, and the period is at most a year (`from` no earlier than the same day a year
 * before `to`). The server checks it (422) and the page checks a custom range with it before asking.
 */
export function statisticsRange(query: { from?: string; to?: string }, today: string): StatisticsRange {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - STATISTICS_DEFAULT_DAYS);
  if (from > to) return { ok: false, field: 'from', message: CAMPAIGN_MESSAGES.statisticsRangeOrder };
  if (from < yearBefore(to))
    return { ok: false, field: 'from', message: CAMPAIGN_MESSAGES.statisticsRangeMax };
  return { ok: true, from, to };
}

/** Sorts of the keywords table. */
export const KEYWORD_STATISTICS_SORTS = ['keyword', 'delivered', 'planned', 'campaigns', 'spend'] as const;

/** Groupings of the campaigns table. */
export const CAMPAIGN_STATISTICS_GROUPS = ['campaign', 'package'] as const;
export type CampaignStatisticsGroup = (typeof CAMPAIGN_STATISTICS_GROUPS)[number];
/** Sorts of each grouping. */
export const CAMPAIGN_STATISTICS_SORTS = {
  campaign: ['id', 'package', 'status', 'started_at', 'delivered', 'planned', 'spend'],
  package: ['package', 'campaigns', 'delivered', 'planned', 'spend'],
} as const satisfies Record<CampaignStatisticsGroup, readonly string[]>;
