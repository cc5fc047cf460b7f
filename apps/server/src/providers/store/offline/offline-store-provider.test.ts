import { isValidPackageId } from '@storelift/shared';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_CATEGORIES, SEARCH_LIMIT_MAX } from '../store-provider.js';
import { buildCatalog, offlineCatalog } from './catalog.js';
import { CATEGORIES } from './catalog-words.js';
import { DEMO_APPS, DEMO_DEVELOPER } from './demo-apps.js';
import { OfflineStoreProvider } from './offline-store-provider.js';

const GOOGLE = 1;
const APPLE = 2;
const DAY = '2026-11-20';
const store = new OfflineStoreProvider({ now: () => Date.parse('2026-11-22T12:00:00Z') });
const catalog = offlineCatalog();
const allApps = [...catalog.entries(GOOGLE), ...catalog.entries(APPLE)].map((entry) => entry.app);
const ids = (apps: readonly { packageId: string }[]) => apps.map((app) => app.packageId);

describe('offline catalog', () => {
  it('holds at least 300 apps across both stores and many categories', () => {
    expect(allApps.length).toBeGreaterThanOrEqual(300);
    expect(catalog.entries(GOOGLE).length).toBeGreaterThanOrEqual(150);
    expect(catalog.entries(APPLE).length).toBeGreaterThanOrEqual(150);
    expect(new Set(allApps.map((app) => app.category)).size).toBeGreaterThanOrEqual(15);
  });

  it('comes out the same on every build', () => {
    const again = buildCatalog();
    expect(again.entries(GOOGLE).map((entry) => entry.app)).toEqual(
      catalog.entries(GOOGLE).map((e) => e.app),
    );
    expect(again.entries(APPLE).map((entry) => entry.app)).toEqual(catalog.entries(APPLE).map((e) => e.app));
  });

  it('gives every app a valid unique id and complete fields', () => {
    expect(new Set(allApps.map((app) => `${app.appstore}:${app.packageId}`)).size).toBe(allApps.length);
    for (const app of allApps) {
      expect(isValidPackageId(app.appstore, app.packageId), app.packageId).toBe(true);
      expect(app.title).not.toBe('');
      expect(app.developer).not.toBe('');
      expect(app.icon).toMatch(/^data:image\/svg\+xml,%3Csvg/);
      expect(app.icon.length).toBeLessThan(600);
      expect(app.rating).toBeGreaterThanOrEqual(0);
      expect(app.rating).toBeLessThanOrEqual(5);
      expect(Math.round(app.rating * 10) / 10).toBe(app.rating);
      expect(Number.isInteger(app.votes)).toBe(true);
      expect(app.price).toMatch(/^(0|\d+\.\d{2})$/);
      expect(app.contentRating).not.toBe('');
      expect(app.description.length).toBeGreaterThan(40);
      expect(app.countries.length).toBeGreaterThan(0);
      expect(app.installs === null).toBe(app.appstore === APPLE);
      expect(Date.parse(app.updatedAt!)).not.toBeNaN();
    }
  });

  it('has mostly free apps, some paid, a few removed and a few in forbidden categories', () => {
    const paid = allApps.filter((app) => app.price !== '0');
    expect(paid.length).toBeGreaterThan(10);
    expect(paid.length).toBeLessThan(allApps.length / 5);
    expect(allApps.filter((app) => app.banned).length).toBeGreaterThanOrEqual(4);
    for (const category of FORBIDDEN_CATEGORIES) {
      for (const appstore of [GOOGLE, APPLE]) {
        const apps = allApps.filter((app) => app.appstore === appstore && app.forbiddenCategory === category);
        expect(apps.length, `${category} on ${appstore}`).toBeGreaterThanOrEqual(1);
        expect(apps.every((app) => app.category === 'Finance')).toBe(true);
      }
    }
  });

  it('keeps Google Play out of mainland China and both stores out of sanctioned markets', () => {
    expect(allApps.filter((app) => app.appstore === GOOGLE).some((app) => app.countries.includes('CN'))).toBe(
      false,
    );
    expect(allApps.some((app) => app.countries.includes('KP'))).toBe(false);
    expect(allApps.filter((app) => app.appstore === APPLE).some((app) => app.countries.includes('CN'))).toBe(
      true,
    );
  });
});

describe('fixed demo apps', () => {
  it('keeps the fitness app as tests and demo data expect it', async () => {
    const android = await store.lookup(GOOGLE, DEMO_APPS.googlePlay.fitness, 'US');
    expect(android).toMatchObject({
      appstore: GOOGLE,
      packageId: 'com.storelift.demo.fitness',
      title: 'FitPulse: Home Workout Tracker',
      developer: DEMO_DEVELOPER,
      rating: 4.6,
      votes: 128_450,
      installs: 1_000_000,
      price: '0',
      currency: 'USD',
      contentRating: 'Everyone',
      category: 'Health & Fitness',
      banned: false,
      forbiddenCategory: null,
      url: 'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness',
    });
    const ios = await store.lookup(APPLE, DEMO_APPS.appStore.fitness, 'US');
    expect(ios).toMatchObject({
      packageId: '1234567890',
      title: 'FitPulse: Home Workout Tracker',
      contentRating: '4+',
      installs: null,
      votes: 23_870,
    });
    expect(ios?.url).toBe('https://apps.apple.com/us/app/fitpulse-home-workout-tracker/id1234567890');
  });

  it('has a paid app, a regional app, a removed app and a crypto app on each store', async () => {
    for (const [appstore, demo] of [
      [GOOGLE, DEMO_APPS.googlePlay],
      [APPLE, DEMO_APPS.appStore],
    ] as const) {
      expect((await store.lookup(appstore, demo.paid, 'US'))?.price).toBe('2.99');
      expect((await store.lookup(appstore, demo.regional, 'UA'))?.countries).toEqual(['UA', 'PL']);
      expect((await store.lookup(appstore, demo.removed, 'US'))?.banned).toBe(true);
      expect((await store.lookup(appstore, demo.crypto, 'US'))?.forbiddenCategory).toBe('crypto');
      expect((await store.lookup(appstore, demo.puzzle, 'US'))?.title).toBe('Block Puzzle Garden');
    }
  });
});

describe('lookup', () => {
  it('answers null where the app is not available', async () => {
    expect(await store.lookup(GOOGLE, DEMO_APPS.googlePlay.regional, 'US')).toBeNull();
    expect(await store.lookup(GOOGLE, DEMO_APPS.googlePlay.regional, 'PL')).not.toBeNull();
    expect(await store.lookup(GOOGLE, DEMO_APPS.googlePlay.fitness, 'CN')).toBeNull();
    expect(await store.lookup(APPLE, DEMO_APPS.appStore.fitness, 'CN')).not.toBeNull();
  });

  it('answers null for unknown ids and ids of the other store, and reads lowercase countries', async () => {
    expect(await store.lookup(GOOGLE, 'com.example.unknown', 'US')).toBeNull();
    expect(await store.lookup(APPLE, DEMO_APPS.googlePlay.fitness, 'US')).toBeNull();
    expect(await store.lookup(GOOGLE, DEMO_APPS.appStore.fitness, 'US')).toBeNull();
    expect((await store.lookup(GOOGLE, DEMO_APPS.googlePlay.fitness, 'us'))?.title).toMatch(/FitPulse/);
  });
});

describe('search', () => {
  it('ranks the apps that name the keyword first', async () => {
    const results = await store.search(GOOGLE, 'home workout', 'US', { date: DAY });
    expect(results.length).toBeGreaterThan(5);
    expect(ids(results.slice(0, 3))).toContain(DEMO_APPS.googlePlay.fitness);
    expect(results[0]!.title.toLowerCase()).toContain('workout');
    expect(results.every((app) => app.appstore === GOOGLE)).toBe(true);
  });

  it('gives the same ranks for the same keyword, country and day', async () => {
    for (const keyword of ['workout', 'photo editor', 'puzzle', 'weather']) {
      const first = await store.search(APPLE, keyword, 'US', { date: DAY });
      const again = await new OfflineStoreProvider().search(APPLE, ` ${keyword.toUpperCase()} `, 'us', {
        date: new Date(`${DAY}T23:59:00Z`),
      });
      expect(ids(again)).toEqual(ids(first));
    }
  });

  it('drifts from day to day but stays mostly stable', async () => {
    const keywords = CATEGORIES.flatMap((category) => category.subjects.slice(0, 3));
    let moved = 0;
    let overlap = 0;
    let compared = 0;
    for (const keyword of keywords) {
      const today = ids(await store.search(GOOGLE, keyword, 'US', { date: '2026-11-20' }));
      const tomorrow = ids(await store.search(GOOGLE, keyword, 'US', { date: '2026-11-21' }));
      expect(new Set(tomorrow)).toEqual(new Set(today));
      if (today.join() !== tomorrow.join()) moved += 1;
      const top = today.slice(0, 10);
      overlap += tomorrow.slice(0, 10).filter((id) => top.includes(id)).length;
      compared += top.length;
    }
    expect(moved).toBeGreaterThan(keywords.length / 5);
    expect(overlap / compared).toBeGreaterThan(0.85);
  });

  it('differs between countries', async () => {
    const us = ids(await store.search(GOOGLE, 'photo editor', 'US', { date: DAY }));
    const gb = ids(await store.search(GOOGLE, 'photo editor', 'GB', { date: DAY }));
    expect(us.length).toBeGreaterThan(5);
    expect(gb).not.toEqual(us);
  });

  it('uses the clock for today', async () => {
    const today = ids(await store.search(GOOGLE, 'workout', 'US'));
    expect(today).toEqual(ids(await store.search(GOOGLE, 'workout', 'US', { date: '2026-11-22' })));
  });

  it('holds at most 250 results and honours the limit', async () => {
    for (const keyword of ['free', 'pro', 'app', 'game', 'workout tracker planner editor camera music']) {
      expect((await store.search(GOOGLE, keyword, 'US')).length).toBeLessThanOrEqual(SEARCH_LIMIT_MAX);
    }
    expect(await store.search(GOOGLE, 'workout', 'US', { limit: 2 })).toHaveLength(2);
    expect(await store.search(GOOGLE, 'workout', 'US', { limit: 1000 })).toEqual(
      await store.search(GOOGLE, 'workout', 'US'),
    );
    expect(await store.search(GOOGLE, 'workout', 'US', { limit: 0 })).toEqual([]);
  });

  it('leaves out removed apps and apps not sold in the country', async () => {
    const removed = await store.lookup(GOOGLE, DEMO_APPS.googlePlay.removed, 'US');
    expect(ids(await store.search(GOOGLE, removed!.title, 'US'))).not.toContain(removed!.packageId);
    expect(ids(await store.search(GOOGLE, 'metro ride kyiv', 'PL'))[0]).toBe(DEMO_APPS.googlePlay.regional);
    expect(ids(await store.search(GOOGLE, 'metro ride kyiv', 'US'))).not.toContain(
      DEMO_APPS.googlePlay.regional,
    );
  });

  it('finds nothing for words no listing uses', async () => {
    expect(await store.search(GOOGLE, 'zzzyx qwv', 'US')).toEqual([]);
    expect(await store.search(GOOGLE, '   ', 'US')).toEqual([]);
  });

  it('refuses a date it cannot read', async () => {
    await expect(store.search(GOOGLE, 'workout', 'US', { date: 'yesterday' })).rejects.toThrow(RangeError);
  });
});

describe('suggestions and recommended keywords', () => {
  it('completes from the catalog vocabulary, at most 10, most used first', async () => {
    const suggestions = await store.suggest(GOOGLE, 'work', 'US');
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(10);
    expect(suggestions.every((phrase) => phrase.startsWith('work'))).toBe(true);
    expect(suggestions).toContain('workout');
    expect(await store.suggest(APPLE, 'Photo E', 'US')).toContain('photo editor');
    expect(await store.suggest(GOOGLE, 'zzzyx', 'US')).toEqual([]);
    expect(await store.suggest(GOOGLE, '', 'US')).toEqual([]);
  });

  it('offers rare phrases only once more of them is typed', async () => {
    const popular = await store.suggest(GOOGLE, 'w', 'US');
    expect(popular.length).toBeGreaterThan(0);
    expect(await store.suggest(GOOGLE, 'nonogram', 'US')).toContain('nonogram');
  });

  it('recommends keywords from the title, category and description', async () => {
    const keywords = await store.recommendedKeywords(GOOGLE, DEMO_APPS.googlePlay.fitness, 'US');
    expect(keywords.slice(0, 4)).toEqual(['home', 'home workout', 'workout', 'workout tracker']);
    expect(keywords).toEqual(expect.arrayContaining(['fitness', 'fitpulse', 'health fitness']));
    expect(keywords.length).toBeLessThanOrEqual(20);
    expect(keywords.every((keyword) => /^[\p{L}\p{N} ]+$/u.test(keyword))).toBe(true);
  });

  it('recommends nothing for an app that is not there', async () => {
    expect(await store.recommendedKeywords(GOOGLE, 'com.example.unknown', 'US')).toEqual([]);
    expect(await store.recommendedKeywords(GOOGLE, DEMO_APPS.googlePlay.regional, 'US')).toEqual([]);
    expect(await store.recommendedKeywords(GOOGLE, DEMO_APPS.googlePlay.removed, 'US')).toEqual([]);
  });
});

describe('keyword statistics', () => {
  const keywords = [
    'workout',
    'home workout',
    'yoga',
    'photo editor',
    'block puzzle',
    'weather radar',
    'vpn',
  ];

  it('gives difficulty and traffic between 1 and 100', async () => {
    for (const appstore of [GOOGLE, APPLE] as const) {
      for (const keyword of keywords) {
        const stats = await store.keywordStats(appstore, keyword, 'US', { date: DAY });
        for (const value of [stats.difficulty, stats.traffic]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(1);
          expect(value).toBeLessThanOrEqual(100);
        }
      }
    }
  });

  it('rates a keyword nobody uses at the bottom', async () => {
    expect(await store.keywordStats(GOOGLE, 'zzzyx qwv', 'US')).toEqual({ difficulty: 1, traffic: 1 });
  });

  it('rates a popular keyword above a rare one', async () => {
    const popular = await store.keywordStats(GOOGLE, 'workout', 'US', { date: DAY });
    const rare = await store.keywordStats(GOOGLE, 'workout tracker daily coach', 'US', { date: DAY });
    expect(popular.traffic).toBeGreaterThan(rare.traffic);
  });

  it('is deterministic for a day', async () => {
    const first = await store.keywordStats(APPLE, 'yoga', 'US', { date: DAY });
    expect(await new OfflineStoreProvider().keywordStats(APPLE, 'yoga', 'US', { date: DAY })).toEqual(first);
  });
});
