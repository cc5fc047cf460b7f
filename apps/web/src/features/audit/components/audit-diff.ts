import { formatDate, formatDateTime } from '../../../lib/format';

/** One changed field of an audit row: its value before and after, as text. */
export interface DiffLine {
  field: string;
  before: string;
  after: string;
}

/** The words for true and false in the interface language. */
export interface YesNo {
  yes: string;
  no: string;
}

const YES_NO: YesNo = { yes: 'yes', no: 'no' };
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A scalar as read: nothing as an empty string, a time as DD.MM.YYYY HH:mm and a day as DD.MM.YYYY in the
 * reader's time zone (spec §9), true and false as words, a list of scalars joined.
 */
export function valueText(value: unknown, words: YesNo = YES_NO): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.map((item) => valueText(item, words)).join(', ');
  if (typeof value === 'string' && MOMENT.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && DAY.test(value)) return formatDate(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNested = (value: unknown) =>
  isRecord(value) ||
  (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null));

/**
 * A state as one text per field: nested objects and lists of objects open into their own fields
 * (`tiers › 1 › percent`, counted from 1), so no value is shown as JSON.
 */
function flatten(
  value: unknown,
  words: YesNo,
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  if (!isNested(value)) {
    into.set(prefix, valueText(value, words));
    return into;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index + 1), item] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) flatten(item, words, prefix ? `${prefix} › ${key}` : key, into);
  return into;
}

/**
 * The readable change of an audit row: each changed field with its value before and after (a created record
 * has nothing before, a deleted one nothing after). Fields keep the order they first appear in, before then
 * after.
 */
export function auditDiff(before: unknown, after: unknown, words: YesNo = YES_NO): DiffLine[] {
  const fieldsOf = (state: unknown) =>
    state === null || state === undefined ? new Map() : flatten(state, words);
  const [was, is] = [fieldsOf(before), fieldsOf(after)];
  const fields = [...new Set([...was.keys(), ...is.keys()])];
  return fields
    .map((field) => ({ field, before: was.get(field) ?? '', after: is.get(field) ?? '' }))
    .filter((line) => line.before !== line.after);
}
