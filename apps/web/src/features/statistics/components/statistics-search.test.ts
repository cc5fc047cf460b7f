import { describe, expect, it } from 'vitest';
import { resolveParams, searchOf, statisticsSearch, statisticsToday } from './statistics-search';

const today = new Date(2025, 2, 31); // 31 March 2025, local time

describe('statistics search', () => {
  it('keeps well-formed values and falls back to by date, 1 month', () => {
    expect(statisticsSearch({})).toEqual({ tab: 'date', view: 'package', period: 'month' });
    expect(
      statisticsSearch({
        tab: 'keyword',
        view: 'campaigns',
        period: 'custom',
        from: '2025-01-01',
        to: 'nope',
        packageId: 'com.example.app',
        appstore: '2',
        country: 'de',
        productType: '4',
      }),
    ).toEqual({
      tab: 'keyword',
      view: 'campaigns',
      period: 'custom',
      from: '2025-01-01',
      packageId: 'com.example.app',
      appstore: '2',
      country: 'DE',
      productType: '4',
    });
    expect(statisticsSearch({ tab: 'x', period: 'year', packageId: 'a/b', appstore: '3' })).toEqual({
      tab: 'date',
      view: 'package',
      period: 'month',
    });
  });

  it('leaves defaults and the days of a shortcut out of the URL', () => {
    expect(searchOf({ tab: 'date', view: 'package', period: 'week', from: '2025-01-01' })).toMatchObject({
      tab: undefined,
      period: 'week',
      from: undefined,
    });
  });

  it('turns a shortcut into the days ending today and checks a custom period', () => {
    const base = { tab: 'date', view: 'package' } as const;
    expect(resolveParams({ ...base, period: 'month', productType: '2' }, today)).toEqual({
      ok: true,
      params: { from: '2025-02-28', to: '2025-03-31', productType: 2 },
    });
    expect(resolveParams({ ...base, period: 'custom', from: '2025-01-01' }, today)).toEqual({
      ok: false,
      reason: 'incomplete',
    });
    expect(resolveParams({ ...base, period: 'custom', from: '2025-02-01', to: '2025-01-01' }, today)).toEqual(
      {
        ok: false,
        reason: 'invalid',
        message: 'The start date must not be after the end date',
      },
    );
    expect(
      resolveParams({ ...base, period: 'custom', from: '2023-01-01', to: '2025-01-01' }, today),
    ).toMatchObject({
      reason: 'invalid',
      message: 'The period can be at most one year',
    });
  });

  it('counts the shortcuts back from today in Pacific time, as the server counts days', () => {
    // 03:00 UTC on 1 July is still 30 June in Los Angeles, whatever the browser's zone.
    const pacific = statisticsToday(new Date('2025-07-01T03:00:00Z'));
    expect([pacific.getFullYear(), pacific.getMonth() + 1, pacific.getDate()]).toEqual([2025, 6, 30]);
    expect(resolveParams({ tab: 'date', view: 'package', period: 'week' }, pacific)).toMatchObject({
      params: { from: '2025-06-23', to: '2025-06-30' },
    });
  });
});
