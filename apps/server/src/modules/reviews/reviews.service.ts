import { randomInt } from 'node:crypto';
import { LIMITS, type CommonReviewsQuery, type Review } from '@storelift/shared';
import { REVIEW_POOL, moodOf } from './reviews.pool.js';

/** `GET reviews/common`: a random pack of `LIMITS.randomReviewPack` (5) different reviews of the built-in pool. */
export function commonReviews(query: CommonReviewsQuery): { data: Review[] } {
  return { data: poolReviews(query, LIMITS.randomReviewPack, false) };
}

/**
 * `count` reviews of the built-in pool for the language, the rating's mood and the author gender (texts written
 * for the other gender are left out; `both` takes any), in random order; each carries the asked rating and
 * language. Distinct while the pool lasts: with `repeat` the shuffled pool is taken again, else fewer come back.
 */
export function poolReviews(query: CommonReviewsQuery, count: number, repeat: boolean): Review[] {
  const candidates = REVIEW_POOL[query.language][moodOf(query.rates)].filter(
    (review) => query.gender === 'both' || !review.gender || review.gender === query.gender,
  );
  // A Fisher-Yates shuffle: every entry once, in random order.
  const pool = [...candidates];
  for (let i = 0; i < pool.length - 1; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const taken =
    repeat && pool.length
      ? Array.from({ length: count }, (_, i) => pool[i % pool.length]!)
      : pool.slice(0, count);
  return taken.map((review): Review => ({
    title: review.title,
    body: review.body,
    rates: query.rates,
    gender: query.gender === 'both' ? (review.gender ?? 'both') : query.gender,
    language: query.language,
  }));
}
