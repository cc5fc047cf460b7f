import { describe, expect, it } from 'vitest';
import type { CampaignOrder } from '../contracts/campaigns.js';
import { mergeImpressions, sumByDay } from './campaign-orders.js';

const order = (id: number, type: number, keyword: string, days: [number, number][]): CampaignOrder => ({
  id,
  type,
  keyword,
  installs_total: days.reduce((sum, [total]) => sum + total, 0),
  installs_actual: days.reduce((sum, [, actual]) => sum + actual, 0),
  sequence: days.map(([total, actual], index) => ({
    day: index + 1,
    installs_total: total,
    installs_actual: actual,
  })),
});

describe('sumByDay', () => {
  it('sums planned and delivered installs per day, in day order', () => {
    const day = (d: number, total: number, actual: number) => ({
      day: d,
      installs_total: total,
      installs_actual: actual,
    });
    expect(sumByDay([{ sequence: [day(2, 10, 0), day(1, 10, 10)] }, { sequence: [day(1, 5, 3)] }])).toEqual([
      { day: 1, installs_total: 15, installs_actual: 13 },
      { day: 2, installs_total: 10, installs_actual: 0 },
    ]);
  });
});

describe('mergeImpressions', () => {
  it('merges impressions orders into one first entry summing each day, with the first id', () => {
    const other = order(5, 2, 'run', [[3, 3]]);
    const merged = mergeImpressions([
      other,
      order(1, 8, 'gym', [
        [10, 10],
        [10, 2],
      ]),
      order(2, 8, 'fitness', [
        [20, 5],
        [20, 0],
      ]),
    ]);
    expect(merged).toEqual([
      {
        id: 1,
        type: 8,
        keyword: null,
        installs_total: 60,
        installs_actual: 17,
        sequence: [
          { day: 1, installs_total: 30, installs_actual: 15 },
          { day: 2, installs_total: 30, installs_actual: 2 },
        ],
      },
      other,
    ]);
  });

  it('leaves other orders and a single impressions order as they are', () => {
    const keywords = [order(3, 2, 'gym', [[5, 5]]), order(4, 8, 'fit', [[5, 1]])];
    expect(mergeImpressions(keywords)).toEqual(keywords);
  });
});
