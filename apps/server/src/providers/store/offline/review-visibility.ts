import { APP_STORES, DAY_MS, REVIEW_GUARANTEE, type AppStore } from '@storelift/shared';
import type { PostedReview, StoreReview } from '../store-provider.js';
import { hashString, unit } from './seeded-random.js';

/** The share of guaranteed reviews the offline store takes down within the guarantee (a store's spam filter). */
export const OFFLINE_REVIEW_LOSS = 0.14;

/**
 * Whether the offline store still shows a delivered review: a fixed share of reviews disappears, each at a
 * moment within the guarantee drawn from its own id, so the demo and the tests see the same losses every run.
 */
export function offlineReviewVisible(
  review: Pick<PostedReview, 'id' | 'campaign_id' | 'delivered_at'>,
  now: Date,
) {
  const draw = unit(hashString(`review:${review.campaign_id}:${review.id}`));
  if (draw >= OFFLINE_REVIEW_LOSS) return true;
  const goneAfter = (draw / OFFLINE_REVIEW_LOSS) * REVIEW_GUARANTEE.guaranteeDays * DAY_MS;
  return now.getTime() - review.delivered_at.getTime() < goneAfter;
}

/** As a store shows a text: runs of spaces and line breaks collapsed, the ends trimmed. */
const storeText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The posted reviews the offline store shows at `at`, written since `since`, newest first, as a store shows
 * them: its own ids and author names, texts tidied, and no titles on Google Play (its reviews have none).
 */
export function offlineShownReviews(
  appstore: AppStore,
  posted: readonly PostedReview[],
  since: Date,
  at: Date,
): StoreReview[] {
  return posted
    .filter((review) => review.delivered_at >= since && offlineReviewVisible(review, at))
    .sort((a, b) => b.delivered_at.getTime() - a.delivered_at.getTime() || b.id - a.id)
    .map((review) => ({
      id: `offline-${review.campaign_id}-${review.id}`,
      author: `User ${hashString(`author:${review.id}`) % 100_000}`,
      title: appstore === APP_STORES.APP_STORE ? storeText(review.title) : null,
      text: storeText(review.body),
      rating: review.rating,
      at: review.delivered_at.toISOString(),
    }));
}
