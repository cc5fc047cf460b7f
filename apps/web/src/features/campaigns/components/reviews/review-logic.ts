import {
  RATE_TYPES,
  reviewSchema,
  type AUTHOR_GENDERS,
  type CPI_LANGUAGES,
  type Review,
} from '@storelift/shared';

export type ReviewDraft = Review;
export type ReviewGender = (typeof AUTHOR_GENDERS)[number];
export type ReviewLanguage = (typeof CPI_LANGUAGES)[number];

/** Largest file the import modal reads (ours: far more than the 500 reviews a campaign takes). */
export const IMPORT_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The stars of a random pack for a rate type (customer-area §9): positive 5, positive and average 4 (the
 * middle of 3-5), negative and average 2 (of 1-3), negative 1. `GET reviews/common` picks texts of that mood.
 */
export function packRating(rateType: number): number {
  switch (rateType) {
    case RATE_TYPES.POSITIVE:
      return 5;
    case RATE_TYPES.NEGATIVE_AVERAGE:
      return 2;
    case RATE_TYPES.NEGATIVE:
      return 1;
    default:
      return 4;
  }
}

export function blankReview(): ReviewDraft {
  return { title: '', body: '', rates: 5, gender: 'both', language: 'english' };
}

/** The shared review rule's first message per field (the modal's checks before a review joins the list). */
export function reviewErrors(review: ReviewDraft): Partial<Record<keyof ReviewDraft, string>> {
  const result = reviewSchema.safeParse(review);
  const errors: Partial<Record<keyof ReviewDraft, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof ReviewDraft;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The list with the added reviews after it, leaving out any whose title and text it already has. */
export function appendReviews(list: readonly ReviewDraft[], added: readonly ReviewDraft[]): ReviewDraft[] {
  const key = (review: ReviewDraft) => `${review.title.trim()}\n${review.body.trim()}`.toLowerCase();
  const seen = new Set(list.map(key));
  const result = [...list];
  for (const review of added) {
    if (seen.has(key(review))) continue;
    seen.add(key(review));
    result.push(review);
  }
  return result;
}
