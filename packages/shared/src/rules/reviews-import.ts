import Papa from 'papaparse';
import { reviewSchema, type Review } from '../contracts/campaigns.js';
import { CAMPAIGN_MESSAGES } from './campaign-messages.js';
import { MESSAGES } from './messages.js';

/**
 * Reviews pasted into the import modal (customer-area §2): a CSV whose header row names the columns
 * `title`, `body` and optionally `rates`, `gender`, `language` (any order, comma, semicolon or tab), or
 * plain blocks separated by blank lines whose first line is the title and the rest the body. Every review
 * passes the review rule; what a row lacks comes from `defaults`.
 */

/** A problem of one review: its first line in the pasted text (1-based), the field and the message. */
export interface ReviewsImportError {
  line: number;
  field: string;
  message: string;
}

export interface ReviewsImportResult {
  reviews: Review[];
  errors: ReviewsImportError[];
}

export type ReviewDefaults = Pick<Review, 'rates' | 'gender' | 'language'>;

const DEFAULTS: ReviewDefaults = { rates: 5, gender: 'both', language: 'english' };

/** Line (1-based) of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') line += 1;
  return line;
}

/** Checks one review's raw values against the rule, adding it or its errors. */
function collect(
  result: ReviewsImportResult,
  line: number,
  raw: Record<string, unknown>,
  defaults: ReviewDefaults,
) {
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
  const rates = text('rates');
  const parsed = reviewSchema.safeParse({
    title: text('title'),
    body: text('body'),
    rates: rates ? Number(rates) : defaults.rates,
    gender: text('gender').toLowerCase() || defaults.gender,
    language: text('language').toLowerCase() || defaults.language,
  });
  if (parsed.success) result.reviews.push(parsed.data);
  else
    for (const issue of parsed.error.issues)
      result.errors.push({ line, field: String(issue.path[0] ?? 'text'), message: issue.message });
}

function parseCsv(text: string, headerStart: number, result: ReviewsImportResult, defaults: ReviewDefaults) {
  const csv = text.slice(headerStart);
  const options = {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (name: string) => name.trim().toLowerCase(),
  } as const;
  const fields = Papa.parse<Record<string, string>>(csv, { ...options, preview: 1 }).meta.fields ?? [];
  if (!fields.includes('title') || !fields.includes('body')) {
    result.errors.push({
      line: lineAt(text, headerStart),
      field: 'text',
      message: CAMPAIGN_MESSAGES.reviewsImportHeader,
    });
    return;
  }
  // Papa gives a row its end (`cursor`), not its start: a row starts where the previous one ended,
  // after blank lines. The first row starts after the header line.
  const headerEnd = text.indexOf('\n', headerStart);
  let previous = headerEnd < 0 ? text.length : headerEnd + 1;
  Papa.parse<Record<string, string>>(csv, {
    ...options,
    step: (step) => {
      const end = headerStart + step.meta.cursor;
      const start = previous + (/^\s*/.exec(text.slice(previous, end))?.[0].length ?? 0);
      previous = end;
      const line = lineAt(text, start);
      if (step.errors.length) result.errors.push({ line, field: 'text', message: MESSAGES.dataNotValid });
      else collect(result, line, step.data, defaults);
    },
  });
}

function parseBlocks(text: string, result: ReviewsImportResult, defaults: ReviewDefaults) {
  const lines = text.split('\n');
  let block: string[] = [];
  let first = 0;
  const flush = () => {
    if (block.length) collect(result, first, { title: block[0], body: block.slice(1).join('\n') }, defaults);
    block = [];
  };
  lines.forEach((line, index) => {
    if (!line.trim()) return flush();
    if (!block.length) first = index + 1;
    block.push(line.trim());
  });
  flush();
}

/** Reads pasted text or CSV into reviews, with the errors of the reviews that do not pass the rule. */
export function parseReviewsImport(
  input: string,
  defaults: Partial<ReviewDefaults> = {},
): ReviewsImportResult {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result: ReviewsImportResult = { reviews: [], errors: [] };
  const filled = { ...DEFAULTS, ...defaults };
  const headerStart = /\S/.exec(text)?.index;
  if (headerStart === undefined) {
    result.errors.push({ line: 1, field: 'text', message: CAMPAIGN_MESSAGES.reviewsImportEmpty });
    return result;
  }
  const lineStart = text.lastIndexOf('\n', headerStart) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const firstLine = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).toLowerCase();
  const cells = firstLine.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"|"$/g, ''));
  if (cells.length > 1 && cells.includes('title')) parseCsv(text, lineStart, result, filled);
  else parseBlocks(text, result, filled);
  if (!result.reviews.length && !result.errors.length)
    result.errors.push({ line: 1, field: 'text', message: CAMPAIGN_MESSAGES.reviewsImportEmpty });
  return result;
}
