import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUSES,
  MESSAGES,
  isEditableCampaign,
  type Campaign,
  type Review,
} from '@storelift/shared';
import {
  bodyFromValues,
  canQuote,
  cpiOfRow,
  crossFieldErrors,
  delayedStart,
  editState,
  emptyFormValues,
  FORM_SECTIONS,
  formSections,
  formValuesFromCampaign,
  orderErrors,
  orderedTotal,
  planOf,
  productOf,
  quoteBody,
  sectionOf,
  startingPlan,
  toCsv,
  withProduct,
} from './campaign-logic';

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: 7,
  price: '12.0000',
  unit_price: '0.2000',
  status: 'completed',
  type: 2,
  app: null,
  appstore: 1,
  package: 'com.example.app',
  country: { id: 1, code: 'us', name: 'United States' },
  days: 20,
  installs: 10,
  installs_total: 60,
  installs_actual: 30,
  start_at: null,
  started_at: null,
  finished_at: null,
  vendor: 'sandbox',
  description: 'notes',
  deliveryType: 0,
  promotionRule: 0,
  distribution: 'equal',
  installsPlan: null,
  keywords: ['fitness', 'gym'],
  is_legacy: false,
  favorite: false,
  rateType: null,
  reviewMode: null,
  gender: null,
  language: null,
  checkedTerms: false,
  smart: false,
  budget: null,
  moderation_until: null,
  guarantee_until: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('form values and body', () => {
  it('prefills from a campaign as a new keyword order within 14 days', () => {
    const values = formValuesFromCampaign(campaign());
    expect(values).toMatchObject({ productType: 2, country: 'US', days: 14, installs: 10 });
    expect(values.serializedChildKeywords).toEqual(['fitness', 'gym']);
  });

  it('builds the body: keywords only for keyword installs, start and draft when given', () => {
    const values = { ...emptyFormValues(1), packageId: 'com.a.b', country: 'US', installs: '20', days: 5 };
    const body = bodyFromValues(values, { startAt: '2030-01-01T10:00:00.000Z', draft: true });
    expect(body).toMatchObject({ productType: 1, installs: 20, days: 5, draft: true });
    expect(body.start_at).toBe('2030-01-01T10:00:00.000Z');
    expect(body.serializedChildKeywords).toBeUndefined();
    expect(Number.isNaN(bodyFromValues({ ...values, installs: '' }).installs)).toBe(true);
  });

  it('quotes only a complete form and reports the cross-field rules', () => {
    const values = { ...emptyFormValues(2), packageId: 'com.a.b', country: 'US' };
    expect(canQuote(values)).toBe(false);
    expect(crossFieldErrors({ ...values, days: 15 })).toEqual({
      serializedChildKeywords: MESSAGES.keywordsNotSelected,
      days: CAMPAIGN_MESSAGES.campaignKeywordDaysMax,
    });
    expect(canQuote({ ...values, serializedChildKeywords: ['gym'] })).toBe(true);
    expect(canQuote({ ...values, serializedChildKeywords: ['gym'], installs: 4 })).toBe(false);
  });
});

describe('the per-day plan', () => {
  const direct = { ...emptyFormValues(1), packageId: 'com.a.b', country: 'US', installs: 10, days: 3 };

  it('starts from the distribution and is sent as installsPlan, fitted to the days', () => {
    expect(startingPlan({ ...direct, distribution: 'increase' })).toEqual([5, 10, 15]);
    expect(bodyFromValues(direct).installsPlan).toBeUndefined();
    const planned = { ...direct, installsPlan: [5, '20', 0] };
    expect(bodyFromValues(planned).installsPlan).toEqual([5, 20, 0]);
    // A day added gets the installs per day; a day taken away drops its number.
    expect(planOf({ ...planned, days: 4 })).toEqual([5, '20', 0, 10]);
    expect(bodyFromValues({ ...planned, days: 2 }).installsPlan).toEqual([5, 20]);
    expect(orderedTotal(planned)).toBe(25);
    // Keyword products plan each keyword's days.
    const keyword = { ...emptyFormValues(2), installs: 10, days: 2, installsPlan: [3, 7] };
    expect(orderedTotal({ ...keyword, serializedChildKeywords: ['gym', 'run'] })).toBe(20);
  });

  it('holds the plan to the minimum total and quotes it only when every day is a number', () => {
    const short = { ...direct, installsPlan: [5, 5, 4] };
    expect(crossFieldErrors(short).installsPlan).toBe('Minimum installs should be 5 * 3');
    expect(crossFieldErrors({ ...direct, installsPlan: [0, 0, 15] }).installsPlan).toBeUndefined();
    expect(canQuote({ ...direct, installsPlan: [5, '', 5] })).toBe(false);
    expect(canQuote({ ...direct, installsPlan: [5, 5, 5] })).toBe(true);
  });

  it('prefills a repeat or an edit with the plan it was ordered with', () => {
    expect(formValuesFromCampaign(campaign({ type: 1, days: 2, installsPlan: [7, 9] })).installsPlan).toEqual(
      [7, 9],
    );
    expect(formValuesFromCampaign(campaign()).installsPlan).toBeNull();
  });
});

describe('delayedStart', () => {
  const now = new Date(2030, 0, 1, 12, 0);
  it('needs a date and a time more than 5 minutes ahead', () => {
    expect(delayedStart('', '12:30', now)).toEqual({ error: CAMPAIGN_MESSAGES.campaignDateEmpty });
    expect(delayedStart('2030-01-01', '', now)).toEqual({ error: CAMPAIGN_MESSAGES.campaignDateEmpty });
    expect(delayedStart('2030-01-01', '12:05', now)).toEqual({
      error: CAMPAIGN_MESSAGES.campaignStartTooSoon,
    });
    expect(delayedStart('2030-01-01', '12:06', now)).toEqual({
      startAt: new Date(2030, 0, 1, 12, 6).toISOString(),
    });
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks and defuses formulas', () => {
    expect(
      toCsv([
        ['id', 'notes'],
        [1, 'a, "b"\nc'],
        [2, '=SUM(A1)'],
        [3, '-12.50'],
        [4, null],
      ]),
    ).toBe('id,notes\r\n1,"a, ""b""\nc"\r\n2,\'=SUM(A1)\r\n3,-12.50\r\n4,');
  });
});

const review = (title: string): Review => ({
  title,
  body: 'Works well and helps every day.',
  rates: 5,
  gender: 'both',
  language: 'english',
});

describe('products and tabs', () => {
  it('places each product in its tab and switches within limits', () => {
    const keyword = emptyFormValues(2);
    expect(sectionOf(keyword)).toBe('keywords');
    expect(productOf({ ...keyword, smart: true })).toBe('smart');
    expect(sectionOf({ ...keyword, productType: 8 })).toBe('keywords');
    expect(sectionOf({ ...keyword, productType: 6 })).toBe('reviews');
    expect(sectionOf({ ...keyword, productType: 1 })).toBe('direct');
    // Direct installs may run 30 days; keyword installs at most 14: the days stay, refused with the limit.
    const long = { ...emptyFormValues(1), days: 30 };
    const smart = withProduct(long, 'smart');
    expect(smart).toMatchObject({ productType: 2, smart: true, days: 30 });
    expect(crossFieldErrors(smart).days).toBe('Keyword installs can run at most 14 days');
    expect(withProduct(long, 'impressions')).toMatchObject({ productType: 8, smart: false, days: 30 });
    expect(withProduct(long, 'hqReview')).toMatchObject({ productType: 5, smart: false });
  });

  it('offers only the products the server sells, leaving out a tab with none', () => {
    expect(formSections([1, 2, 4, 5, 6, 7, 8])).toEqual(FORM_SECTIONS);
    expect(formSections([1, 2, 6, 7, 8])).toEqual({
      keywords: ['keyword', 'impressions', 'smart'],
      direct: ['package'],
      reviews: ['rate', 'review'],
    });
    expect(formSections([1])).toEqual({ direct: ['package'] });
  });

  it('quotes from the fields the price reads: notes and review texts keep no price from showing', () => {
    const values = {
      ...emptyFormValues(5),
      packageId: 'com.a.b',
      country: 'US',
      installs: 1,
      days: 2,
      description: 'Привет',
      reviews: [{ title: 'x', body: 'y', rates: 5, gender: 'both' as const, language: 'english' as const }],
    };
    expect(canQuote(values)).toBe(true);
    const body = quoteBody(values);
    expect(body).toMatchObject({ productType: 5, installs: 1, days: 2, description: '' });
    expect(body).not.toHaveProperty('reviews');
  });
});

describe('review orders', () => {
  const base = {
    ...emptyFormValues(5),
    packageId: 'com.a.b',
    country: 'US',
    installs: 1,
    days: 2,
  };

  it('sends custom reviews with the mode and the terms, and no delayed start for guaranteed reviews', () => {
    const values = {
      ...base,
      reviews: [review('One'), review('Two')],
      checkedTerms: true,
      gender: 'female' as const,
      language: 'spanish' as const,
    };
    const body = bodyFromValues(values, { startAt: '2030-01-01T10:00:00.000Z' });
    expect(body).toMatchObject({ productType: 5, reviewMode: 1, checkedTerms: true, installs: 1 });
    expect(body.reviews).toHaveLength(2);
    expect(body.start_at).toBeUndefined();
    // The random pack's choices are kept with the campaign, so an edit or a repeat shows them again.
    expect(body).toMatchObject({ rateType: 2, gender: 'female', language: 'spanish' });
    expect(body.serializedChildKeywords).toBeUndefined();
    expect(bodyFromValues({ ...emptyFormValues(1), gender: 'female' }).gender).toBeUndefined();
  });

  it('sends the author and language of generated reviews and the rate type of rates, not texts', () => {
    const generated = bodyFromValues({ ...base, productType: 7, reviewMode: 2, reviews: [review('One')] });
    expect(generated).toMatchObject({ reviewMode: 2, rateType: 2, gender: 'both', language: 'english' });
    expect(generated.reviews).toBeUndefined();
    const rates = bodyFromValues(
      { ...base, productType: 6, rateType: 4 },
      { startAt: '2030-01-01T10:00:00Z' },
    );
    expect(rates).toMatchObject({ productType: 6, rateType: 4 });
    expect(rates.reviewMode).toBeUndefined();
    expect(rates.start_at).toBe('2030-01-01T10:00:00Z');
  });

  it('needs one review per review ordered, and the terms except for a draft', () => {
    expect(crossFieldErrors({ ...base, reviews: [review('One')] })).toEqual({
      reviews: 'Add one review for each install ordered: 2',
    });
    expect(crossFieldErrors({ ...base, reviewMode: 2 })).toEqual({});
    expect(crossFieldErrors({ ...base, reviews: [review('One'), review('Two')] })).toEqual({});
    expect(orderErrors(base)).toEqual({ checkedTerms: CAMPAIGN_MESSAGES.campaignTermsRequired });
    expect(orderErrors({ ...base, checkedTerms: true })).toEqual({});
    expect(orderErrors(emptyFormValues(2))).toEqual({});
  });

  it('lets guaranteed reviews on Google Play go down to 1 a day, others from 5', () => {
    expect(canQuote(base)).toBe(true);
    expect(canQuote({ ...base, appstore: 2 })).toBe(false);
    expect(crossFieldErrors({ ...base, appstore: 2 }).installs).toBe(CAMPAIGN_MESSAGES.campaignInstallsRange);
    expect(canQuote({ ...base, productType: 6 })).toBe(false);
  });

  it('prefills an edit with the reviews and settings, the terms to accept again', () => {
    const values = formValuesFromCampaign(
      campaign({
        type: 5,
        status: 'draft',
        keywords: [],
        reviewMode: 1,
        checkedTerms: true,
        reviews: [review('One')],
      }),
    );
    expect(values).toMatchObject({ productType: 5, reviewMode: 1, checkedTerms: false, days: 20 });
    expect(values.reviews).toEqual([review('One')]);
  });
});

describe('smart campaigns and impressions', () => {
  const smart = {
    ...emptyFormValues(2),
    smart: true,
    packageId: 'com.a.b',
    country: 'US',
    serializedChildKeywords: ['gym', 'fitness'],
  };

  it('quotes a smart campaign by its budget, with keywords', () => {
    expect(canQuote({ ...smart, budget: '' })).toBe(false);
    expect(canQuote({ ...smart, budget: '12.345' })).toBe(false);
    expect(canQuote({ ...smart, budget: '150.50', installs: '' })).toBe(true);
    expect(canQuote({ ...smart, budget: '150', serializedChildKeywords: [] })).toBe(false);
    expect(crossFieldErrors({ ...smart, budget: ' ' }).budget).toBe(
      CAMPAIGN_MESSAGES.campaignSmartBudgetRequired,
    );
    expect(bodyFromValues({ ...smart, budget: ' 150 ' })).toMatchObject({
      productType: 2,
      smart: true,
      budget: '150',
      installs: 5,
      serializedChildKeywords: ['gym', 'fitness'],
    });
  });

  it('orders impressions by keyword without the 14-day limit', () => {
    const values = { ...smart, smart: false, productType: 8 as const, days: 30 };
    expect(canQuote(values)).toBe(true);
    expect(crossFieldErrors(values)).toEqual({});
    expect(bodyFromValues(values)).toMatchObject({ productType: 8, days: 30 });
    expect(bodyFromValues(values).smart).toBeUndefined();
  });
});

describe('editState', () => {
  it('offers an edit where the shared table allows one, and tells a legacy campaign why not', () => {
    for (const status of CAMPAIGN_STATUSES)
      expect(editState(campaign({ status })), status).toBe(
        isEditableCampaign({ status, is_legacy: false }) ? 'editable' : null,
      );
    expect(editState(campaign({ status: 'delayed', is_legacy: true }))).toBe('legacy');
  });
});

describe('cpiOfRow', () => {
  it('reads a CPI row’s country count and spend from the list, or from an action’s answer', () => {
    expect(cpiOfRow(campaign({ type: 4, cpi_summary: { countries: 16, spent: '2.1000' } }))).toEqual({
      countries: 16,
      spent: '2.1000',
    });
    const cpi = { countries: ['DE', 'FR'], spent: '1.5000' } as Campaign['cpi'];
    expect(cpiOfRow(campaign({ type: 4, cpi }))).toEqual({ countries: 2, spent: '1.5000' });
    expect(cpiOfRow(campaign({ type: 1 }))).toBeNull();
  });
});
