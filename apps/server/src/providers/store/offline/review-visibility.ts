import { DAY_MS, REVIEW_GUARANTEE } from '@storelift/shared';
import { hashString, unit } from './seeded-random.js';

/** The share of guaranteed reviews the offline store takes down within the guarantee (a store's spam filter). */
export const OFFLINE_REVIEW_LOSS = 0.14;

/**
 * Whether the offline store still shows a delivered review: a fixed share of reviews disappears, each at a
 * moment within the guarantee drawn from its own id, so the demo and the tests see the same losses every run.
 */
export function offlineReviewVisible(
  review: { id: number; campaign_id: number; delivered_at: Date },
  now: Date,
) {
  const draw = unit(hashString(`review:${review.campaign_id}:${review.id}`));
  if (draw >= OFFLINE_REVIEW_LOSS) return true;
  const goneAfter = (draw / OFFLINE_REVIEW_LOSS) * REVIEW_GUARANTEE.guaranteeDays * DAY_MS;
  return now.getTime() - review.delivered_at.getTime() < goneAfter;
}
