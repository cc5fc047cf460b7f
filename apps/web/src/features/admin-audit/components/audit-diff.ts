/** One field of an audit row's change: its value before and after, and whether it changed. */
export interface DiffLine {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** A value as one line of text: nothing as an empty string, lists joined, other objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The readable change of an audit row: every field of the state before and after, side by side, changed
 * ones marked (a created record has nothing before, a deleted one nothing after). Fields keep the order they
 * first appear in, before then after.
 */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    const [was, is] = [valueText(before), valueText(after)];
    return was === '' && is === '' ? [] : [{ field: '', before: was, after: is, changed: was !== is }];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.map((field) => {
    const line = { field, before: valueText(was[field]), after: valueText(is[field]) };
    return { ...line, changed: line.before !== line.after };
  });
}
