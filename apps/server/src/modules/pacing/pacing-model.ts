import { LIMITS, PACING_MIN_CAMPAIGNS, type PacingDays, type PacingRankRange } from '@storelift/shared';
import { OUT_OF_RANK_VALUE, campaignImpact, type ImpactInput } from '../impact/impact.js';

/*
 * The pacing model (docs/pacing.md). A keyword's rank is taken to shrink geometrically with the installs a
 * campaign delivers for it: rank after N installs = rank × e^(−k·N). Each delivered keyword-installs campaign
 * of the store and country gives k = ln(before ÷ after) ÷ installs for each of its keywords (before and after
 * as the impact report measures them); a campaign's pace is the median of its keywords' k. The 25th, 50th and
 * 75th percentiles of the campaigns' paces give the range; nothing is suggested below PACING_MIN_CAMPAIGNS.
 */

/** What one keyword of a delivered campaign did: the inputs of its pace. */
export interface PastOutcome {
  campaign_id: number;
  /** Average rank of the 7 days before the start (251 = out of rank). */
  before: number;
  /** The average rank the impact report compares it with (the 7 days after, else the campaign's days). */
  after: number;
  /** Installs delivered for the keyword. */
  installs: number;
  /** Days the campaign ran. */
  days: number;
}

/** The model for one store and country. */
export interface Calibration {
  campaigns: number;
  /** Log-rank gained per install: 25th, 50th and 75th percentile of the campaigns' paces. */
  pace: { low: number; mid: number; high: number };
  /** Installs per keyword per day the campaigns delivered: median and most. */
  rate: { mid: number; max: number };
}

/** The suggestion for one keyword. */
export interface Suggestion {
  installs_per_day: number;
  days: PacingDays;
  reachable: boolean;
  plan_days: number;
  expected_rank: PacingRankRange;
}

/** The outcome of one keyword of a past campaign, or null when its report has no before or after rank. */
export function outcomeOf(campaignId: number, days: number, input: ImpactInput): PastOutcome | null {
  const impact = campaignImpact(input);
  const before = impact.before.average;
  if (before === null || impact.places_gained === null || impact.installs <= 0) return null;
  return {
    campaign_id: campaignId,
    before,
    after: before - impact.places_gained,
    installs: impact.installs,
    days,
  };
}

/** The q-th quantile (0-1) of sorted values, interpolated between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = sorted[Math.floor(at)]!;
  const above = sorted[Math.ceil(at)]!;
  return below + (above - below) * (at - Math.floor(at));
}

const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The model of these outcomes, or null when they come from fewer than PACING_MIN_CAMPAIGNS campaigns. */
export function calibrate(outcomes: readonly PastOutcome[]): Calibration | null {
  const byCampaign = new Map<number, PastOutcome[]>();
  for (const outcome of outcomes) {
    // A rank of 0 or less cannot come from the report; one that did would make the logarithm meaningless.
    if (outcome.installs <= 0 || outcome.before < 1 || outcome.after < 1) continue;
    byCampaign.set(outcome.campaign_id, [...(byCampaign.get(outcome.campaign_id) ?? []), outcome]);
  }
  if (byCampaign.size < PACING_MIN_CAMPAIGNS) return null;
  const paces: number[] = [];
  const rates: number[] = [];
  for (const list of byCampaign.values()) {
    paces.push(median(list.map((o) => Math.log(o.before / o.after) / o.installs)));
    rates.push(median(list.map((o) => o.installs / Math.max(1, o.days))));
  }
  paces.sort((a, b) => a - b);
  return {
    campaigns: byCampaign.size,
    pace: { low: quantile(paces, 0.25), mid: quantile(paces, 0.5), high: quantile(paces, 0.75) },
    rate: { mid: median(rates), max: Math.max(...rates) },
  };
}

const clampRank = (rank: number) => Math.min(OUT_OF_RANK_VALUE, Math.max(1, Math.round(rank)));

/** Where `installs` leave a keyword at `rank`: best, median and worst (251 = beyond 250). */
export function expectedRank(calibration: Calibration, rank: number, installs: number): PacingRankRange {
  const after = (pace: number) => clampRank(rank * Math.exp(-pace * installs));
  return {
    best: after(calibration.pace.high),
    median: after(calibration.pace.mid),
    worst: after(calibration.pace.low),
  };
}

/** Installs to go from `rank` to `target` at `pace`; Infinity when that pace loses places. */
const installsToTarget = (rank: number, target: number, pace: number) =>
  pace > 0 ? Math.log(rank / target) / pace : Number.POSITIVE_INFINITY;

/**
 * Installs per day and days to bring a keyword from `rank` (above `target`) to `target`: the pace the
 * campaigns delivered (their median), raised when the median campaign would need more than 14 days, never
 * above the most any of them delivered (the model has not seen more). Null when the median campaign gained
 * nothing.
 */
export function suggest(calibration: Calibration, rank: number, target: number): Suggestion | null {
  if (calibration.pace.mid <= 0) return null;
  const maxDays = LIMITS.keywordInstallsMaxDays;
  const needed = installsToTarget(rank, target, calibration.pace.mid);
  const ceiling = Math.min(
    LIMITS.installsMax,
    Math.max(LIMITS.installsMin, Math.floor(calibration.rate.max)),
  );
  const perDay = Math.min(
    ceiling,
    Math.max(LIMITS.installsMin, Math.round(calibration.rate.mid), Math.ceil(needed / maxDays)),
  );
  const daysAt = (pace: number) => {
    const installs = installsToTarget(rank, target, pace);
    return Number.isFinite(installs) ? Math.max(1, Math.ceil(installs / perDay)) : null;
  };
  const days = {
    low: daysAt(calibration.pace.high),
    mid: daysAt(calibration.pace.mid),
    high: daysAt(calibration.pace.low),
  };
  const planDays = Math.min(maxDays, days.mid ?? maxDays);
  return {
    installs_per_day: perDay,
    days,
    reachable: days.mid !== null && days.mid <= maxDays,
    plan_days: planDays,
    expected_rank: expectedRank(calibration, rank, perDay * planDays),
  };
}
