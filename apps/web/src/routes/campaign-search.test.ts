import { describe, expect, it } from 'vitest';
import { campaignSearch, preselectedApp } from './campaign-search';

describe('campaignSearch', () => {
  it('keeps well-formed values only', () => {
    expect(
      campaignSearch({
        productType: '2',
        campaignId: '15',
        repeat: '1',
        packageId: 'com.example.app',
        appstore: '1',
        country: 'us',
      }),
    ).toEqual({
      productType: '2',
      campaignId: '15',
      repeat: '1',
      packageId: 'com.example.app',
      appstore: '1',
      country: 'US',
    });
    expect(campaignSearch({ productType: '3', campaignId: '1e5', repeat: 'yes', appstore: '3' })).toEqual({});
    expect(campaignSearch({ productType: '9' })).toEqual({});
    // Guaranteed reviews (5) open their tab; CPI (4) is the wizard's.
    expect(campaignSearch({ productType: '5' })).toEqual({ productType: '5' });
    expect(campaignSearch({ productType: '4' })).toEqual({ productType: '4' });
  });

  it('keeps a status tab My campaigns knows (the dashboard links to them)', () => {
    expect(campaignSearch({ status: 'paused' })).toEqual({ status: 'paused' });
    expect(campaignSearch({ status: 'moderation' })).toEqual({ status: 'moderation' });
    expect(campaignSearch({ status: 'pause' })).toEqual({});
    expect(campaignSearch({ status: ['active'] })).toEqual({});
  });
});

describe('preselectedApp', () => {
  const play = { package: 'com.a', appstore: 1 };
  const ios = { package: 'com.a', appstore: 2 };
  const other = { package: 'com.b', appstore: 1 };

  it('takes the app the query names (Google Play unless the store is given), else the only one tracked', () => {
    expect(preselectedApp([play, ios, other], { packageId: 'com.a' })).toBe(play);
    expect(preselectedApp([play, ios, other], { packageId: 'com.a', appstore: '2' })).toBe(ios);
    expect(preselectedApp([play, other], { packageId: 'com.c' })).toBeUndefined();
    expect(preselectedApp([other], {})).toBe(other);
    expect(preselectedApp([play, other], {})).toBeUndefined();
  });
});
