import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../store-provider.js';
import { LiveStoreProvider, type LiveStoreOptions } from './live-store-provider.js';
import type { Clock } from './rate-limiter.js';
import type { FetchFn } from './store-http.js';

/** A response recorded from a store: fixtures/<store>/*.json. */
interface Recording {
  request: { method: string; url: string; body?: string; headers?: Record<string, string> };
  response: { status: number; headers: Record<string, string>; body?: string; json?: unknown };
}

const fixtures = new URL('../fixtures/', import.meta.url);
const recordings: Recording[] = ['apple', 'google'].flatMap((store) =>
  readdirSync(new URL(`${store}/`, fixtures)).map(
    (file) => JSON.parse(readFileSync(new URL(`${store}/${file}`, fixtures), 'utf8')) as Recording,
  ),
);

/** Query order does not matter to a server; compare URLs with sorted parameters. */
const canonical = (url: string) => {
  const parsed = new URL(url);
  parsed.searchParams.sort();
  return parsed.toString();
};

interface Call {
  method: string;
  url: string;
  at: number;
  headers: Headers;
  signal: AbortSignal | null | undefined;
}

/**
 * A fetch that serves the recordings (404 for anything not recorded, like a store would for an unknown
 * page) and notes when each call came, by the test's clock.
 */
function recordedFetch(
  clock: Clock,
  fallback?: (url: string, body: string | undefined) => Response | undefined,
) {
  const calls: Call[] = [];
  const fetch: FetchFn = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : undefined;
    calls.push({ method, url, at: clock.now(), headers: new Headers(init.headers), signal: init.signal });
    const recording = recordings.find(
      ({ request }) =>
        request.method === method &&
        canonical(request.url) === canonical(url) &&
        (request.body === undefined || request.body === body),
    );
    if (recording) {
      const { status, headers, json } = recording.response;
      return new Response(json === undefined ? recording.response.body : JSON.stringify(json), {
        status,
        headers,
      });
    }
    return fallback?.(url, body) ?? new Response('<html>Not Found</html>', { status: 404 });
  };
  return { fetch, calls };
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

function setup(options: LiveStoreOptions = {}, fallback?: Parameters<typeof recordedFetch>[1]) {
  const clock = fakeClock();
  const { fetch, calls } = recordedFetch(clock, fallback);
  const store = new LiveStoreProvider({ fetch, clock, ...options });
  return { store, calls, clock };
}

const GOOGLE = 1;
const APPLE = 2;

describe('App Store (iTunes API)', () => {
  it('maps a lookup', async () => {
    const { store, calls } = setup();
    expect(await store.lookup(APPLE, '1589012345', 'us')).toEqual({
      appstore: APPLE,
      packageId: '1589012345',
      title: 'FitPulse: Home Workout',
      developer: 'FitPulse Labs',
      icon: expect.stringMatching(/^https:\/\/is1-ssl\.mzstatic\.com\/.+512x512bb\.jpg$/),
      rating: 4.7,
      votes: 23_811,
      price: '0',
      currency: 'USD',
      contentRating: '4+',
      category: 'Health & Fitness',
      description: expect.stringContaining('home workout app for busy people'),
      countries: ['US'],
      banned: false,
      forbiddenCategory: null,
      installs: null,
      updatedAt: '2026-11-12T08:30:00Z',
      url: 'https://apps.apple.com/us/app/fitpulse-home-workout/id1589012345?uo=4',
    });
    expect(calls.map((call) => call.url)).toEqual([
      'https://itunes.apple.com/lookup?id=1589012345&country=us&entity=software',
    ]);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('answers null where the storefront does not sell the app', async () => {
    const { store } = setup();
    expect(await store.lookup(APPLE, '1589012345', 'CN')).toBeNull();
  });

  it('maps search results in store order, with price and forbidden category', async () => {
    const { store, calls } = setup();
    const results = await store.search(APPLE, 'Home  Workout', 'US');
    expect(results.map((app) => app.packageId)).toEqual([
      '1371505223',
      '1589012345',
      '650276551',
      '1459391241',
      '1023334567',
    ]);
    expect(results[3]).toMatchObject({ title: 'CoinNest: Crypto Wallet', forbiddenCategory: 'crypto' });
    expect(results[4]).toMatchObject({ price: '2.99', category: 'Photo & Video' });
    expect(calls[0]!.url).toBe(
      'https://itunes.apple.com/search?term=home+workout&country=us&entity=software&limit=200',
    );
    expect(await store.search(APPLE, 'home workout', 'US', { limit: 2 })).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });

  it('reads search hints for the storefront', async () => {
    const { store, calls } = setup();
    expect(await store.suggest(APPLE, 'home', 'US')).toEqual([
      'home workout',
      'home workout for women',
      'home design 3d',
      'home workout no equipment',
      'home & garden',
    ]);
    expect(calls[0]!.headers.get('x-apple-store-front')).toBe('143441,29');
  });

  it('recommends keywords from the looked-up listing', async () => {
    const { store } = setup();
    const keywords = await store.recommendedKeywords(APPLE, '1589012345', 'US');
    expect(keywords.slice(0, 5)).toEqual(expect.arrayContaining(['home', 'home workout', 'workout']));
    expect(await store.recommendedKeywords(APPLE, '1589012345', 'CN')).toEqual([]);
  });

  it('turns an error status into a StoreError and does not cache it', async () => {
    let fail = true;
    const { store, calls } = setup({}, () => (fail ? new Response('busy', { status: 503 }) : undefined));
    const error = await store.lookup(APPLE, '1111111111', 'US').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).status).toBe(503);
    fail = false;
    await expect(store.lookup(APPLE, '1111111111', 'US')).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(2);
  });

  it('turns a network failure or an unreadable answer into a StoreError', async () => {
    const clock = fakeClock();
    const down = new LiveStoreProvider({
      clock,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.lookup(APPLE, '1589012345', 'US')).rejects.toThrow(StoreError);
    const garbled = new LiveStoreProvider({ clock, fetch: async () => new Response('<html>oops</html>') });
    await expect(garbled.search(APPLE, 'workout', 'US')).rejects.toThrow(StoreError);
  });
});

describe('Google Play (google-play-scraper)', () => {
  it('maps a listing page', async () => {
    const { store, calls } = setup();
    expect(await store.lookup(GOOGLE, 'com.fitpulse.homeworkout', 'US')).toEqual({
      appstore: GOOGLE,
      packageId: 'com.fitpulse.homeworkout',
      title: 'FitPulse: Home Workout',
      developer: 'FitPulse Labs',
      icon: expect.stringMatching(/^https:\/\/play-lh\.googleusercontent\.com\//),
      rating: 4.6,
      votes: 128_190,
      price: '0',
      currency: 'USD',
      contentRating: 'Everyone',
      category: 'Health & Fitness',
      description: expect.stringContaining('FitPulse is a home workout app for busy people.'),
      countries: ['US'],
      banned: false,
      forbiddenCategory: null,
      installs: 1_000_000,
      updatedAt: '2026-11-12T08:30:00.000Z',
      url: 'https://play.google.com/store/apps/details?id=com.fitpulse.homeworkout',
    });
    expect(calls.map((call) => call.url)).toEqual([
      'https://play.google.com/store/apps/details?id=com.fitpulse.homeworkout&hl=en&gl=us',
    ]);
  });

  it('reads the price of a paid app', async () => {
    const { store } = setup();
    expect(await store.lookup(GOOGLE, 'com.proshot.camera', 'US')).toMatchObject({
      price: '2.99',
      installs: 100_000,
      category: 'Photography',
    });
  });

  it('answers null for a listing Google Play does not have, and remembers it', async () => {
    const { store, calls } = setup();
    expect(await store.lookup(GOOGLE, 'com.example.removed', 'US')).toBeNull();
    expect(await store.lookup(GOOGLE, 'com.example.removed', 'US')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('maps search results in store order', async () => {
    const { store } = setup();
    const results = await store.search(GOOGLE, 'home workout', 'US');
    expect(results.map((app) => app.packageId)).toEqual([
      'com.homeworkout.noequipment',
      'com.fitpulse.homeworkout',
      'com.sevenminute.workout',
      'com.cedarapps.gymplanner',
      'com.proshot.camera',
    ]);
    expect(results[1]).toMatchObject({
      title: 'FitPulse: Home Workout',
      developer: 'FitPulse Labs',
      rating: 4.6,
      price: '0',
      description: 'Home workouts in 10 minutes a day, no equipment needed',
    });
    expect(results[4]!.price).toBe('2.99');
  });

  it('reads suggestions', async () => {
    const { store, calls } = setup();
    expect(await store.suggest(GOOGLE, 'Home', 'US')).toEqual([
      'home workout',
      'home workout for women',
      'home design',
      'home decor',
      'home workout no equipment',
    ]);
    expect(calls[0]!.method).toBe('POST');
  });

  it('turns an error status into a StoreError', async () => {
    const { store } = setup({}, () => new Response('busy', { status: 503 }));
    await expect(store.lookup(GOOGLE, 'com.example.other', 'US')).rejects.toThrow(StoreError);
  });
});

describe('caching', () => {
  it('asks the store once for the same lookup, search or suggestion', async () => {
    const { store, calls } = setup();
    await store.lookup(APPLE, '1589012345', 'US');
    await store.lookup(APPLE, '1589012345', 'us');
    await store.search(GOOGLE, 'home workout', 'US');
    await store.search(GOOGLE, 'Home Workout ', 'US', { limit: 10 });
    await store.suggest(GOOGLE, 'home', 'US');
    await store.suggest(GOOGLE, 'home', 'US');
    expect(calls).toHaveLength(3);
  });

  it('shares one request between concurrent callers', async () => {
    const { store, calls } = setup();
    await Promise.all([
      store.lookup(GOOGLE, 'com.fitpulse.homeworkout', 'US'),
      store.lookup(GOOGLE, 'com.fitpulse.homeworkout', 'US'),
    ]);
    expect(calls).toHaveLength(1);
  });

  it('asks again once the answer is older than its time to live', async () => {
    const { store, calls, clock } = setup({ cacheTtlMs: 60_000 });
    await store.lookup(APPLE, '1589012345', 'US');
    clock.time += 59_000;
    await store.lookup(APPLE, '1589012345', 'US');
    expect(calls).toHaveLength(1);
    clock.time += 2_000;
    await store.lookup(APPLE, '1589012345', 'US');
    expect(calls).toHaveLength(2);
  });
});

describe('throttling', () => {
  const empty = () => new Response(JSON.stringify({ resultCount: 0, results: [] }));

  it('spaces App Store calls to 20 a minute after a short burst', async () => {
    const { store, calls } = setup({}, empty);
    const ids = Array.from({ length: 8 }, (_, i) => String(1_000_000_000 + i));
    await Promise.all(ids.map((id) => store.lookup(APPLE, id, 'US')));
    const start = calls[0]!.at;
    expect(calls.map((call) => call.at - start)).toEqual([0, 0, 0, 3000, 6000, 9000, 12000, 15000]);
  });

  it('keeps a separate pace for each store', async () => {
    const { store, calls } = setup({ burst: 1 }, (url) => (url.includes('itunes') ? empty() : undefined));
    await store.lookup(APPLE, '1000000001', 'US');
    // The App Store allowance is spent; Google Play's is not, so its call goes out at once.
    await store.lookup(GOOGLE, 'com.fitpulse.homeworkout', 'US');
    await store.lookup(APPLE, '1000000002', 'US');
    const [apple1, google, apple2] = calls.map((call) => call.at);
    expect(google).toBe(apple1);
    expect(apple2! - apple1!).toBe(3000);
  });

  it('does not spend the allowance on cached answers', async () => {
    const { store, calls, clock } = setup({ burst: 1 });
    const before = clock.now();
    for (let i = 0; i < 5; i += 1) await store.lookup(APPLE, '1589012345', 'US');
    expect(calls).toHaveLength(1);
    expect(clock.now()).toBe(before);
  });
});

describe('keyword statistics', () => {
  it('computes difficulty and traffic from search, listings and suggestions', async () => {
    const emptySuggest = (url: string) =>
      url.includes('batchexecute')
        ? new Response(
            `)]}'\n\n${JSON.stringify([['wrb.fr', 'IJ4APc', 'null', null, null, null, 'generic']])}`,
          )
        : undefined;
    const { store, calls } = setup({ googlePerMinute: 6000 }, emptySuggest);
    const stats = await store.keywordStats(GOOGLE, 'home workout', 'US');
    for (const value of [stats.difficulty, stats.traffic]) {
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(100);
    }
    // One search, the top results' listings, then suggestions for "h", "ho", "hom", "home".
    expect(calls.filter((call) => call.url.includes('/store/search'))).toHaveLength(1);
    expect(calls.filter((call) => call.url.includes('/details'))).toHaveLength(5);
    expect(calls.filter((call) => call.url.includes('batchexecute'))).toHaveLength(4);
    expect(stats.traffic).toBeGreaterThan(50);
  });
});
