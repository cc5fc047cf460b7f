import { createHash } from 'node:crypto';
import { APP_STORES, DAY_MS, cpiBenchmark, cpiTierOf, parseMoney } from '@storelift/shared';

/*
 * The sandbox's daily figures of an App campaign, per country: a pure function of the campaign, the date and
 * how much of that date it has served, so the same question always has the same answer and a day's figures only
 * grow while it runs. Each country has a market cost per install drawn from the public benchmark range of its
 * tier (CPI_BENCHMARKS: North America dearest, Africa cheapest). Target-CPA bidding pays the target where it is
 * below the market, and 70 % of the target plus 30 % of the market where it is above (bidding up to spend the
 * budget), spread ±20 % a day: installs cost about the target, less in cheap countries. A target below the
 * market wins only a share of the traffic (its ratio squared: few installs at 0.15 in Western Europe). The budget is shared among the countries
 * (fixed weights) and 72-98 % of it is spent on a full day, so a day never spends more than its budget. Clicks
 * convert at 10-40 %, impressions click at 1-5 %; counts are whole, rounded without bias; cost is in whole cents.
 */

export interface FiguresCampaign {
  id: number;
  appStore: string;
  budgetMicros: bigint;
  targetCpaMicros: bigint;
  /** ISO codes of its location criteria. */
  countries: string[];
}

export interface CountryFigures {
  country: string;
  impressions: bigint;
  clicks: bigint;
  conversions: bigint;
  costMicros: bigint;
}

const CENT_MICROS = 10_000n;
const MICROS_PER_MONEY = 1_000_000n / 10_000n;

/** A whole number in [0, range) drawn from the campaign and what else is named (deterministic). */
function draw(range: number, ...key: (string | number)[]): bigint {
  const hash = createHash('sha256')
    .update(`sandbox-google-ads:${key.join(':')}`)
    .digest();
  return BigInt(hash.readUInt32BE(0) % range);
}

/** The market cost per install (micros) of a campaign in a country: fixed within its tier's benchmark range. */
function marketMicros(campaign: FiguresCampaign, country: string): bigint {
  const store = campaign.appStore === 'APPLE_APP_STORE' ? APP_STORES.APP_STORE : APP_STORES.GOOGLE_PLAY;
  const range = cpiBenchmark(cpiTierOf(country), store);
  const min = parseMoney(range.min) * MICROS_PER_MONEY;
  const max = parseMoney(range.max) * MICROS_PER_MONEY;
  return min + ((max - min) * draw(1001, campaign.id, country, 'market')) / 1000n;
}

/**
 * The figures of `date` after `servedMs` of it (a whole day: 24 h), one entry per country that had impressions.
 */
export function sandboxAdsDay(campaign: FiguresCampaign, date: string, servedMs: number): CountryFigures[] {
  const served = BigInt(Math.min(Math.max(Math.floor(servedMs), 0), DAY_MS));
  if (served === 0n || campaign.budgetMicros <= 0n || campaign.targetCpaMicros <= 0n) return [];
  const weights = campaign.countries.map((country) => 50n + draw(100, campaign.id, country, 'weight'));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0n);
  const utilization = 720n + draw(261, campaign.id, date, 'utilization');
  const figures: CountryFigures[] = [];
  campaign.countries.forEach((country, index) => {
    const market = marketMicros(campaign, country);
    const target = campaign.targetCpaMicros;
    // Per mille of the budget share a target below the market wins: (target / market)².
    const fill = target >= market ? 1000n : (target * target * 1000n) / (market * market);
    const spend =
      (campaign.budgetMicros * utilization * weights[index]! * fill) / (1000n * totalWeight * 1000n);
    // Below the market it pays the target; above, it bids up towards the target to spend the budget.
    const bid = target < market ? target : (target * 7n + market * 3n) / 10n;
    const cpi = (bid * (800n + draw(401, campaign.id, date, country, 'cpi'))) / 1000n;
    const conversionRate = 100n + draw(301, campaign.id, date, country, 'conversion');
    const clickRate = 100n + draw(401, campaign.id, date, country, 'click');
    if (cpi <= 0n) return;
    // The day's counts in thousandths: installs the spend buys at this day's cost per install, the clicks
    // they convert from, the impressions those clicks come from.
    const installs = (spend * 1000n) / cpi;
    const clicks = (installs * 1000n) / conversionRate;
    const impressions = (clicks * 10_000n) / clickRate;
    // A whole count by the part of the day served, rounded up at a point drawn per count: unbiased over days
    // (0.7 installs a day are 7 in 10 days, not none), and never less later in the day.
    const count = (thousandths: bigint, name: string) =>
      ((thousandths * served) / BigInt(DAY_MS) + draw(1000, campaign.id, date, country, name)) / 1000n;
    const clicksNow = count(clicks, 'clicks');
    const impressionsNow = count(impressions, 'impressions');
    if (impressionsNow === 0n && clicksNow === 0n) return;
    const installsNow = count(installs, 'installs');
    figures.push({
      country,
      impressions: impressionsNow > clicksNow ? impressionsNow : clicksNow,
      clicks: clicksNow,
      conversions: installsNow < clicksNow ? installsNow : clicksNow,
      costMicros: ((spend * served) / BigInt(DAY_MS) / CENT_MICROS) * CENT_MICROS,
    });
  });
  return figures;
}
