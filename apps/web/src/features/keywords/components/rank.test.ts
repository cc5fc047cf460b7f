import { describe, expect, it } from 'vitest';
import { fullDay, rankAxis, rankChange, rankDisplay, shortDay, toChartRows, worstRank } from './rank';

describe('rankChange', () => {
  it('shows places gained as ▲ in green and lost as ▼ in red', () => {
    expect(rankChange(3)).toEqual({ direction: 'up', text: '▲3', places: 3, color: 'teal' });
    expect(rankChange(-12)).toEqual({ direction: 'down', text: '▼12', places: 12, color: 'red' });
  });

  it('shows nothing when unchanged or unknown', () => {
    expect(rankChange(0)).toBeNull();
    expect(rankChange(null)).toBeNull();
    expect(rankChange(undefined)).toBeNull();
    expect(rankChange(Number.NaN)).toBeNull();
  });
});

describe('rankDisplay', () => {
  it('gives the rank when ranked, else the state in words', () => {
    expect(rankDisplay({ rank: 7, rank_state: 'ok' })).toEqual({ kind: 'rank', rank: 7 });
    expect(rankDisplay({ rank: null, rank_state: 'out_of_rank' })).toEqual({
      kind: 'state',
      state: 'out_of_rank',
    });
    expect(rankDisplay({ rank: null, rank_state: 'error' })).toEqual({ kind: 'state', state: 'error' });
    expect(rankDisplay({ rank: null, rank_state: 'not_checked' })).toEqual({
      kind: 'state',
      state: 'not_checked',
    });
    // An "ok" without a number cannot be shown as a rank.
    expect(rankDisplay({ rank: null, rank_state: 'ok' })).toEqual({ kind: 'state', state: 'not_checked' });
  });
});

describe('toChartRows', () => {
  it('makes one row per day with a gap (null) where the keyword was not ranked', () => {
    const rows = toChartRows([
      {
        id: 1,
        keyword: 'yoga',
        data: [
          { date: '2026-05-02', rank: null, state: 'out_of_rank' },
          { date: '2026-05-01', rank: 4, state: 'ok' },
          { date: '2026-05-03', rank: 2, state: 'ok' },
        ],
      },
      {
        id: 9,
        keyword: 'gym',
        data: [
          { date: '2026-05-01', rank: 30, state: 'ok' },
          { date: '2026-05-02', rank: 28, state: 'ok' },
          { date: '2026-05-03', rank: null, state: 'error' },
        ],
      },
    ]);
    expect(rows).toEqual([
      { date: '2026-05-01', k1: 4, k9: 30 },
      { date: '2026-05-02', k1: null, k9: 28 },
      { date: '2026-05-03', k1: 2, k9: null },
    ]);
    expect(worstRank(rows, ['k1', 'k9'])).toBe(30);
    expect(worstRank(rows, ['k1'])).toBe(4);
  });

  it('fills days one line lacks with gaps', () => {
    const rows = toChartRows([
      { id: 1, keyword: 'a', data: [{ date: '2026-05-01', rank: 1, state: 'ok' }] },
      { id: 2, keyword: 'b', data: [{ date: '2026-05-02', rank: 5, state: 'ok' }] },
    ]);
    expect(rows).toEqual([
      { date: '2026-05-01', k1: 1, k2: null },
      { date: '2026-05-02', k1: null, k2: 5 },
    ]);
  });

  it('has no worst rank when nothing was ranked', () => {
    expect(worstRank(toChartRows([{ id: 1, keyword: 'a', data: [] }]), ['k1'])).toBeNull();
  });
});

describe('chart days', () => {
  it('reads DD.MM on the axis and DD.MM.YYYY in full', () => {
    expect(shortDay('2026-11-05')).toBe('05.11');
    expect(fullDay('2026-11-05')).toBe('05.11.2026');
  });
});

describe('rankAxis', () => {
  it('always labels rank 1 and steps roundly down to the worst rank', () => {
    expect(rankAxis(1)).toEqual({ bottom: 5, ticks: [1, 2, 3, 4, 5] });
    expect(rankAxis(7)).toEqual({ bottom: 8, ticks: [1, 2, 4, 6, 8] });
    expect(rankAxis(23)).toEqual({ bottom: 25, ticks: [1, 5, 10, 15, 20, 25] });
    expect(rankAxis(180)).toEqual({ bottom: 200, ticks: [1, 50, 100, 150, 200] });
    expect(rankAxis(250)).toEqual({ bottom: 250, ticks: [1, 50, 100, 150, 200, 250] });
  });

  it('has a sensible axis when nothing is ranked', () => {
    expect(rankAxis(null)).toEqual({ bottom: 10, ticks: [1, 2, 4, 6, 8, 10] });
  });
});
