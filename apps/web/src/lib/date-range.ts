/** The date shortcuts of customer-area §9 (week, 1 month, 3 months, custom), as the API names them. */
export const DATE_SHORTCUT_VALUES = ['week', 'month', 'three_months', 'custom'] as const;
export type DateShortcut = (typeof DATE_SHORTCUT_VALUES)[number];

/** A day as YYYY-MM-DD in local time (what date inputs and the API's day filters read). */
export function toDay(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${mm}-${dd}`;
}

/**
 * The days a shortcut covers, ending today, as the server counts them: a week starts 7 days back; a
 * month or three months start on the same day of that earlier month, clamped to its last day (31 March
 * minus a month is 28 or 29 February).
 */
export function shortcutRange(
  shortcut: Exclude<DateShortcut, 'custom'>,
  today: Date = new Date(),
): { from: string; to: string } {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  let start: Date;
  if (shortcut === 'week') {
    start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 7);
  } else {
    const months = shortcut === 'month' ? 1 : 3;
    const firstOfTarget = new Date(end.getFullYear(), end.getMonth() - months, 1);
    const lastDay = new Date(firstOfTarget.getFullYear(), firstOfTarget.getMonth() + 1, 0).getDate();
    start = new Date(firstOfTarget.getFullYear(), firstOfTarget.getMonth(), Math.min(end.getDate(), lastDay));
  }
  return { from: toDay(start), to: toDay(end) };
}

/** True when a custom range is usable: both days given and the first not after the second. */
export function isValidRange(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to) return false;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return false;
  return from <= to;
}
