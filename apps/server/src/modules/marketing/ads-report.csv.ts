import { parse } from 'csv-parse/sync';
import {
  ADS_REPORT_COLUMNS,
  ADS_REPORT_ROWS_MAX,
  MARKETING_MESSAGES,
  MESSAGES,
  adsAmountRule,
  type Money,
} from '@storelift/shared';
import { ValidationError, type ErrorMessage } from '../../lib/errors.js';

/** One spend line of an uploaded file, checked. */
export interface SpendLine {
  line: number;
  type: number;
  code: string;
  from: string;
  to: string;
  amount: Money;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const isDay = (text: string) =>
  DAY.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const refuse = (problems: ErrorMessage[]) => new ValidationError({ file: problems.slice(0, 20) });
const lineProblem = (line: number, problem: string): ErrorMessage => ({
  code: 'marketing.reportLineInvalid',
  params: { line, problem },
});

/**
 * Reads a spend file (docs/marketing.md, Google Ads report): a header naming the columns type, code, from,
 * to, amount (any order, any case), then one line per spend. Any malformed line refuses the whole file with
 * 422 naming the lines (at most 20), so nothing half-loads.
 */
export function readSpendFile(content: Buffer): SpendLine[] {
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      to_line: ADS_REPORT_ROWS_MAX + 2,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw refuse([lineProblem(line, MESSAGES.dataNotValid)]);
  }
  const [header, ...rows] = records;
  if (!header) throw refuse([MARKETING_MESSAGES.reportEmpty]);
  const names = header.map((name) => name.toLowerCase());
  const index = Object.fromEntries(ADS_REPORT_COLUMNS.map((column) => [column, names.indexOf(column)]));
  if (Object.values(index).some((at) => at < 0)) throw refuse([MARKETING_MESSAGES.reportColumns]);
  if (!rows.length) throw refuse([MARKETING_MESSAGES.reportEmpty]);
  if (rows.length > ADS_REPORT_ROWS_MAX) throw refuse([MARKETING_MESSAGES.reportTooManyRows]);

  const problems: ErrorMessage[] = [];
  const lines: SpendLine[] = [];
  rows.forEach((cells, at) => {
    const line = at + 2;
    const cell = (column: (typeof ADS_REPORT_COLUMNS)[number]) => cells[index[column]!] ?? '';
    const type = cell('type') === '' ? 1 : Number(cell('type'));
    const amount = adsAmountRule.safeParse(cell('amount'));
    const from = cell('from');
    const to = cell('to');
    const problem =
      !Number.isInteger(type) || type < 1 || type > 100
        ? `type ${MESSAGES.dataNotValid}`
        : !CODE.test(cell('code'))
          ? `code ${MESSAGES.dataNotValid}`
          : !isDay(from) || !isDay(to) || from > to
            ? `from/to ${MESSAGES.dataNotValid}`
            : !amount.success
              ? `amount ${amount.error.issues[0]?.message ?? MESSAGES.amountInvalid}`
              : null;
    if (problem) problems.push(lineProblem(line, problem));
    else lines.push({ line, type, code: cell('code'), from, to, amount: amount.data! });
  });
  if (problems.length) throw refuse(problems);
  return lines;
}
