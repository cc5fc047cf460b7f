import { statisticsDay, statisticsRange } from '@storelift/shared';
import { DATE_SHORTCUT_VALUES, shortcutRange, toDay, type DateShortcut } from '../../../lib/date-range';
import type { StatisticsParams } from '../api/statistics';

export const STATISTICS_TABS = ['date', 'keyword', 'campaigns'] as const;
export type StatisticsTab = (typeof STATISTICS_TABS)[number];
/** The tables of the "by package / products / campaigns" tab. */
export const STATISTICS_VIEWS = ['package', 'products', 'campaigns'] as const;
export type StatisticsView = (typeof STATISTICS_VIEWS)[number];

/** The page's state as kept in the URL (/statistics?tab=&period=&from=&to=&packageId=&appstore=&country=&productType=). */
export interface StatisticsSearch {
  tab: StatisticsTab;
  view: StatisticsView;
  period: DateShortcut;
  /** Days of a custom period (YYYY-MM-DD). */
  from?: string;
  to?: string;
  packageId?: string;
  /** "1" Google Play, "2" App Store. */
  appstore?: string;
  country?: string;
  productType?: string;
}

const DEFAULTS = { tab: 'date', view: 'package', period: 'month' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** Reads the raw query strings, keeping only well-formed values (defaults: by date, 1 month). */
export function statisticsSearch(raw: Record<string, unknown>): StatisticsSearch {
  const result: StatisticsSearch = {
    tab: oneOf(STATISTICS_TABS, raw.tab, DEFAULTS.tab),
    view: oneOf(STATISTICS_VIEWS, raw.view, DEFAULTS.view),
    period: oneOf(DATE_SHORTCUT_VALUES, raw.period, DEFAULTS.period),
  };
  if (typeof raw.from === 'string' && DAY.test(raw.from)) result.from = raw.from;
  if (typeof raw.to === 'string' && DAY.test(raw.to)) result.to = raw.to;
  if (typeof raw.packageId === 'string' && /^[\w.]{1,255}$/.test(raw.packageId))
    result.packageId = raw.packageId;
  const store = String(raw.appstore);
  if (store === '1' || store === '2') result.appstore = store;
  if (typeof raw.country === 'string' && /^[a-z]{2}$/i.test(raw.country))
    result.country = raw.country.toUpperCase();
  const productType = String(raw.productType);
  if (/^[0-9]{1,2}$/.test(productType)) result.productType = productType;
  return result;
}

/** The query values of a state, defaults left out (what the URL keeps). */
export function searchOf(state: StatisticsSearch): Record<string, string | undefined> {
  return {
    tab: state.tab === DEFAULTS.tab ? undefined : state.tab,
    view: state.view === DEFAULTS.view ? undefined : state.view,
    period: state.period === DEFAULTS.period ? undefined : state.period,
    from: state.period === 'custom' ? state.from : undefined,
    to: state.period === 'custom' ? state.to : undefined,
    packageId: state.packageId,
    appstore: state.appstore,
    country: state.country,
    productType: state.productType,
  };
}

/** What the statistics calls are asked for, or why not yet (a custom period missing a day, or invalid). */
export type ResolvedParams =
  | { ok: true; params: StatisticsParams }
  | { ok: false; reason: 'incomplete' }
  | { ok: false; reason: 'invalid'; message: string };

/** Today on the statistics' (Pacific) calendar, as a local date for the shortcuts to count back from. */
export function statisticsToday(now: Date = new Date()): Date {
  const [year, month, day] = statisticsDay(now).split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * The filters of a state as the API takes them: a shortcut ends today (Pacific, as the server's days); a custom
 * period is checked first.
 */
export function resolveParams(state: StatisticsSearch, today: Date = statisticsToday()): ResolvedParams {
  let range: { from: string; to: string };
  if (state.period === 'custom') {
    if (!state.from || !state.to) return { ok: false, reason: 'incomplete' };
    const checked = statisticsRange({ from: state.from, to: state.to }, toDay(today));
    if (!checked.ok) return { ok: false, reason: 'invalid', message: checked.message };
    range = checked;
  } else range = shortcutRange(state.period, today);
  return {
    ok: true,
    params: {
      from: range.from,
      to: range.to,
      appstore: state.appstore ? Number(state.appstore) : undefined,
      package: state.packageId,
      country: state.country,
      productType: state.productType ? Number(state.productType) : undefined,
    },
  };
}
