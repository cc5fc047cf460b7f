import type { StoreReview } from '../../../providers/store/store-provider.js';

/*
 * Which delivered reviews a store still shows, by their texts (docs/campaigns.md, Review guarantee). A store
 * shows a text its own way: other case, spaces and line breaks collapsed, quotes and dashes typeset, an
 * ellipsis where it cut a long one, and on Google Play (no titles) the title and body run together or the
 * title left out. So texts compare by their letters and digits only, and a store's text that stops short
 * matches the text it begins.
 */

/** A delivered review's text as ordered. */
export interface OrderedText {
  id: number;
  title: string;
  body: string;
}

/**
 * A store's cut text tells reviews apart only when long enough: at least this many letters, digits and spaces,
 * and at least half the text it begins (templated reviews often share their first sentence).
 */
const CUT_MIN = 40;

/** A text as compared: lower case, compatibility forms folded, only letters and digits, single spaces. */
export function normalizeReviewText(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en-US')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The forms a delivered review may take in a store: its body alone, or its title and body together. */
const orderedForms = (review: OrderedText) => [
  normalizeReviewText(review.body),
  normalizeReviewText(`${review.title} ${review.body}`),
];

/** The forms a shown review may take: its text alone, or its title and text together. */
const shownForms = (review: StoreReview) =>
  review.title
    ? [normalizeReviewText(review.text), normalizeReviewText(`${review.title} ${review.text}`)]
    : [normalizeReviewText(review.text)];

/** Whether a shown form is the ordered form itself. */
const whole = (ordered: string, shown: string) => ordered === shown;
/** Whether a shown form is the start of the ordered form, cut by the store. */
const cut = (ordered: string, shown: string) =>
  shown.length >= Math.max(CUT_MIN, ordered.length / 2) && ordered.startsWith(shown);

/**
 * The ids of the delivered reviews the store shows. Each shown review stands for one delivered review at most,
 * so two deliveries of one text need two reviews on the page; whole texts pair first, so a cut text never
 * takes the place of a whole one.
 */
export function shownReviewIds(ordered: readonly OrderedText[], shown: readonly StoreReview[]): Set<number> {
  const left = shown.map(shownForms);
  const found = new Set<number>();
  for (const matches of [whole, cut]) {
    for (const review of ordered) {
      if (found.has(review.id)) continue;
      const forms = orderedForms(review);
      const at = left.findIndex((each) => each.some((form) => forms.some((text) => matches(text, form))));
      if (at < 0) continue;
      found.add(review.id);
      left.splice(at, 1);
    }
  }
  return found;
}
