import { describe, expect, it } from 'vitest';
import { addDays, units } from '@storelift/shared';
import { campaignImpact, monthBefore, OUT_OF_RANK_VALUE, type RankSample } from './impact.js';

/** Samples from `from`, one a day, with the given ranks (null = out of rank, undefined = no sample). */
const history = (from: string, ranks: readonly (number | null | undefined)[]): RankSample[] =>
  ranks.flatMap((rank, index) => (rank === undefined ? [] : [{ day: addDays(from, index), rank }]));

const delivered = (from: string, perDay: readonly number[]) =>
  perDay.map((installs, index) => ({ day: addDays(from, index), installs }));

describe('campaignImpact', () => {
  it('reads a monotone climb: before, during, after, best, top 10, money per place', () => {
    // 7 days at 40 before; a 5-day campaign climbing 30, 24, 18, 12, 8; 7 days after at 9.
    const samples = history(
      '2026-03-01',
      [40, 40, 40, 40, 40, 40, 40, 30, 24, 18, 12, 8, 9, 9, 9, 9, 9, 9, 9],
    );
    const impact = campaignImpact({
      samples,
      start: '2026-03-08',
      end: '2026-03-12',
      today: '2026-03-30',
      delivered: delivered('2026-03-08', [50, 50, 50, 50, 50]),
      spent: units(31),
    });
    expect(impact.before).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-07',
      average: 40,
      sampled_days: 7,
    });
    expect(impact.during).toMatchObject({ from: '2026-03-08', to: '2026-03-12', average: 18.4 });
    expect(impact.after).toMatchObject({ from: '2026-03-13', to: '2026-03-19', average: 9 });
    expect(impact.compared_with).toBe('after');
    expect(impact.places_gained).toBe(31);
    expect(impact.best).toEqual({ rank: 8, day: '2026-03-12' });
    expect(impact.top10_days).toBe(8); // the last campaign day and 7 days after
    expect(impact.installs).toBe(250);
    expect(impact.per_place).toBe(units(1));
    expect(impact.running).toBe(false);
    expect(impact.baseline).toBeNull(); // no history a month earlier
  });

  it('keeps a noisy history honest: averages smooth it, the baseline shows last month moved too', () => {
    const noisy = [52, 47, 55, 49, 60, 45, 50];
    // February: 7 days around 50, a week around 44, a week around 42 (organic drift of ~8 places).
    const february = history('2026-02-01', [
      ...noisy,
      44,
      46,
      41,
      45,
      44,
      42,
      43,
      42,
      40,
      44,
      41,
      43,
      42,
      41,
    ]);
    // March: 7 days around 50, 7 campaign days around 30, 7 after around 35.
    const march = history('2026-03-01', [...noisy, 33, 28, 31, 27, 35, 29, 30, 36, 34, 35, 37, 33, 35, 36]);
    const impact = campaignImpact({
      samples: [...february, ...march],
      start: '2026-03-08',
      end: '2026-03-14',
      today: '2026-03-29',
      delivered: delivered('2026-03-08', [20, 20, 20, 20, 20, 20, 20]),
      spent: units(42),
    });
    expect(impact.before.average).toBe(51.1);
    expect(impact.during.average).toBe(30.4);
    expect(impact.after!.average).toBe(35.1);
    expect(impact.places_gained).toBe(16);
    expect(impact.per_place).toBe(26_300n); // 2.625 a place, half up to cents
    expect(impact.best).toEqual({ rank: 27, day: '2026-03-11' });
    expect(impact.top10_days).toBe(0);
    expect(impact.baseline).toMatchObject({ from: '2026-02-08', to: '2026-02-14', compared_with: 'after' });
    expect(impact.baseline!.before.average).toBe(51.1);
    expect(impact.baseline!.after!.average).toBe(41.9);
    expect(impact.baseline!.places_gained).toBe(9.2);
  });

  it('answers nulls without data, and no money per place when nothing was gained', () => {
    const impact = campaignImpact({
      samples: [],
      start: '2026-03-08',
      end: '2026-03-12',
      today: '2026-03-30',
      delivered: [],
      spent: units(10),
    });
    expect(impact.before.average).toBeNull();
    expect(impact.during.average).toBeNull();
    expect(impact.after!.average).toBeNull();
    expect(impact.compared_with).toBe('during');
    expect(impact.places_gained).toBeNull();
    expect(impact.best).toBeNull();
    expect(impact.per_place).toBeNull();
    expect(impact.baseline).toBeNull();
    expect(impact.installs).toBe(0);

    const worse = campaignImpact({
      samples: history('2026-03-01', [20, 20, 20, 20, 20, 20, 20, 25, 25]),
      start: '2026-03-08',
      end: null,
      today: '2026-03-09',
      delivered: [],
      spent: units(10),
    });
    expect(worse.places_gained).toBe(-5);
    expect(worse.per_place).toBeNull();
  });

  it('counts out-of-rank days as 251 and skips days without a sample', () => {
    // Out of rank before (one day unchecked), ranked 200 after.
    const samples = history('2026-03-01', [null, null, undefined, null, null, null, null, 220, 210, 200]);
    const impact = campaignImpact({
      samples,
      start: '2026-03-08',
      end: null,
      today: '2026-03-10',
      delivered: delivered('2026-03-08', [10, 10, 10]),
      spent: units(6),
    });
    expect(impact.before).toMatchObject({ average: OUT_OF_RANK_VALUE, sampled_days: 6, out_of_rank_days: 6 });
    expect(impact.running).toBe(true);
    expect(impact.after).toBeNull();
    expect(impact.during).toMatchObject({ to: '2026-03-10', average: 210 });
    expect(impact.compared_with).toBe('during');
    expect(impact.places_gained).toBe(41);
    expect(impact.best).toEqual({ rank: 200, day: '2026-03-10' });
  });

  it('cuts the after-window at today for a campaign that just ended', () => {
    const samples = history('2026-03-01', [30, 30, 30, 30, 30, 30, 30, 20, 20, 15]);
    const impact = campaignImpact({
      samples,
      start: '2026-03-08',
      end: '2026-03-09',
      today: '2026-03-10',
      delivered: [],
      spent: 0n,
    });
    expect(impact.after).toMatchObject({ from: '2026-03-10', to: '2026-03-10', average: 15 });
    expect(impact.places_gained).toBe(15);
    expect(impact.per_place).toBe(0n);
  });
});

describe('monthBefore', () => {
  it('keeps the day of month where it exists and clamps to the month end otherwise', () => {
    expect(monthBefore('2026-03-15')).toBe('2026-02-15');
    expect(monthBefore('2026-03-31')).toBe('2026-02-28');
    expect(monthBefore('2026-01-10')).toBe('2025-12-10');
  });
});
