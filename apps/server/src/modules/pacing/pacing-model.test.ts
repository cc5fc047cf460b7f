import { PACING_MIN_CAMPAIGNS, addDays } from '@storelift/shared';
import { describe, expect, it } from 'vitest';
import type { RankSample } from '../impact/impact.js';
import { calibrate, expectedRank, outcomeOf, quantile, suggest, type PastOutcome } from './pacing-model.js';

const START = '2026-03-10';
const TODAY = '2026-06-01';

/** A made-up campaign: a week at `before`, `days` days of `perDay` installs moving the rank at `pace`, then a held week. */
interface Made {
  before: number;
  pace: number;
  perDay: number;
  days: number;
  /** Multiplies each day's rank: the organic wobble of a noisy history. */
  noise?: (day: number) => number;
}

function history({ before, pace, perDay, days, noise = () => 1 }: Made): RankSample[] {
  const samples: RankSample[] = [];
  const rankOn = (installs: number, index: number) =>
    Math.max(1, Math.round(before * Math.exp(-pace * installs) * noise(index)));
  for (let d = -7; d < days + 7; d += 1) {
    const installs = perDay * Math.min(days, Math.max(0, d + 1));
    samples.push({ day: addDays(START, d), rank: rankOn(installs, d) });
  }
  return samples;
}

function outcomesOf(made: Made[]): PastOutcome[] {
  return made.flatMap((campaign, id) => {
    const delivered = Array.from({ length: campaign.days }, (_, d) => ({
      day: addDays(START, d),
      installs: campaign.perDay,
    }));
    const outcome = outcomeOf(id + 1, campaign.days, {
      samples: history(campaign),
      start: START,
      end: addDays(START, campaign.days - 1),
      today: TODAY,
      delivered,
      spent: 0n,
    });
    return outcome ? [outcome] : [];
  });
}

/** A small deterministic generator (a linear congruential one) for repeatable noise. */
function noiseOf(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return 0.85 + (state / 2_147_483_648) * 0.3;
  };
}

describe('the pacing model on a monotone history', () => {
  // Six campaigns, each moving its keyword at the same pace (0.002 log-ranks per install), 40-120 a day.
  const made = [40, 60, 80, 80, 100, 120].map((perDay) => ({ before: 120, pace: 0.002, perDay, days: 7 }));
  const calibration = calibrate(outcomesOf(made))!;

  it('finds the pace the campaigns moved at and the rates they delivered', () => {
    expect(calibration.campaigns).toBe(6);
    expect(calibration.pace.mid).toBeGreaterThan(0.0018);
    expect(calibration.pace.mid).toBeLessThan(0.0022);
    expect(calibration.rate).toEqual({ mid: 80, max: 120 });
  });

  it('suggests the median rate and the days to the target, within the range', () => {
    // ln(50 / 20) / 0.002 ≈ 458 installs: 6 days at 80.
    const s = suggest(calibration, 50, 20)!;
    expect(s.installs_per_day).toBe(80);
    expect(s.days.mid).toBeGreaterThanOrEqual(5);
    expect(s.days.mid).toBeLessThanOrEqual(7);
    expect(s.days.low!).toBeLessThanOrEqual(s.days.mid!);
    expect(s.days.high!).toBeGreaterThanOrEqual(s.days.mid!);
    expect(s.reachable).toBe(true);
    expect(s.plan_days).toBe(s.days.mid);
    expect(Math.abs(s.expected_rank.median - 20)).toBeLessThanOrEqual(3);
  });

  it('needs more days for a farther target and ends better with more installs', () => {
    const near = suggest(calibration, 50, 30)!;
    const far = suggest(calibration, 50, 10)!;
    expect(far.days.mid!).toBeGreaterThan(near.days.mid!);
    const ranks = [0, 200, 400, 800, 1600].map((installs) => expectedRank(calibration, 80, installs).median);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBe(80);
  });

  it('raises the rate for a target the median rate cannot reach in 14 days, never above the most delivered', () => {
    // ln(250 / 5) / 0.002 ≈ 1956 installs: 140 a day would do it in 14 days; 120 is the most seen.
    const s = suggest(calibration, 250, 5)!;
    expect(s.installs_per_day).toBe(120);
    expect(s.reachable).toBe(false);
    expect(s.plan_days).toBe(14);
    expect(s.expected_rank.median).toBeGreaterThan(5);
  });
});

describe('the pacing model on a noisy history', () => {
  const next = noiseOf(7);
  const paces = [0.0008, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.0012];
  const made = paces.map((pace, i) => ({
    before: 150 + i * 10,
    pace,
    perDay: 50,
    days: 10,
    noise: () => next(),
  }));
  const calibration = calibrate(outcomesOf(made))!;

  it('gives a range as wide as the campaigns differ', () => {
    expect(calibration.campaigns).toBe(7);
    expect(calibration.pace.low).toBeLessThan(calibration.pace.mid);
    expect(calibration.pace.mid).toBeLessThan(calibration.pace.high);
    const s = suggest(calibration, 100, 20)!;
    expect(s.days.low!).toBeLessThan(s.days.high!);
    expect(s.expected_rank.best).toBeLessThan(s.expected_rank.worst);
    expect(s.expected_rank.best).toBeLessThanOrEqual(s.expected_rank.median);
  });
});

describe('the pacing model without enough data', () => {
  it('calibrates nothing from no campaign or from fewer than the minimum', () => {
    expect(calibrate([])).toBeNull();
    const few = Array.from({ length: PACING_MIN_CAMPAIGNS - 1 }, () => ({
      before: 100,
      pace: 0.002,
      perDay: 50,
      days: 7,
    }));
    expect(calibrate(outcomesOf(few))).toBeNull();
  });

  it('counts campaigns, not keywords: one campaign of many keywords is one', () => {
    const outcomes = Array.from({ length: 10 }, () => ({
      campaign_id: 1,
      before: 100,
      after: 50,
      installs: 300,
      days: 5,
    }));
    expect(calibrate(outcomes)).toBeNull();
  });

  it('leaves out a campaign whose keyword had no rank before it started', () => {
    const outcome = outcomeOf(1, 3, {
      samples: [{ day: START, rank: 40 }],
      start: START,
      end: addDays(START, 2),
      today: TODAY,
      delivered: [{ day: START, installs: 30 }],
      spent: 0n,
    });
    expect(outcome).toBeNull();
  });

  it('suggests nothing where the median campaign lost places', () => {
    const made = Array.from({ length: 5 }, () => ({ before: 60, pace: -0.001, perDay: 50, days: 7 }));
    const calibration = calibrate(outcomesOf(made))!;
    expect(calibration.pace.mid).toBeLessThan(0);
    expect(suggest(calibration, 60, 10)).toBeNull();
    expect(expectedRank(calibration, 60, 350).median).toBeGreaterThan(60);
  });
});

describe('quantile', () => {
  it('interpolates between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([7], 0.75)).toBe(7);
  });
});
