import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, createCampaignBodySchema, orderMessageText } from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import { ValidationError } from '../../../lib/errors.js';
import { parseOrder } from './parse.js';

// What `requireOrderable` reads: every install product sells (guaranteed reviews: reviews can be checked).
const deps = { config: {} as Deps['config'], store: { canCheckReviews: true } as Deps['store'] };
const now = new Date('2030-01-01T10:00:00Z');
const body = (overrides: Record<string, unknown> = {}) =>
  createCampaignBodySchema.parse({
    productType: 1,
    packageId: 'com.a.b',
    appstore: 1,
    country: 'US',
    days: 3,
    installs: 10,
    ...overrides,
  });

describe('parseOrder', () => {
  it('reads the plan, keywords, notes, start and settings of a body the rules pass', () => {
    const parsed = parseOrder(
      deps,
      body({
        productType: 2,
        serializedChildKeywords: [' Gym ', 'gym', 'run'],
        description: ' Note ',
        start_at: '2030-01-02T00:00:00Z',
      }),
      now,
      'order',
    );
    expect(parsed).toMatchObject({
      smart: false,
      keywords: ['gym', 'run'],
      plan: [10, 10, 10],
      description: 'Note',
      startAt: new Date('2030-01-02T00:00:00Z'),
      settings: { keywords: ['gym', 'run'], installsPlan: null },
      reviewErrors: undefined,
    });
    const mapped = parseOrder(
      deps,
      body({ productType: 6, installsMaps: { rate: { '1': 20, '3': 5 } } }),
      now,
      'draft',
    );
    expect(mapped.plan).toEqual([20, 0, 5]);
    expect(mapped.settings).toMatchObject({ installsPlan: [20, 0, 5], rateType: 2, checkedTerms: false });
  });

  it('throws every field error but the review count as one 422, which it keeps for later', () => {
    let thrown: unknown;
    try {
      parseOrder(deps, body({ installs: 4, description: 'Привет' }), now, 'order');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).errors).toEqual({
      installs: [CAMPAIGN_MESSAGES.campaignInstallsRange, 'Minimum installs should be 5 * 3'],
      description: [CAMPAIGN_MESSAGES.campaignNotesEnglish],
    });
    const reviews = parseOrder(deps, body({ productType: 7, installs: 5, days: 1 }), now, 'draft');
    expect(reviews.reviewErrors?.map(orderMessageText)).toEqual([
      'Add one review for each install ordered: 5',
    ]);
    expect(parseOrder(deps, body({ productType: 7, installs: 5, days: 1 }), now, 'quote').reviewErrors).toBe(
      undefined,
    );
  });
});
