import { describe, expect, it } from 'vitest';
import { forbiddenCategoryOf } from './forbidden-categories.js';
import { keywordsFromText, normalizeKeyword, stem, tokens, words } from './keyword-text.js';

describe('keyword text', () => {
  it('normalizes keywords', () => {
    expect(normalizeKeyword('  Home   WORKOUT ')).toBe('home workout');
    expect(normalizeKeyword('Ｆｉｔｎｅｓｓ')).toBe('fitness');
  });

  it('splits words without stop words, and stems plurals', () => {
    expect(words('The best app for Home-Workouts & yoga!')).toEqual(['home', 'workouts', 'yoga']);
    expect(words('Фітнес для дому')).toEqual(['фітнес', 'для', 'дому']);
    expect(['games', 'fitness', 'bus', 'news', 'photos'].map(stem)).toEqual([
      'game',
      'fitness',
      'bus',
      'new',
      'photo',
    ]);
    expect(tokens('Games and game')).toEqual(['game']);
  });

  it('ranks title words and pairs above description words', () => {
    const keywords = keywordsFromText({
      title: 'Sudoku Master: Classic Puzzles',
      category: 'Puzzle',
      description: 'Play sudoku offline. Daily sudoku challenges. Relaxing number puzzles for everyone.',
    });
    expect(keywords[0]).toBe('sudoku');
    expect(keywords.slice(1, 3)).toEqual(expect.arrayContaining(['puzzles', 'classic puzzles']));
    expect(keywords).toContain('puzzle');
    expect(keywords).not.toContain('relaxing');
  });
});

describe('forbidden categories', () => {
  const finance = (title: string, description = '') => ({ title, category: 'Finance', description });

  it.each([
    [finance('CoinVault Crypto Wallet'), 'crypto'],
    [finance('Vault', 'Store bitcoin and ethereum safely.'), 'crypto'],
    [{ title: 'Bitcoin Miner Tycoon', category: 'Games', description: '' }, 'crypto'],
    [finance('Binary Options Signals'), 'binary-options'],
    [finance('TradeUp', 'Trade binary options from one dollar.'), 'binary-options'],
    [finance('QuickCash', 'Get a payday loan in minutes.'), 'loans'],
    [finance('LendNow', 'Borrow money online.'), 'loans'],
  ] as const)('flags %j as %s', (listing, category) => {
    expect(forbiddenCategoryOf(listing)).toBe(category);
  });

  it.each([
    finance('Budget Planner', 'Track expenses and plan a monthly budget.'),
    { title: 'Loan Calculator', category: 'Tools', description: '' },
    { title: 'Mortgage Helper', category: 'Tools', description: 'Compare loan offers.' },
    { title: 'Binary Clock', category: 'Tools', description: '' },
  ])('lets %j through', (listing) => {
    expect(forbiddenCategoryOf(listing)).toBeNull();
  });
});
