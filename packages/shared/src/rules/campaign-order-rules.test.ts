import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from './campaign-messages.js';
import { MESSAGES } from './messages.js';
import {
  givenPlan,
  installsBought,
  installsMinOf,
  orderFieldErrors,
  orderKeywords,
  smartBudgetMessage,
  startAtMessage,
  type OrderBody,
  type OrderContext,
} from './campaign-order-rules.js';

const now = new Date('2030-01-01T10:00:00Z');
const order: OrderContext = { purpose: 'order', now };
const draft: OrderContext = { purpose: 'draft', now };
const body = (overrides: Partial<OrderBody> = {}): OrderBody => ({
  productType: 1,
  packageId: 'com.a.b',
  appstore: 1,
  country: 'US',
  days: 3,
  installs: 10,
  deliveryType: 1,
  distribution: 'equal',
  description: '',
  ...overrides,
});
const review = { title: 'Good', body: 'Works well', rates: 5, gender: 'both', language: 'english' } as const;

describe('orderFieldErrors: installs, days and plan', () => {
  it('passes a valid direct order', () => {
    expect(orderFieldErrors(body(), order)).toEqual({});
  });

  it('holds installs per day to the product and store minimum, then the total to it', () => {
    expect(orderFieldErrors(body({ installs: 4 }), order)).toEqual({
      installs: [CAMPAIGN_MESSAGES.campaignInstallsRange, 'Minimum installs should be 5 * 3'],
    });
    expect(installsMinOf(5, 1)).toBe(1);
    expect(installsMinOf(5, 2)).toBe(5);
    expect(orderFieldErrors(body({ productType: 5, installs: 1, days: 1, reviewMode: 2 }), draft)).toEqual(
      {},
    );
    expect(
      orderFieldErrors(body({ productType: 5, installs: 0, days: 1, reviewMode: 2 }), draft).installs,
    ).toEqual([CAMPAIGN_MESSAGES.campaignGuaranteeInstallsRange, 'Minimum installs should be 1 * 1']);
    expect(orderFieldErrors(body({ installs: Number.NaN }), order)).toEqual({});
  });

  it('limits keyword installs to 14 days and others to 60', () => {
    const keyword = body({ productType: 2, days: 15, serializedChildKeywords: ['gym'] });
    expect(orderFieldErrors(keyword, order)).toEqual({ days: [CAMPAIGN_MESSAGES.campaignKeywordDaysMax] });
    expect(orderFieldErrors(body({ productType: 8, days: 30 }), order)).toEqual({});
    expect(orderFieldErrors(body({ days: 61 }), order).days).toEqual([CAMPAIGN_MESSAGES.campaignDaysMax]);
  });

  it('needs a hand-set plan of one number a day whose total reaches the minimum', () => {
    expect(orderFieldErrors(body({ installsPlan: [8, 8] }), order)).toEqual({
      installsPlan: [CAMPAIGN_MESSAGES.campaignPlanLength],
    });
    expect(orderFieldErrors(body({ installsPlan: [5, 5, 4] }), order)).toEqual({
      installs: ['Minimum installs should be 5 * 3'],
    });
    expect(orderFieldErrors(body({ installsPlan: [0, 0, 15] }), order)).toEqual({});
  });

  it("reads the product's installs map, refusing a day past the campaign", () => {
    const rates = body({ productType: 6, checkedTerms: true, installsMaps: { rate: { '1': 20, '3': 5 } } });
    expect(givenPlan(rates)).toEqual([20, 0, 5]);
    expect(orderFieldErrors(rates, order)).toEqual({});
    expect(orderFieldErrors({ ...rates, installsMaps: { rate: { '4': 20 } } }, order)).toEqual({
      installsMaps: [CAMPAIGN_MESSAGES.campaignPlanLength],
      installs: ['Minimum installs should be 5 * 3'],
    });
  });
});

describe('orderFieldErrors: keywords and smart campaigns', () => {
  it('normalizes and deduplicates keywords, skipping blanks and naming bad ones', () => {
    expect(orderKeywords({ serializedChildKeywords: [' Gym ', 'gym', '', 'a/b'] })).toEqual({
      keywords: ['gym'],
      messages: [MESSAGES.keywordInvalid],
    });
    const many = Array.from({ length: 51 }, (_, i) => `word ${i}`);
    expect(orderKeywords({ serializedChildKeywords: many }).messages).toEqual([
      CAMPAIGN_MESSAGES.campaignKeywordsMax,
    ]);
  });

  it('needs keywords for keyword installs; impressions only in the form', () => {
    expect(orderFieldErrors(body({ productType: 2 }), order)).toEqual({
      serializedChildKeywords: [MESSAGES.keywordsNotSelected],
    });
    expect(orderFieldErrors(body({ productType: 8 }), order)).toEqual({});
    expect(orderFieldErrors(body({ productType: 8 }), { ...order, form: true })).toEqual({
      serializedChildKeywords: [MESSAGES.keywordsNotSelected],
    });
    expect(orderFieldErrors(body({ serializedChildKeywords: ['a/b'] }), order)).toEqual({});
  });

  it('lets only keyword installs be smart, and a smart one needs its budget', () => {
    expect(orderFieldErrors(body({ smart: true }), order)).toEqual({
      smart: [CAMPAIGN_MESSAGES.campaignProductUnavailable],
    });
    const smart = body({ productType: 2, smart: true, installs: 0, serializedChildKeywords: ['gym'] });
    expect(orderFieldErrors(smart, order)).toEqual({
      budget: [CAMPAIGN_MESSAGES.campaignSmartBudgetRequired],
    });
    expect(orderFieldErrors({ ...smart, budget: '150' }, order)).toEqual({});
  });

  it('holds a priced smart budget to 5-5000 installs per keyword per day', () => {
    expect(installsBought('48', '0.16')).toBe(300);
    expect(installsBought('48', '0')).toBe(Number.MAX_SAFE_INTEGER);
    expect(smartBudgetMessage(29, 6, '0.16')).toBe(
      'The budget must cover at least 5 installs per keyword per day: 4.8000',
    );
    expect(smartBudgetMessage(30, 6, '0.16')).toBeNull();
    expect(smartBudgetMessage(30_001, 6, '0.16')).toBe(CAMPAIGN_MESSAGES.campaignSmartBudgetMax);
  });
});

describe('orderFieldErrors: notes, start, terms and reviews', () => {
  it('holds notes to 1000 English symbols and a delayed start to more than 5 minutes ahead', () => {
    expect(orderFieldErrors(body({ description: 'Привет' }), order)).toEqual({
      description: [CAMPAIGN_MESSAGES.campaignNotesEnglish],
    });
    expect(orderFieldErrors(body({ description: 'a'.repeat(1001) }), order).description).toEqual([
      CAMPAIGN_MESSAGES.campaignNotesMax,
    ]);
    expect(startAtMessage(' ', now)).toBe(CAMPAIGN_MESSAGES.campaignDateEmpty);
    expect(startAtMessage('soon', now)).toBe(MESSAGES.dataNotValid);
    expect(startAtMessage('2030-01-01T10:05:00Z', now)).toBe(CAMPAIGN_MESSAGES.campaignStartTooSoon);
    expect(startAtMessage('2030-01-01T10:06:00Z', now)).toBeNull();
    expect(orderFieldErrors(body({ start_at: '' }), order)).toEqual({
      start_at: [CAMPAIGN_MESSAGES.campaignDateEmpty],
    });
    expect(orderFieldErrors(body({ start_at: null }), order)).toEqual({});
  });

  it('gives guaranteed reviews no delayed start, and rates and reviews need the terms to order', () => {
    const hq = body({
      productType: 5,
      installs: 1,
      days: 1,
      reviews: [review],
      start_at: '2031-01-01T00:00:00Z',
    });
    expect(orderFieldErrors(hq, order)).toEqual({
      start_at: [CAMPAIGN_MESSAGES.campaignReviewsNoDelay],
      checkedTerms: [CAMPAIGN_MESSAGES.campaignTermsRequired],
    });
    expect(orderFieldErrors({ ...hq, start_at: undefined }, draft)).toEqual({});
    expect(orderFieldErrors(body({ productType: 6, checkedTerms: true }), order)).toEqual({});
  });

  it('needs one custom review per install ordered (not for a quote), at most 500', () => {
    const reviews = body({ productType: 7, installs: 5, days: 1, checkedTerms: true });
    expect(orderFieldErrors(reviews, order)).toEqual({
      reviews: ['Add one review for each install ordered: 5'],
    });
    expect(orderFieldErrors(reviews, { ...order, purpose: 'quote' })).toEqual({});
    expect(orderFieldErrors({ ...reviews, reviewMode: 2 }, order)).toEqual({});
    expect(orderFieldErrors({ ...reviews, reviews: Array(5).fill(review) }, order)).toEqual({});
    expect(orderFieldErrors({ ...reviews, installs: 501 }, order).reviews).toEqual([
      CAMPAIGN_MESSAGES.campaignReviewsMax,
    ]);
  });
});

describe('orderFieldErrors: CPI', () => {
  it("answers the CPI draft's issues, then the notes", () => {
    const cpi = body({ productType: 4, description: 'Привет' });
    expect(orderFieldErrors(cpi, order)).toEqual({
      cpiGeo: [CAMPAIGN_MESSAGES.cpiTargetsRequired],
      cpiHeadline1: [CAMPAIGN_MESSAGES.cpiHeadline1Required],
      cpiHeadline2: [CAMPAIGN_MESSAGES.cpiHeadline2Required],
      cpiAdAssets: [CAMPAIGN_MESSAGES.cpiDescriptionRequired],
      description: [CAMPAIGN_MESSAGES.campaignNotesEnglish],
    });
  });
});
