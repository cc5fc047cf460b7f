import { z } from 'zod';
import { MESSAGES } from './messages.js';

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

/** One keyword field: normalized (see {@link normalizeKeywordText}), then checked. */
export const keywordRule = z
  .string({ error: MESSAGES.required })
  .transform(normalizeKeywordText)
  .superRefine((text, ctx) => {
    const message = keywordMessage(text);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * A list of ids sent as a comma-separated string ("1,2,3", as `app_keywords_id` is), a single number or
 * an array of numbers. Blank items are skipped; duplicates are dropped.
 */
export const idListRule = z
  .union([z.string(), z.number(), z.array(z.number())], { error: MESSAGES.keywordsNotSelected })
  .transform((value) => {
    if (typeof value === 'number') return [value];
    if (typeof value !== 'string') return value;
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : Number.NaN));
  })
  .pipe(
    z
      .array(z.number({ error: MESSAGES.dataNotValid }).int().positive().max(2_147_483_647))
      .min(1, MESSAGES.keywordsNotSelected)
      .max(10_000)
      .transform((ids) => [...new Set(ids)]),
  );
