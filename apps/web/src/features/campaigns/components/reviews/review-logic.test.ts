import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, RATE_TYPES } from '@storelift/shared';
import { appendReviews, blankReview, packRating, reviewErrors } from './review-logic';

describe('review editor rules', () => {
  it('checks a review with the shared rule, first message per field', () => {
    expect(reviewErrors(blankReview())).toEqual({
      title: CAMPAIGN_MESSAGES.reviewTitleLength,
      body: CAMPAIGN_MESSAGES.reviewBodyLength,
    });
    expect(
      reviewErrors({ ...blankReview(), title: 'Great', body: 'Works every single day.', rates: 0 }),
    ).toEqual({ rates: CAMPAIGN_MESSAGES.reviewRatesRange });
    expect(reviewErrors({ ...blankReview(), title: 'Great', body: 'Works every single day.' })).toEqual({});
  });

  it('adds reviews after the list, leaving out the ones with the same title and text', () => {
    const one = { ...blankReview(), title: 'Great', body: 'Works every single day.' };
    const two = { ...one, title: 'Useful' };
    const again = { ...one, title: ' great ', rates: 3 };
    expect(appendReviews([one], [two, again, two])).toEqual([one, two]);
  });

  it("asks the random pack for a rating of the rate type's mood", () => {
    expect(packRating(RATE_TYPES.POSITIVE)).toBe(5);
    expect(packRating(RATE_TYPES.POSITIVE_AVERAGE)).toBe(4);
    expect(packRating(RATE_TYPES.NEGATIVE_AVERAGE)).toBe(2);
    expect(packRating(RATE_TYPES.NEGATIVE)).toBe(1);
  });
});
