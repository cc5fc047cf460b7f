import { describe, expect, it } from 'vitest';
import {
  aggregate,
  difficultyScore,
  estimateDailySearches,
  findSuggestPosition,
  inverseScale,
  keywordStatsOf,
  scale,
  scoreOf,
  titleMatch,
  toPercentScale,
  trafficScore,
} from './aso-scores.js';
import type { StoreApp } from './store-provider.js';

const app = (overrides: Partial<StoreApp>): StoreApp => ({
  appstore: 1,
  packageId: 'com.example.app',
  title: 'Example',
  developer: 'Example Labs',
  icon: '',
  rating: 4,
  votes: 1000,
  price: '0',
  currency: 'USD',
  contentRating: 'Everyone',
  category: 'Tools',
  description: '',
  countries: ['US'],
  banned: false,
  forbiddenCategory: null,
  installs: 100_000,
  updatedAt: '2026-11-01T00:00:00Z',
  url: '',
  ...overrides,
});

describe('aso scales', () => {
  it('maps onto 1-10 as aso calc does', () => {
    expect(scale(0, 100, 0)).toBe(1);
    expect(scale(0, 100, 50)).toBe(5.5);
    expect(scale(0, 100, 500)).toBe(10);
    expect(inverseScale(1, 25, 1)).toBe(10);
    expect(inverseScale(1, 25, 25)).toBe(1);
    expect(inverseScale(0, 4, 2)).toBe(5.5);
    expect(aggregate([1, 1], [10, 10])).toBe(10);
    expect(aggregate([1, 1], [1, 1])).toBe(1);
    expect(aggregate([8, 2], [10, 5])).toBe(9);
  });

  it('stretches 1-10 onto 1-100', () => {
    expect(toPercentScale(1)).toBe(1);
    expect(toPercentScale(10)).toBe(100);
    expect(toPercentScale(5.5)).toBe(51);
    expect(toPercentScale(0)).toBe(1);
    expect(keywordStatsOf(1, 10)).toEqual({ difficulty: 1, traffic: 100 });
  });

  it('tells exact, broad, partial and no title matches apart', () => {
    expect(titleMatch('home workout', 'FitPulse: Home Workout Tracker')).toBe('exact');
    expect(titleMatch('workout home', 'FitPulse: Home Workout Tracker')).toBe('broad');
    expect(titleMatch('yoga workout', 'FitPulse: Home Workout Tracker')).toBe('partial');
    expect(titleMatch('sudoku', 'FitPulse: Home Workout Tracker')).toBe('none');
  });
});

describe('difficulty', () => {
  const now = new Date('2026-11-20T00:00:00Z');

  it('is 1 when nothing competes', () => {
    expect(difficultyScore(1, 'sudoku', [], now)).toBe(1);
  });

  it('grows with title matches, installs, ratings and fresh updates', () => {
    const weak = Array.from({ length: 10 }, (_, i) =>
      app({
        packageId: `com.weak.a${i}`,
        title: 'Other',
        rating: 2,
        installs: 100,
        updatedAt: '2024-01-01T00:00:00Z',
      }),
    );
    const strong = Array.from({ length: 10 }, (_, i) =>
      app({
        packageId: `com.strong.a${i}`,
        title: 'Sudoku Master',
        description: 'Sudoku puzzles. Sudoku every day. Classic sudoku.',
        rating: 4.8,
        installs: 5_000_000,
      }),
    );
    const easy = difficultyScore(1, 'sudoku', weak, now);
    const hard = difficultyScore(1, 'sudoku', strong, now);
    expect(easy).toBeLessThan(3);
    expect(hard).toBeGreaterThan(9);
  });

  it('reads ratings counts in place of installs on the App Store', () => {
    const apps = [app({ appstore: 2, installs: null, votes: 200_000, title: 'Sudoku' })];
    expect(difficultyScore(2, 'sudoku', apps, now)).toBeGreaterThan(difficultyScore(1, 'sudoku', apps, now));
  });
});

describe('traffic', () => {
  it('grows when the store suggests the keyword after fewer letters', () => {
    const apps = [app({})];
    const early = trafficScore(1, 'workout', apps, { length: 1, index: 0 });
    const late = trafficScore(1, 'workout', apps, { length: 6, index: 3 });
    const never = trafficScore(1, 'workout', apps, null);
    expect(early).toBeGreaterThan(late);
    expect(late).toBeGreaterThan(never);
  });

  it('counts top results that sit in their category chart', () => {
    const apps = [app({})];
    expect(trafficScore(1, 'workout', apps, null, [1])).toBeGreaterThan(
      trafficScore(1, 'workout', apps, null),
    );
  });

  it('finds the shortest prefix the store suggests the keyword for', async () => {
    const asked: string[] = [];
    const suggest = async (prefix: string) => {
      asked.push(prefix);
      return prefix.length >= 3 ? ['homework', 'Home Workout'] : ['home'];
    };
    expect(await findSuggestPosition('home workout', suggest)).toEqual({ length: 3, index: 1 });
    expect(asked).toEqual(['h', 'ho', 'hom']);
    expect(await findSuggestPosition('zzz', async () => [])).toBeNull();
  });

  it('stops at 25 letters', async () => {
    let calls = 0;
    await findSuggestPosition('a'.repeat(40), async () => {
      calls += 1;
      return [];
    });
    expect(calls).toBe(25);
  });
});

describe('score and daily searches', () => {
  it('scores high only when traffic is high and difficulty low', () => {
    expect(scoreOf({ traffic: 100, difficulty: 1 })).toBe(100);
    expect(scoreOf({ traffic: 1, difficulty: 100 })).toBe(1);
    expect(scoreOf({ traffic: 100, difficulty: 100 })).toBe(10);
    expect(scoreOf({ traffic: 64, difficulty: 37 })).toBe(64);
  });

  it('estimates daily searches on a log scale from 1 to 100,000', () => {
    expect(estimateDailySearches(1)).toBe(1);
    expect(estimateDailySearches(100)).toBe(100_000);
    expect(estimateDailySearches(50.5)).toBe(316);
    let previous = 0;
    for (let traffic = 1; traffic <= 100; traffic += 1) {
      const searches = estimateDailySearches(traffic);
      expect(searches).toBeGreaterThanOrEqual(previous);
      previous = searches;
    }
  });
});
