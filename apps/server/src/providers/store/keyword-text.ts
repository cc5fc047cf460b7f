/*
 * Words of app listings and keywords, shared by both providers: the offline search index, suggestions,
 * recommended keywords and the `aso`-style competitor check all read text the same way.
 */

// Words that never make a keyword on their own; "app" is noise in almost every listing.
const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have in into is it its of on or so that the this to was with ' +
    'you your yours our we us all any every more most no not one up out now new get use app apps free ' +
    'best top just can will also lets let per via than then them they their there what when how ' +
    // Listing boilerplate nobody searches for.
    'download highlights account needed made helps help'
  ).split(' '),
);

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

/** Lowercases, trims and collapses spaces: the form keywords are compared in. */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The words of a text, lowercased, without stop words and one-letter words. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/**
 * A word's index form: a plain English plural loses its "s" so "games" finds "game". Crude on purpose:
 * it only has to agree with itself, since listings and keywords both pass through it.
 */
export function stem(word: string): string {
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The index tokens of a text: its words, stemmed, each once. */
export function tokens(text: string): string[] {
  return [...new Set(words(text).map(stem))];
}

/** What an app listing offers to keyword extraction. */
export interface ListingText {
  title: string;
  category: string;
  description: string;
}

/**
 * The keywords a listing targets, best first: title words and pairs weigh most, then the category, then
 * words and pairs repeated in the description. Used for "recommended keywords" and, as `aso` does with
 * the top 10, to decide whether an app competes for a keyword.
 */
export function keywordsFromText(listing: ListingText, limit = 20): string[] {
  const scores = new Map<string, number>();
  const add = (phrase: string, score: number) => scores.set(phrase, (scores.get(phrase) ?? 0) + score);
  const phrases = (text: string, single: number, pair: number) => {
    // Sentences and title parts ("FitPulse: Home Workout") do not make pairs across their boundary.
    for (const part of text.split(/[.!?:;,()|\-–—\n]+/)) {
      const list = words(part).filter((word) => !/^\d+$/.test(word));
      list.forEach((word, i) => {
        add(word, single);
        const next = list[i + 1];
        if (next) add(`${word} ${next}`, pair);
      });
    }
  };
  phrases(listing.title, 5, 6);
  phrases(listing.category.replace(/&/g, ' '), 3, 3);
  phrases(listing.description, 1, 1);
  // A description word used once says little about the app; title and category words always count.
  return [...scores]
    .filter(([, score]) => score >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([phrase]) => phrase);
}
