import { PRODUCT_TYPES } from '@storelift/shared';
import { describe, expect, it } from 'vitest';
import { emptyFormValues } from './campaign-logic';
import { pacingBodyOf, planFields } from './pacing-plan';

const keywordValues = {
  ...emptyFormValues(),
  productType: PRODUCT_TYPES.keyword,
  packageId: 'com.example.app',
  appstore: 1,
  country: 'US',
  serializedChildKeywords: ['yoga'],
};

describe('pacingBodyOf', () => {
  it('asks for keyword installs with keywords and a target 1-250', () => {
    expect(pacingBodyOf(keywordValues, 10)).toEqual({
      packageId: 'com.example.app',
      appstore: 1,
      country: 'US',
      keywords: ['yoga'],
      target: 10,
    });
    expect(pacingBodyOf(keywordValues, '5', 700)).toMatchObject({ target: 5, installs: 700 });
  });

  it('asks nothing without keywords, for another product or a smart campaign, or for a target out of range', () => {
    expect(pacingBodyOf({ ...keywordValues, serializedChildKeywords: [] }, 10)).toBeNull();
    expect(pacingBodyOf({ ...keywordValues, productType: PRODUCT_TYPES.impressions }, 10)).toBeNull();
    expect(pacingBodyOf({ ...keywordValues, smart: true }, 10)).toBeNull();
    for (const target of ['', 0, 251, 2.5]) expect(pacingBodyOf(keywordValues, target)).toBeNull();
  });
});

describe('planFields', () => {
  it('fills the per-day plan only where it is shown', () => {
    expect(planFields({ installs_per_day: 40, days: 3 }, true)).toEqual({
      installs: 40,
      days: 3,
      installsPlan: [40, 40, 40],
    });
    expect(planFields({ installs_per_day: 40, days: 3 }, false).installsPlan).toBeNull();
  });
});
