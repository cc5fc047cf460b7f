import {
  CPI_OWN_FIGURES,
  CPI_PROBLEMS,
  CPI_TIERS,
  DAY_MS,
  PRODUCT_TYPES,
  cpiBenchmark,
  cpiTierOf,
  dayInZone,
  formatMoney,
  parseMoney,
  type Campaign,
  type CpiEstimate,
  type CpiEstimateQuery,
  type CpiEstimateRow,
  type CpiFigures,
  type CpiProblem,
  type CpiReport,
  type Money,
} from '@storelift/shared';
import type { Queryable } from '../../../db/client.js';
import type { Deps } from '../../../deps.js';
import { NotFoundError } from '../../../lib/errors.js';
import * as repo from '../campaigns.repo.js';
import { heldOf } from './campaigns.cpi-charging.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import * as reportRepo from './campaigns.cpi-report-repo.js';
import { moneyOfMicrosValue } from '../../../providers/ad-network/google-ads/google-ads-operations.js';

/** Hundredths of a 2-decimal conversions sum ("12.5", "12.50", "3"). */
function hundredthsOf(text: string): bigint {
  const [units = '0', fraction = ''] = text.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** `num / den` as a percent with 2 decimals, rounded half up; null when `den` is 0. */
function percentText(num: bigint, den: bigint): string | null {
  if (den <= 0n) return null;
  const basisPoints = (num * 10_000n + den / 2n) / den;
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`;
}

/** Spend per install (installs in hundredths), 4 decimals; null without installs. */
function cpiOf(spend: Money, installsHundredths: bigint): string | null {
  if (installsHundredths <= 0n) return null;
  return formatMoney((spend * 100n + installsHundredths / 2n) / installsHundredths);
}

/** The figures of summed `cpi_stats` rows, ratios computed exactly. */
export function figuresOf(sums: reportRepo.StatSums): CpiFigures {
  const impressions = BigInt(sums.impressions ?? '0');
  const clicks = BigInt(sums.clicks ?? '0');
  const installs = hundredthsOf(sums.conversions ?? '0');
  const spend = moneyOfMicrosValue(BigInt(sums.cost_micros ?? '0'));
  return {
    impressions: Number(impressions),
    clicks: Number(clicks),
    installs: `${installs / 100n}.${(installs % 100n).toString().padStart(2, '0')}`,
    spend: formatMoney(spend),
    ctr: percentText(clicks, impressions),
    conversion_rate: percentText(installs, clicks * 100n),
    cpi: cpiOf(spend, installs),
  };
}

const add = (a: string, b: string) => (BigInt(a) + BigInt(b)).toString();

/**
 * `GET campaigns/{id}/cpi-report`: the user's CPI campaign as its ad network reported it (404 for another
 * user's campaign and for one of another type).
 */
export async function cpiReport(
  deps: Deps,
  userId: number,
  id: number,
  now = new Date(),
): Promise<{ data: CpiReport }> {
  const { db } = deps;
  const found = await repo.findCampaign(db, userId, id);
  const cpi = found?.campaign.product_type === PRODUCT_TYPES.cpi ? await cpiRepo.findCpi(db, id) : undefined;
  if (!found || !cpi) throw new NotFoundError();
  const row = found.campaign;
  const [days, countries, google, postings] = await Promise.all([
    reportRepo.statsByDay(db, id),
    reportRepo.statsByCountry(db, id),
    reportRepo.findGoogleAds(db, id),
    reportRepo.campaignPostings(db, userId, id),
  ]);

  const total: reportRepo.StatSums = { impressions: '0', clicks: '0', conversions: '0', cost_micros: '0' };
  let installs = 0n;
  for (const day of days) {
    total.impressions = add(total.impressions, day.impressions);
    total.clicks = add(total.clicks, day.clicks);
    total.cost_micros = add(total.cost_micros, day.cost_micros);
    installs += hundredthsOf(day.conversions);
  }
  total.conversions = `${installs / 100n}.${(installs % 100n).toString().padStart(2, '0')}`;

  const today = dayInZone(google?.time_zone, now);
  const spentToday = moneyOfMicrosValue(BigInt(days.find((day) => day.date === today)?.cost_micros ?? '0'));
  const budget = parseMoney(cpi.daily_budget);
  const held = heldOf(row, cpi);
  const problem = CPI_PROBLEMS.includes(google?.error_kind as CpiProblem)
    ? (google!.error_kind as CpiProblem)
    : google?.error_kind
      ? 'other'
      : null;

  return {
    data: {
      target_cpi: row.unit_price,
      daily_budget: cpi.daily_budget,
      countries: cpi.countries,
      totals: figuresOf(total),
      days: days.map(({ date, ...sums }) => ({ date, ...figuresOf(sums) })),
      by_country: countries
        .map(({ country, ...sums }) => ({ country, ...figuresOf(sums), micros: BigInt(sums.cost_micros) }))
        .sort((a, b) =>
          a.micros === b.micros ? a.country.localeCompare(b.country) : a.micros > b.micros ? -1 : 1,
        )
        .map(({ micros: _micros, ...figures }) => figures),
      pacing: {
        date: today,
        spent: formatMoney(spentToday),
        daily_budget: cpi.daily_budget,
        percent: budget > 0n ? Number((spentToday * 100n) / budget) : 0,
      },
      ad: {
        headline1: cpi.headline1,
        headline2: cpi.headline2,
        description: cpi.ad_text,
        approval_status: google?.approval_status ?? null,
        review_status: google?.review_status ?? null,
        policy_topics: google?.policy_topics ?? [],
        problem,
        problem_at: problem ? (google?.error_at?.toISOString() ?? null) : null,
      },
      charges: postings.map((posting) => ({
        ...posting,
        at: posting.at.toISOString(),
        amount: formatMoney(parseMoney(posting.amount)),
      })),
      refund: {
        prepaid_left: formatMoney(held > 0n ? held : 0n),
        due_at: cpi.refund_due_at?.toISOString() ?? null,
        refunded_at: cpi.refunded_at?.toISOString() ?? null,
      },
      reported_at: google?.reported_at?.toISOString() ?? null,
    },
  };
}

/**
 * `GET campaigns/cpi-estimate`: the expected cost per install in the countries asked — the customer's own
 * figures of the last 30 days for a country with enough installs on that store, else its tier's benchmark
 * range (`CPI_BENCHMARKS`); each line says whether the target is below it.
 */
export async function cpiEstimate(
  deps: Deps,
  userId: number,
  query: CpiEstimateQuery,
  now = new Date(),
): Promise<{ data: CpiEstimate }> {
  const from = new Date(now.getTime() - CPI_OWN_FIGURES.days * DAY_MS).toISOString().slice(0, 10);
  const own = await reportRepo.ownStatsByCountry(deps.db, userId, query.appstore, query.countries, from);
  const target = query.target === undefined ? null : parseMoney(query.target);
  const below = (min: string) => target !== null && target < parseMoney(min);

  const rows: CpiEstimateRow[] = [];
  const ownCountries = new Set<string>();
  for (const sums of own.sort((a, b) => a.country.localeCompare(b.country))) {
    const figures = figuresOf(sums);
    if (figures.cpi === null || hundredthsOf(figures.installs) < BigInt(CPI_OWN_FIGURES.minInstalls) * 100n)
      continue;
    ownCountries.add(sums.country);
    rows.push({
      source: 'own',
      tier: cpiTierOf(sums.country),
      countries: [sums.country],
      min: figures.cpi,
      max: figures.cpi,
      installs: figures.installs,
      below: below(figures.cpi),
    });
  }
  for (const tier of CPI_TIERS) {
    const countries = query.countries.filter((code) => !ownCountries.has(code) && cpiTierOf(code) === tier);
    if (!countries.length) continue;
    const range = cpiBenchmark(tier, query.appstore);
    const min = formatMoney(parseMoney(range.min));
    rows.push({
      source: 'benchmark',
      tier,
      countries: countries.sort(),
      min,
      max: formatMoney(parseMoney(range.max)),
      installs: null,
      below: below(min),
    });
  }
  return { data: { rows } };
}

/** A list page's campaigns with each CPI one's country count and spend so far (one query, only for CPI rows). */
export async function withCpiSummaries(db: Queryable, list: Campaign[]): Promise<Campaign[]> {
  const ids = list.filter((campaign) => campaign.type === PRODUCT_TYPES.cpi).map((campaign) => campaign.id);
  if (!ids.length) return list;
  const byId = new Map((await reportRepo.cpiSummaries(db, ids)).map((row) => [row.id, row]));
  return list.map((campaign) => {
    const summary = byId.get(campaign.id);
    return summary
      ? {
          ...campaign,
          cpi_summary: { countries: summary.countries, spent: formatMoney(parseMoney(summary.spent)) },
        }
      : campaign;
  });
}
