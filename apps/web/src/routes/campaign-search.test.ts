import { describe, expect, it } from 'vitest';
import { advancedModeOf, campaignSearch, preselectedApp } from './campaign-search';

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

  it('reads the advanced mode values of Add campaigns (customer-area §2)', () => {
    expect(campaignSearch({ isAdvancedMode: '1' })).toEqual({ isAdvancedMode: '1' });
    expect(campaignSearch({ isAdvancedMode: 'true' })).toEqual({ isAdvancedMode: '1' });
    expect(campaignSearch({ isAdvancedMode: '0' })).toEqual({ isAdvancedMode: '0' });
    expect(campaignSearch({ isAdvancedMode: 'false' })).toEqual({ isAdvancedMode: '0' });
    expect(campaignSearch({ omitAdvancedMode: '1' })).toEqual({ omitAdvancedMode: '1' });
    expect(campaignSearch({ omitAdvancedMode: 'TRUE', isAdvancedMode: '1' })).toEqual({
      omitAdvancedMode: '1',
      isAdvancedMode: '1',
    });
    // Anything else is dropped, and omitAdvancedMode=0 is the same as none.
    expect(campaignSearch({ isAdvancedMode: 'yes', omitAdvancedMode: '0' })).toEqual({});
  });

  it('opens simple by default, advanced when asked or when the source campaign has a plan', () => {
    expect(advancedModeOf({}, false)).toEqual({ initial: false, switchable: true });
    expect(advancedModeOf({ isAdvancedMode: '1' }, false)).toEqual({ initial: true, switchable: true });
    expect(advancedModeOf({ isAdvancedMode: '0' }, false)).toEqual({ initial: false, switchable: true });
    expect(advancedModeOf({}, true)).toEqual({ initial: true, switchable: true });
    // omitAdvancedMode wins over isAdvancedMode, but a hand-set plan is never hidden.
    expect(advancedModeOf({ omitAdvancedMode: '1', isAdvancedMode: '1' }, false)).toEqual({
      initial: false,
      switchable: false,
    });
    expect(advancedModeOf({ omitAdvancedMode: '1' }, true)).toEqual({ initial: true, switchable: false });
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
