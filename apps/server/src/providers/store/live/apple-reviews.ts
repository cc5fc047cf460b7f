import { StoreError, type StoreReview } from '../store-provider.js';
import type { StoreHttp } from './store-http.js';

/*
 * The App Store's customer-reviews feed (RSS as JSON): 50 reviews a page, the latest 500 at most (pages 1-10),
 * newest first with `sortby=mostrecent`. Each entry holds `{label}` objects; a feed with one review gives
 * `entry` as an object, a feed with none leaves it out, and older feeds lead with an entry for the app itself
 * (no `content`), which is skipped.
 */

/** Reviews a feed page holds when it is full, and the last page the feed serves. */
export const APPLE_REVIEWS_PAGE = 50;
export const APPLE_REVIEW_PAGES = 10;

/** One page of the feed, and whether the app's reviews end there. */
export interface AppleReviewPage {
  reviews: StoreReview[];
  last: boolean;
}

type Labeled = { label?: unknown } | undefined;
interface FeedEntry {
  id?: Labeled;
  author?: { name?: Labeled };
  title?: Labeled;
  content?: Labeled;
  'im:rating'?: Labeled;
  updated?: Labeled;
}

const label = (value: Labeled) => (typeof value?.label === 'string' ? value.label : '');

function reviewOf(entry: FeedEntry): StoreReview | null {
  const id = label(entry.id);
  const rating = Number(label(entry['im:rating']));
  const at = Date.parse(label(entry.updated));
  if (!id || entry.content === undefined || !Number.isFinite(rating) || Number.isNaN(at)) return null;
  return {
    id,
    author: label(entry.author?.name),
    title: label(entry.title),
    text: label(entry.content),
    rating,
    at: new Date(at).toISOString(),
  };
}

/** Page `page` (1-10) of the app's reviews in `country`'s storefront, newest first. */
export async function appleReviewPage(
  http: StoreHttp,
  id: string,
  country: string,
  page: number,
): Promise<AppleReviewPage> {
  const url =
    `https://itunes.apple.com/${country.toLowerCase()}/rss/customerreviews/page=${page}` +
    `/id=${encodeURIComponent(id)}/sortby=mostrecent/json`;
  const body = (await http.json(url)) as { feed?: { entry?: FeedEntry | FeedEntry[] } } | null;
  if (!body || typeof body.feed !== 'object' || body.feed === null)
    throw new StoreError('The App Store review feed answered without a feed');
  const entries = body.feed.entry === undefined ? [] : [body.feed.entry].flat();
  const reviews = entries.map(reviewOf).filter((review) => review !== null);
  // A full page 10 is not the feed's end: older reviews exist that the feed does not serve.
  return { reviews, last: reviews.length < APPLE_REVIEWS_PAGE };
}
