import {
  STATISTICS_TOP_KEYWORDS,
  addDays,
  formatMoney,
  parseMoney,
  statisticsDay,
  statisticsRange,
  type CampaignFigures,
  type CampaignStatisticsQuery,
  type CampaignStatus,
  type KeywordStatisticsQuery,
  type ProductFigures,
  type ProductStatisticsResponse,
  type StatisticsFigures,
  type StatisticsFilters,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import * as repo from './statistics.repo.js';

/** The period asked for (defaults: the 30 days up to today, Pacific); a reversed or over-a-year one is a 422. */
function periodOf(filters: StatisticsFilters, now: Date): repo.Period {
  const range = statisticsRange(filters, statisticsDay(now));
  if (!range.ok) throw ValidationError.field(range.field, range.message);
  return { from: range.from, to: range.to };
}

/** Sums figures exactly (spend in ten-thousandths). */
function sumFigures(rows: readonly StatisticsFigures[]): StatisticsFigures {
  let spend = 0n;
  let delivered = 0;
  let planned = 0;
  for (const row of rows) {
    spend += parseMoney(row.spend);
    delivered += row.delivered;
    planned += row.planned;
  }
  return { delivered, planned, spend: formatMoney(spend) };
}

// Map.groupBy arrives with Node 21.
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const figuresOf = (row: StatisticsFigures): StatisticsFigures => ({
  delivered: row.delivered,
  planned: row.planned,
  spend: formatMoney(parseMoney(row.spend)),
});

/** By date: every day of the period with its figures per product type, the totals per type and in all. */
export async function productStatistics(
  deps: Deps,
  userId: number,
  filters: StatisticsFilters,
  now = new Date(),
): Promise<ProductStatisticsResponse> {
  const period = periodOf(filters, now);
  const rows = await repo.productDays(deps.db, userId, filters, period);
  const byDay = groupBy(rows, (row) => row.date);
  const days = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    const products = (byDay.get(date) ?? []).map((row) => ({
      product_type: row.product_type,
      ...figuresOf(row),
    }));
    days.push({ date, ...sumFigures(products), products });
  }
  const products: ProductFigures[] = [...groupBy(rows, (row) => row.product_type)]
    .map(([product_type, group]) => ({ product_type, ...sumFigures(group) }))
    .sort((a, b) => a.product_type - b.product_type);
  return { data: { period, days, products, total: sumFigures(products) } };
}

/** By keyword: keyword installs per keyword (a page, sorted), and the most delivered ones for the chart. */
export async function keywordStatistics(
  deps: Deps,
  userId: number,
  query: KeywordStatisticsQuery,
  now = new Date(),
) {
  const period = periodOf(query, now);
  const { rows, total, top } = await repo.keywordFigures(
    deps.db,
    userId,
    query,
    period,
    STATISTICS_TOP_KEYWORDS,
  );
  const view = (row: (typeof rows)[number]) => ({
    keyword: row.keyword,
    campaigns: row.campaigns,
    ...figuresOf(row),
  });
  return { data: rows.map(view), meta: pageMeta(total, query.page, query.limit), top: top.map(view), period };
}

/** By campaign or by app (package): figures of the period with each campaign's status, a page, sorted. */
export async function campaignStatistics(
  deps: Deps,
  userId: number,
  query: CampaignStatisticsQuery,
  now = new Date(),
) {
  const period = periodOf(query, now);
  const { rows, total } = await repo.campaignFigures(deps.db, userId, query, period);
  const data: CampaignFigures[] = rows.map((row) => ({
    id: row.id,
    product_type: row.product_type,
    status: row.status as CampaignStatus | null,
    started_at: row.started_at === null ? null : new Date(row.started_at).toISOString(),
    country: row.country,
    appstore: row.appstore,
    package: row.package,
    app: row.app_title === null ? null : { title: row.app_title, icon: row.app_icon ?? '' },
    campaigns: row.campaigns,
    ...figuresOf(row),
  }));
  return { data, meta: pageMeta(total, query.page, query.limit), period };
}
