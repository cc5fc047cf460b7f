/** Escapes LIKE wildcards in user text. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * A `from`/`to` query pair as a half-open time range: days are UTC and inclusive (`to` = 2024-05-31
 * ends before 2024-06-01), full ISO times are taken as they are.
 */
export function dayRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  const range: { from?: Date; to?: Date } = {};
  if (from) range.from = new Date(isDay(from) ? `${from}T00:00:00Z` : from);
  if (to) {
    const end = new Date(isDay(to) ? `${to}T00:00:00Z` : to);
    if (isDay(to)) end.setUTCDate(end.getUTCDate() + 1);
    range.to = end;
  }
  return range;
}

/** The start of a date shortcut (customer-area §9: week, 1 month, 3 months) counted back from now. */
export function shortcutStart(shortcut: string | undefined, now = new Date()): Date | undefined {
  const start = new Date(now);
  if (shortcut === 'week') start.setUTCDate(start.getUTCDate() - 7);
  else if (shortcut === 'month') start.setUTCMonth(start.getUTCMonth() - 1);
  else if (shortcut === 'three_months') start.setUTCMonth(start.getUTCMonth() - 3);
  else return undefined;
  return start;
}
