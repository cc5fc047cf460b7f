import { describe, expect, it } from 'vitest';
import { StoreError } from '../store-provider.js';
import { GOOGLE_REVIEWS_PAGE } from './google-play-reviews.js';
import { LiveStoreProvider, type LiveStoreOptions } from './live-store-provider.js';
import type { Clock } from './rate-limiter.js';
import type { FetchFn } from './store-http.js';

/*
 * The live provider's review reads against a stand-in for both stores: the App Store's customer-reviews feed
 * and Google Play's `batchexecute` reviews call, answered from the reviews the test posts, in the stores'
 * shapes. Every request is checked (method, path, query, headers, body); one the stores would not take is
 * noted as a problem and answered 400.
 */

const GOOGLE = 1;
const APPLE = 2;
const HOUR = 3_600_000;

interface Posted {
  id: string;
  author: string;
  title: string;
  text: string;
  rating: number;
  at: Date;
}

function fakeClock(start = Date.parse('2026-11-20T12:00:00Z')): Clock & { time: number } {
  const clock = {
    time: start,
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.time += ms;
    },
  };
  return clock;
}

const label = (value: string) => ({ label: value });

/** An App Store feed entry as the feed writes it. */
const appleEntry = (review: Posted) => ({
  author: {
    uri: label(`https://itunes.apple.com/us/reviews/id${review.id}0`),
    name: label(review.author),
    label: '',
  },
  'im:version': label('3.4.1'),
  'im:rating': label(String(review.rating)),
  id: label(review.id),
  title: label(review.title),
  content: { label: review.text, attributes: { type: 'text' } },
  link: { attributes: { rel: 'related', href: 'https://itunes.apple.com/us/review?id=1' } },
  'im:voteSum': label('0'),
  'im:contentType': { attributes: { term: 'Application', label: 'Application' } },
  'im:voteCount': label('0'),
  updated: label(review.at.toISOString().replace('.000Z', '-00:00')),
});

/** A Google Play review row as the `UsvDTd` call answers it. */
const googleRow = (review: Posted) => [
  review.id,
  [review.author, [null, 2, null, [null, null, 'https://play-lh.googleusercontent.com/a']]],
  review.rating,
  null,
  review.text,
  [Math.floor(review.at.getTime() / 1000), (review.at.getTime() % 1000) * 1e6],
  0,
  null,
  null,
  null,
  '3.4.1',
];

class StandInStores {
  /** Posted reviews, newest first, by `store|country|app`. */
  readonly posted = new Map<string, Posted[]>();
  readonly requests: { method: string; url: URL; headers: Headers; body?: string }[] = [];
  readonly problems: string[] = [];
  /** When set, every answer is this instead. */
  outage: (() => Response) | null = null;
  private serial = 0;

  /** Posts `count` reviews of an app, one an hour going back from `newest`. */
  post(store: 'apple' | 'google', country: string, app: string, count: number, newest: Date) {
    const key = `${store}|${country}|${app}`;
    const list = this.posted.get(key) ?? [];
    for (let left = count; left > 0; left -= 1) {
      this.serial += 1;
      list.push({
        id: store === 'apple' ? String(9_000_000_000 + this.serial) : `gp:AOqpTO${this.serial}`,
        author: `Reviewer ${this.serial}`,
        title: `Title ${this.serial}`,
        text: `Review text number ${this.serial}.`,
        rating: 1 + (this.serial % 5),
        at: new Date(newest.getTime() - list.length * HOUR),
      });
    }
    this.posted.set(key, list);
  }

  readonly fetch: FetchFn = async (input, init = {}) => {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? init.body : undefined;
    this.requests.push({ method, url, headers, body });
    if (!init.signal) this.problems.push(`${url}: no timeout signal`);
    if (this.outage) return this.outage();
    if (url.host === 'itunes.apple.com') return this.apple(url, method, body);
    if (url.host === 'play.google.com') return this.google(url, method, headers, body);
    return this.refuse(`unknown host ${url.host}`);
  };

  private refuse(problem: string) {
    this.problems.push(problem);
    return new Response('<html>Bad Request</html>', { status: 400 });
  }

  private apple(url: URL, method: string, body: string | undefined) {
    const match = url.pathname.match(
      /^\/([a-z]{2})\/rss\/customerreviews\/page=(\d+)\/id=(\d+)\/sortby=mostrecent\/json$/,
    );
    if (method !== 'GET' || body !== undefined || !match || url.search)
      return this.refuse(`apple: ${method} ${url}`);
    const [, country, pageText, id] = match;
    const page = Number(pageText);
    if (page < 1 || page > 10) return this.refuse(`apple: page ${page}`);
    const reviews = (this.posted.get(`apple|${country}|${id}`) ?? []).slice((page - 1) * 50, page * 50);
    const entry = reviews.map(appleEntry);
    const feed = {
      author: { name: label('iTunes Store'), uri: label('http://www.apple.com/us/itunes/') },
      ...(entry.length === 1 ? { entry: entry[0] } : entry.length ? { entry } : {}),
      updated: label('2026-11-20T04:00:00-07:00'),
      id: label(url.toString()),
    };
    return Response.json({ feed });
  }

  private google(url: URL, method: string, headers: Headers, body: string | undefined) {
    const query = url.searchParams;
    if (method !== 'POST' || url.pathname !== '/_/PlayStoreUi/data/batchexecute')
      return this.refuse(`google: ${method} ${url.pathname}`);
    if (query.get('rpcids') !== 'qnKhOb' || !query.get('hl') || !/^[a-z]{2}$/.test(query.get('gl') ?? ''))
      return this.refuse(`google: query ${url.search}`);
    if (!headers.get('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return this.refuse(`google: content type ${headers.get('content-type')}`);
    let call: unknown;
    try {
      const [[[rpc, args, , kind]]] = JSON.parse(new URLSearchParams(body).get('f.req') ?? '') as [
        [[string, string, null, string]],
      ];
      if (rpc !== 'UsvDTd' || kind !== 'generic') return this.refuse(`google: rpc ${rpc} ${kind}`);
      call = JSON.parse(args);
    } catch {
      return this.refuse(`google: body ${body}`);
    }
    const [, , [two, sort, [size, , token]], [app, seven]] = call as [
      null,
      null,
      [number, number, [number, null, string | null], null, []],
      [string, number],
    ];
    if (two !== 2 || sort !== 2 || size !== GOOGLE_REVIEWS_PAGE || seven !== 7)
      return this.refuse(`google: call ${JSON.stringify(call)}`);
    const all = this.posted.get(`google|${query.get('gl')}|${app}`) ?? [];
    const from = token ? Number(token.replace('tok-', '')) : 0;
    const rows = all.slice(from, from + size);
    const next = from + size < all.length ? `tok-${from + size}` : null;
    const data = rows.length ? [rows.map(googleRow), next ? [null, next] : null] : null;
    const answer = [
      ['wrb.fr', 'UsvDTd', data ? JSON.stringify(data) : null, null, null, null, 'generic'],
      ['di', 52],
    ];
    return new Response(`)]}'\n\n${JSON.stringify(answer)}`, {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }
}

function setup(options: LiveStoreOptions = {}) {
  const clock = fakeClock();
  const stores = new StandInStores();
  const store = new LiveStoreProvider({ fetch: stores.fetch, clock, ...options });
  return { store, stores, clock, now: () => new Date(clock.now()) };
}

describe('reading an app’s reviews (the review guarantee)', () => {
  it('reads the App Store feed newest first, page by page, until a review older than asked', async () => {
    const { store, stores, now } = setup();
    stores.post('apple', 'us', '1589012345', 120, now());
    const since = new Date(now().getTime() - 70 * HOUR);
    const read = await store.recentReviews({ appstore: APPLE, packageId: '1589012345' }, 'US', since);
    expect(read.complete).toBe(true);
    expect(read.reviews).toHaveLength(71);
    const first = stores.posted.get('apple|us|1589012345')![0]!;
    expect(read.reviews[0]).toEqual({
      id: first.id,
      author: first.author,
      title: first.title,
      text: first.text,
      rating: first.rating,
      at: first.at.toISOString(),
    });
    expect(read.reviews.every((review, i) => i === 0 || review.at <= read.reviews[i - 1]!.at)).toBe(true);
    // Two pages of 50 reach back far enough: the third is not asked for.
    expect(stores.requests.map((request) => request.url.toString())).toEqual([
      'https://itunes.apple.com/us/rss/customerreviews/page=1/id=1589012345/sortby=mostrecent/json',
      'https://itunes.apple.com/us/rss/customerreviews/page=2/id=1589012345/sortby=mostrecent/json',
    ]);
    expect(stores.problems).toEqual([]);
  });

  it('takes a feed of one review, of none, and says when the feed ends before the date asked', async () => {
    const { store, stores, now } = setup({ applePerMinute: 6000 });
    const app = (id: string) => ({ appstore: APPLE, packageId: id }) as const;
    stores.post('apple', 'de', '111', 1, now());
    const long = new Date(0);
    expect(await store.recentReviews(app('111'), 'DE', long)).toMatchObject({
      complete: true,
      reviews: [{ rating: 2 }],
    });
    expect(await store.recentReviews(app('222'), 'DE', long)).toEqual({ complete: true, reviews: [] });
    // 500 reviews all newer than asked: the feed stops at page 10, so older ones went unseen.
    stores.post('apple', 'gb', '333', 600, now());
    const cut = await store.recentReviews(app('333'), 'GB', long);
    expect(cut).toMatchObject({ complete: false });
    expect(cut.reviews).toHaveLength(500);
    expect(stores.requests.filter((request) => request.url.pathname.includes('/id=333/'))).toHaveLength(10);
    expect(stores.problems).toEqual([]);
  });

  it('reads Google Play’s reviews listing by its tokens, newest first, in the country and language', async () => {
    const { store, stores, now } = setup({ language: 'es' });
    stores.post('google', 'mx', 'com.fitpulse.homeworkout', 400, now());
    const since = new Date(now().getTime() - 200 * HOUR);
    const read = await store.recentReviews(
      { appstore: GOOGLE, packageId: 'com.fitpulse.homeworkout' },
      'MX',
      since,
    );
    expect(read.complete).toBe(true);
    expect(read.reviews).toHaveLength(201);
    const first = stores.posted.get('google|mx|com.fitpulse.homeworkout')![0]!;
    expect(read.reviews[0]).toEqual({
      id: first.id,
      author: first.author,
      title: null,
      text: first.text,
      rating: first.rating,
      at: first.at.toISOString(),
    });
    expect(stores.requests).toHaveLength(2);
    for (const request of stores.requests) {
      expect(request.method).toBe('POST');
      expect(request.url.searchParams.get('hl')).toBe('es');
      expect(request.url.searchParams.get('gl')).toBe('mx');
      expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    }
    // The first page's form exactly as the store's web page sends it (newest first, 150, no token).
    expect(stores.requests[0]!.body).toBe(
      'f.req=%5B%5B%5B%22UsvDTd%22%2C%22%5Bnull%2Cnull%2C%5B2%2C2%2C%5B150%2Cnull%2Cnull%5D%2Cnull%2C%5B%5D%5D' +
        '%2C%5B%5C%22com.fitpulse.homeworkout%5C%22%2C7%5D%5D%22%2Cnull%2C%22generic%22%5D%5D%5D',
    );
    expect(stores.requests[1]!.body).toContain(encodeURIComponent('\\"tok-150\\"'));
    expect(stores.problems).toEqual([]);
  });

  it('reads an app without reviews on Google Play as none, and stops at its page bound', async () => {
    const { store, stores, now } = setup({ googleReviewPages: 2 });
    expect(await store.recentReviews({ appstore: GOOGLE, packageId: 'com.none' }, 'US', new Date(0))).toEqual(
      {
        complete: true,
        reviews: [],
      },
    );
    stores.post('google', 'us', 'com.busy', 500, now());
    const read = await store.recentReviews({ appstore: GOOGLE, packageId: 'com.busy' }, 'US', new Date(0));
    expect(read).toMatchObject({ complete: false });
    expect(read.reviews).toHaveLength(2 * GOOGLE_REVIEWS_PAGE);
    expect(stores.problems).toEqual([]);
  });

  it('caches each page for half an hour and paces the calls by the store’s rate', async () => {
    const { store, stores, clock, now } = setup();
    stores.post('apple', 'us', '1589012345', 300, now());
    const app = { appstore: APPLE, packageId: '1589012345' } as const;
    const start = clock.now();
    await store.recentReviews(app, 'US', new Date(0));
    // 6 full pages and an empty one, at Apple's 20 calls a minute after a burst of 3: 12 seconds.
    expect(stores.requests).toHaveLength(7);
    expect(clock.now() - start).toBe(12_000);
    await store.recentReviews(app, 'US', new Date(0));
    expect(stores.requests).toHaveLength(7);
    clock.time += HOUR / 2;
    await store.recentReviews(app, 'US', new Date(0));
    expect(stores.requests).toHaveLength(14);
  });

  it('turns a failing or unreadable store into a StoreError, and does not cache it', async () => {
    const { store, stores, now } = setup();
    stores.post('google', 'us', 'com.app', 3, now());
    const app = { appstore: GOOGLE, packageId: 'com.app' } as const;
    stores.outage = () => new Response('busy', { status: 503 });
    await expect(store.recentReviews(app, 'US', new Date(0))).rejects.toMatchObject({ status: 503 });
    stores.outage = () => new Response('<html>Sorry…</html>');
    await expect(store.recentReviews(app, 'US', new Date(0))).rejects.toThrow(StoreError);
    stores.outage = () => new Response(`)]}'\n\n[["wrb.fr","UsvDTd","{not json"]]`);
    await expect(store.recentReviews(app, 'US', new Date(0))).rejects.toThrow(StoreError);
    stores.outage = () => Response.json({ nothing: true });
    await expect(store.recentReviews({ appstore: APPLE, packageId: '1' }, 'US', new Date(0))).rejects.toThrow(
      StoreError,
    );
    stores.outage = null;
    expect((await store.recentReviews(app, 'US', new Date(0))).reviews).toHaveLength(3);
  });
});
