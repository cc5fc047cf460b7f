import { z } from 'zod';
import { keywordMessage, normalizeKeywordText } from './keywords.js';
import { MESSAGES } from './messages.js';

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
