import { stringify } from 'csv-stringify/sync';
import {
  LIMITS,
  PRODUCT_TYPES,
  addDays,
  formatMoney,
  parseMoney,
  statisticsDay,
  statisticsRange,
  type CampaignImpact,
  type CampaignStatus,
  type ImpactRow,
  type ImpactStatisticsQuery,
  type ImpactStatisticsResponse,
  type KeywordImpact,
} from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { IMPACT_WINDOW_DAYS, campaignImpact, monthBefore, type Impact } from './impact.js';
import * as repo from './impact.repo.js';

/** Statuses of a campaign still delivering: its report is "so far". */
const RUNNING = new Set(['active', 'pause', 'pending']);

const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** The impact's API view: money as decimal text, the baseline as its two averages and the movement. */
function viewOf(keyword: string, impact: Impact): KeywordImpact {
  const { baseline } = impact;
  return {
    keyword,
    before: impact.before,
    during: impact.during,
    after: impact.after,
    compared_with: impact.compared_with,
    places_gained: impact.places_gained,
    best: impact.best,
    top10_days: impact.top10_days,
    installs: impact.installs,
    spent: formatMoney(impact.spent),
    per_place: impact.per_place === null ? null : formatMoney(impact.per_place),
    baseline: baseline && {
      from: baseline.from,
      to: baseline.to,
      before: baseline.before.average,
      compared: (baseline.compared_with === 'after' ? baseline.after : baseline.during)?.average ?? null,
      places_gained: baseline.places_gained,
    },
  };
}

/**
 * The report of one campaign per keyword: its days are UTC days, as rank samples are; it ends on the day it
 * finished (at most its last planned day) and runs "so far" while it delivers.
 */
export async function reportOf(
  db: Queryable,
  row: repo.ImpactCampaignRow,
  now: Date,
): Promise<CampaignImpact> {
  const status = row.status as CampaignStatus;
  const start = row.start_day;
  const running = RUNNING.has(status);
  if (start === null || row.product_type !== PRODUCT_TYPES.keyword)
    return { campaign_id: row.id, status, start, end: null, running, keywords: [] };
  const today = utcDay(now);
  const lastPlanned = addDays(start, Math.max(...row.orders.flatMap((o) => o.days.map((d) => d.day)), 1) - 1);
  const end = running ? null : minDay(row.finished_day ?? lastPlanned, lastPlanned);
  const keywords = row.orders.map((order) => order.keyword);
  const samples =
    row.app_id === null
      ? []
      : await repo.rankSamples(
          db,
          row.app_id,
          row.country_id,
          keywords,
          addDays(monthBefore(start), -IMPACT_WINDOW_DAYS),
          end === null ? today : minDay(addDays(end, IMPACT_WINDOW_DAYS), today),
        );
  const unitPrice = parseMoney(row.unit_price);
  const reports = row.orders.map((order) => {
    const installs = order.days.reduce((sum, day) => sum + day.installs, 0);
    const impact = campaignImpact({
      samples: samples.filter((sample) => sample.keyword === order.keyword),
      start,
      end,
      today,
      delivered: order.days.map((day) => ({ day: addDays(start, day.day - 1), installs: day.installs })),
      spent: unitPrice * BigInt(installs),
    });
    return viewOf(order.keyword, impact);
  });
  return { campaign_id: row.id, status, start, end, running, keywords: reports };
}

/** The customer's report of their campaign (404 for another user's). */
export async function ownCampaignImpact(
  deps: Pick<Deps, 'db'>,
  userId: number,
  id: number,
  now = new Date(),
) {
  const row = await repo.findImpactCampaign(deps.db, id, userId);
  if (!row) throw new NotFoundError();
  return { data: await reportOf(deps.db, row, now) };
}

/** Any campaign's report, for staff. */
export async function anyCampaignImpact(deps: Pick<Deps, 'db'>, id: number, now = new Date()) {
  const row = await repo.findImpactCampaign(deps.db, id, null);
  if (!row) throw new NotFoundError();
  return { data: await reportOf(deps.db, row, now) };
}

/** Columns of the impact CSV, one row per campaign and keyword. */
export const IMPACT_CSV_COLUMNS = [
  'campaign_id',
  'keyword',
  'status',
  'start',
  'end',
  'rank_before',
  'rank_during',
  'rank_after',
  'places_gained',
  'compared_with',
  'best_rank',
  'best_day',
  'top10_days',
  'installs',
  'spent',
  'per_place',
  'previous_month_from',
  'previous_month_to',
  'previous_month_places_gained',
] as const;

const cell = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : value;

/** A keyword's report with its campaign, as the CSV writes it. */
type CsvRow = KeywordImpact & Pick<ImpactRow, 'campaign_id' | 'status' | 'start' | 'end'>;

/** The rows of one campaign's report. */
export const rowsOfReport = (report: CampaignImpact): CsvRow[] =>
  report.keywords.map((k) => ({
    ...k,
    campaign_id: report.campaign_id,
    status: report.status,
    start: report.start,
    end: report.end,
  }));

/** Keyword reports as CSV (empty cells for figures without data); formulas escaped as other exports do. */
export function impactCsv(rows: readonly CsvRow[]): string {
  const cells = rows.map((k) => ({
    campaign_id: k.campaign_id,
    keyword: k.keyword,
    status: k.status,
    start: cell(k.start),
    end: cell(k.end),
    rank_before: cell(k.before.average),
    rank_during: cell(k.during.average),
    rank_after: cell(k.after?.average),
    places_gained: cell(k.places_gained),
    compared_with: k.compared_with,
    best_rank: cell(k.best?.rank),
    best_day: cell(k.best?.day),
    top10_days: k.top10_days,
    installs: k.installs,
    spent: k.spent,
    per_place: cell(k.per_place),
    previous_month_from: cell(k.baseline?.from),
    previous_month_to: cell(k.baseline?.to),
    previous_month_places_gained: cell(k.baseline?.places_gained),
  }));
  return stringify(cells, { header: true, columns: [...IMPACT_CSV_COLUMNS], escape_formulas: true });
}

/** A page of the keyword reports of the caller's keyword-installs campaigns that ran in the period. */
export async function impactStatistics(
  deps: Pick<Deps, 'db'>,
  userId: number,
  query: ImpactStatisticsQuery,
  now = new Date(),
): Promise<ImpactStatisticsResponse> {
  const range = statisticsRange(query, statisticsDay(now));
  if (!range.ok) throw ValidationError.field(range.field, range.message);
  const period = { from: range.from, to: range.to };
  const { rows, total } = await repo.impactCampaigns(deps.db, userId, query, period);
  const data = [];
  for (const row of rows) {
    const report = await reportOf(deps.db, row, now);
    for (const keyword of report.keywords) {
      data.push({
        ...keyword,
        campaign_id: row.id,
        status: report.status,
        start: report.start,
        end: report.end,
        country: row.country,
        package: row.package,
        running: report.running,
      });
    }
  }
  return { data, meta: pageMeta(total, query.page, query.limit), period };
}

/** A keyword's figures as the campaign-completed webhook carries them. */
export interface CompletionImpact {
  keyword: string;
  rank_before: number | null;
  rank_during: number | null;
  places_gained: number | null;
  best_rank: number | null;
  best_day: string | null;
  top10_days: number;
  installs: number;
  spent: string;
  per_place: string | null;
  previous_month_places_gained: number | null;
}

/**
 * A keyword-installs campaign's figures per keyword as it completes (the week after has not come yet, so
 * "during" is compared with the week before); null for other products.
 */
export async function completionImpact(db: Queryable, campaignId: number, now = new Date()) {
  const row = await repo.findImpactCampaign(db, campaignId, null);
  if (!row || row.product_type !== PRODUCT_TYPES.keyword) return null;
  const report = await reportOf(db, row, now);
  return report.keywords.map((k): CompletionImpact => ({
    keyword: k.keyword,
    rank_before: k.before.average,
    rank_during: k.during.average,
    places_gained: k.places_gained,
    best_rank: k.best?.rank ?? null,
    best_day: k.best?.day ?? null,
    top10_days: k.top10_days,
    installs: k.installs,
    spent: k.spent,
    per_place: k.per_place,
    previous_month_places_gained: k.baseline?.places_gained ?? null,
  }));
}

const rankOf = (average: number) => (average > LIMITS.rankMax ? `${LIMITS.rankMax}+` : String(average));

/** "home workout 40 → 18.4, yoga 250+ → 120" for the completion notice; null when no keyword has both ranks. */
export function ranksLine(impact: readonly CompletionImpact[]): string | null {
  const moved = impact.flatMap((k) =>
    k.rank_before === null || k.rank_during === null
      ? []
      : [`${k.keyword} ${rankOf(k.rank_before)} → ${rankOf(k.rank_during)}`],
  );
  return moved.length ? moved.join(', ') : null;
}

/** Keyword reports per page while the statistics export walks the period. */
const EXPORT_PAGE = 100;

/** Every keyword report of the period's campaigns (the statistics filters), for the CSV export. */
export async function impactStatisticsRows(
  deps: Pick<Deps, 'db'>,
  userId: number,
  query: Omit<ImpactStatisticsQuery, 'page' | 'limit'>,
  now = new Date(),
): Promise<ImpactRow[]> {
  const rows: ImpactRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await impactStatistics(deps, userId, { ...query, page, limit: EXPORT_PAGE }, now);
    rows.push(...answer.data);
    if (page >= answer.meta.last_page) return rows;
  }
}
