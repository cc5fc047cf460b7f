import { randomInt } from 'node:crypto';
import { LIMITS, type CommonReviewsQuery, type Review } from '@storelift/shared';
import { REVIEW_POOL, moodOf } from './reviews.pool.js';

/**
 * `GET reviews/common`: a random pack of `LIMITS.randomReviewPack` (5) different reviews of the built-in
 * pool for the language, the rating's mood and the author gender (texts written for the other gender are
 * left out; `both` takes any). Each carries the asked rating and language.
 */
export function commonReviews(query: CommonReviewsQuery): { data: Review[] } {
  const candidates = REVIEW_POOL[query.language][moodOf(query.rates)].filter(
    (review) => query.gender === 'both' || !review.gender || review.gender === query.gender,
  );
  // A partial Fisher-Yates shuffle: the first `pack` places get distinct random entries.
  const pool = [...candidates];
  const pack = Math.min(LIMITS.randomReviewPack, pool.length);
  for (let i = 0; i < pack; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const data = pool.slice(0, pack).map((review): Review => ({
    title: review.title,
    body: review.body,
    rates: query.rates,
    gender: query.gender === 'both' ? (review.gender ?? 'both') : query.gender,
    language: query.language,
  }));
  return { data };
}
