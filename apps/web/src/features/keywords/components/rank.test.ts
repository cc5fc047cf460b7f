import { describe, expect, it } from 'vitest';
import {
  annotateRows,
  chartedIds,
  fullDay,
  rankAxis,
  rankChange,
  rankDisplay,
  seriesColor,
  seriesColorVar,
  shortDay,
  toChartRows,
  uniqueCampaigns,
  worstRank,
} from './rank';

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

describe('annotated charts', () => {
  const campaign = (id: number, from: string, to: string, installs: [string, number][]) => ({
    id,
    status: 'completed',
    from,
    to,
    installs: installs.map(([date, count]) => ({ date, installs: count })),
  });

  it('adds each day the installs delivered (summed over keywords) and the campaigns running', () => {
    const rows = toChartRows([
      {
        id: 1,
        keyword: 'a',
        data: ['2026-01-01', '2026-01-02', '2026-01-03'].map((date) => ({
          date,
          rank: 5,
          state: 'ok' as const,
        })),
      },
    ]);
    const annotated = annotateRows(rows, [
      campaign(7, '2026-01-02', '2026-01-03', [['2026-01-02', 10]]),
      campaign(7, '2026-01-02', '2026-01-03', [['2026-01-02', 4]]),
      campaign(9, '2026-01-03', '2026-01-09', [['2026-01-03', 6]]),
    ]);
    expect(annotated.map((row) => [row.date, row.installs, row.campaigns])).toEqual([
      ['2026-01-01', null, ''],
      ['2026-01-02', 14, '#7'],
      ['2026-01-03', 6, '#7, #9'],
    ]);
  });

  it('charts the first ten selected keywords by id, each with its colour', () => {
    const ids = chartedIds(new Set([40, 3, 12, 1, 2, 5, 6, 7, 8, 9, 10, 11]));
    expect(ids).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect(seriesColor(0)).toBe('indigo.6');
    expect(seriesColorVar(1)).toBe('var(--mantine-color-teal-6)');
    expect(
      uniqueCampaigns([
        campaign(2, '2026-01-05', '2026-01-06', []),
        campaign(1, '2026-01-01', '2026-01-02', []),
        campaign(2, '2026-01-05', '2026-01-06', []),
      ]).map((c) => c.id),
    ).toEqual([1, 2]);
  });
});
