import { StoreError, type StoreReview } from '../store-provider.js';
import type { StoreHttp } from './store-http.js';

/*
 * Google Play's reviews listing, read as its web page reads it (the facts as google-play-scraper 10.1 uses
 * them): a POST to the `batchexecute` endpoint with the `UsvDTd` call in `f.req`, sorted newest first (2),
 * 150 a page, the next page named by a token the previous answer carries. The answer starts with `)]}'`, then
 * JSON whose first row holds the call's result as a JSON string: [reviews, [_, token]]; each review is
 * [id, [author], stars, _, text, [seconds, nanos], …].
 */

const ENDPOINT =
  'https://play.google.com/_/PlayStoreUi/data/batchexecute?rpcids=qnKhOb&f.sid=-697906427155521722' +
  '&bl=boq_playuiserver_20190903.08_p0&authuser&soc-app=121&soc-platform=1&soc-device=1&_reqid=1065213';
const NEWEST = 2;
export const GOOGLE_REVIEWS_PAGE = 150;

/** One page of the listing and the token of the next (null at its end). */
export interface GoogleReviewPage {
  reviews: StoreReview[];
  next: string | null;
}

/** The form body asking for a page: the first, or the one `token` names. */
export function googleReviewsBody(packageId: string, token: string | null): string {
  const call = JSON.stringify([
    null,
    null,
    [2, NEWEST, [GOOGLE_REVIEWS_PAGE, null, token], null, []],
    [packageId, 7],
  ]);
  return `f.req=${encodeURIComponent(JSON.stringify([[['UsvDTd', call, null, 'generic']]]))}`;
}

function reviewOf(row: unknown): StoreReview | null {
  if (!Array.isArray(row)) return null;
  const [id, author, stars, , text, time] = row as [unknown, unknown, unknown, unknown, unknown, unknown];
  const seconds = Array.isArray(time) ? Number(time[0]) : NaN;
  if (typeof id !== 'string' || typeof stars !== 'number' || !Number.isFinite(seconds)) return null;
  const nanos = Array.isArray(time) ? Number(time[1]) || 0 : 0;
  return {
    id,
    author: Array.isArray(author) && typeof author[0] === 'string' ? author[0] : '',
    title: null,
    text: typeof text === 'string' ? text : '',
    rating: stars,
    at: new Date(seconds * 1000 + Math.floor(nanos / 1e6)).toISOString(),
  };
}

/** The call's result out of a `batchexecute` answer (null: the app has no reviews, or no such app). */
function resultOf(answer: string): unknown {
  const start = answer.indexOf('[');
  if (!answer.startsWith(")]}'") || start < 0)
    throw new StoreError('Google Play answered an unknown reviews page');
  try {
    const rows = JSON.parse(answer.slice(start)) as unknown[][];
    const row = rows.find((each) => Array.isArray(each) && each[1] === 'UsvDTd') ?? rows[0];
    return typeof row?.[2] === 'string' ? (JSON.parse(row[2]) as unknown) : null;
  } catch {
    throw new StoreError('Google Play answered an unreadable reviews page');
  }
}

/** A page of the app's reviews as shown in `country`, newest first. */
export async function googleReviewPage(
  http: StoreHttp,
  packageId: string,
  country: string,
  language: string,
  token: string | null,
): Promise<GoogleReviewPage> {
  const params = new URLSearchParams({ hl: language, gl: country.toLowerCase() });
  const answer = await http.text(`${ENDPOINT}&${params}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: googleReviewsBody(packageId, token),
  });
  const result = resultOf(answer);
  if (!Array.isArray(result)) return { reviews: [], next: null };
  const rows: unknown[] = Array.isArray(result[0]) ? result[0] : [];
  const reviews = rows.map(reviewOf).filter((review) => review !== null);
  const next = Array.isArray(result[1]) && typeof result[1][1] === 'string' ? result[1][1] : null;
  return { reviews, next: reviews.length ? next : null };
}
