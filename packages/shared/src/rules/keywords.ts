import { MESSAGES } from './messages.js';

// Plain checks without zod (the keywords page reads them); the zod field rules are in keyword-rules.ts.

/** The longest keyword Storelift tracks, after spaces are collapsed. */
export const KEYWORD_MAX_LENGTH = 100;
/** Keywords one app may track in one country. */
export const KEYWORDS_PER_APP_COUNTRY_MAX = 2000;

/*
 * customer-area §5: "no quotes, slashes, hashtags or special symbols". A keyword is letters (any script,
 * with their combining marks), digits, spaces and hyphens; everything else is a special symbol.
 */
const KEYWORD_CHARS = /^[\p{L}\p{M}\p{N} -]+$/u;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** The form a keyword is stored and compared in: NFKC, lowercase, trimmed, single spaces. */
export function normalizeKeywordText(keyword: string): string {
  return keyword.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The message for a keyword that breaks a rule, or null when it is fine (checks the normalized form). */
export function keywordMessage(keyword: string): string | null {
  const text = normalizeKeywordText(keyword);
  if (!text) return MESSAGES.required;
  if (text.length > KEYWORD_MAX_LENGTH) return MESSAGES.keywordTooLong;
  if (!KEYWORD_CHARS.test(text) || !HAS_WORD.test(text)) return MESSAGES.keywordInvalid;
  return null;
}
