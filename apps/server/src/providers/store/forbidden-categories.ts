import type { ForbiddenCategory } from './store-provider.js';

/*
 * No store has a "crypto" or "loans" category: such apps sit in Finance (or Business), so the category
 * is read from the words of the listing. Crypto and binary-options words in a title count in any
 * category ("Bitcoin Miner" is crypto even as a game); in Finance and Business the description counts
 * too, and only there do lending words count, so a loan calculator among the tools passes.
 */
const PATTERNS: readonly { category: ForbiddenCategory; pattern: RegExp; anyCategory: boolean }[] = [
  { category: 'binary-options', pattern: /\bbinary\s+(?:options?|trading|signals?)\b/i, anyCategory: true },
  {
    category: 'crypto',
    pattern: /\b(?:crypto\w*|bitcoin|btc|ethereum|altcoins?|blockchain|nfts?|defi|dogecoin)\b/i,
    anyCategory: true,
  },
  {
    category: 'loans',
    pattern: /\b(?:loans?|payday|cash advances?|microcredits?|microloans?|borrow money|instant credit)\b/i,
    anyCategory: false,
  },
];
const MONEY_CATEGORIES = /^(?:finance|business)$/i;

/** The forbidden category a listing falls into, or null. */
export function forbiddenCategoryOf(listing: {
  title: string;
  category: string;
  description: string;
}): ForbiddenCategory | null {
  const money = MONEY_CATEGORIES.test(listing.category.trim());
  const text = money ? `${listing.title}\n${listing.description}` : listing.title;
  for (const { category, pattern, anyCategory } of PATTERNS) {
    if ((money || anyCategory) && pattern.test(text)) return category;
  }
  return null;
}
