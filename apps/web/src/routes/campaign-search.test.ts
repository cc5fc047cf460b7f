import { describe, expect, it } from 'vitest';
import { campaignSearch } from './campaign-search';

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
});
