import { parse } from 'csv-parse/sync';
import {
  StatementError,
  checkedAmount,
  checkedCurrency,
  derivedEntryIds,
  type StatementLine,
} from './statement-line.js';

/*
 * The CSV statements Wise and Payoneer export, read with csv-parse: columns are found by their header names
 * (case and spacing aside), so a reordered or extended export still reads. A signed amount gives the direction.
 */

type Row = Record<string, string>;

const squeeze = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function rowsOf(csv: string): { rows: Row[]; column: (...names: string[]) => string | undefined } {
  let rows: Row[];
  try {
    rows = parse(csv, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new StatementError(`The file is not a CSV statement: ${(error as Error).message.slice(0, 200)}`);
  }
  const headers = Object.keys(rows[0] ?? {});
  /** The first header among `names` the file has. */
  const column = (...names: string[]) => {
    for (const name of names) {
      const header = headers.find((h) => squeeze(h) === squeeze(name));
      if (header) return header;
    }
    return undefined;
  };
  return { rows, column };
}

/** "-1,234.50" → { direction: 'debit', amount: '1234.50' }. */
function signedAmount(text: string, where: string) {
  const plain = text.trim().replace(/^\+/, '');
  const negative = plain.startsWith('-') || /^\(.*\)$/.test(plain);
  const digits = plain.replace(/^[-(]|\)$/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  return {
    direction: negative ? ('debit' as const) : ('credit' as const),
    amount: checkedAmount(digits, where),
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date as the exports write it (2026-11-28, 28-11-2026, 28.11.2026, 11/28/2026, Nov 28, 2026), or null. */
export function statementDate(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  const pad = (n: string | number) => String(n).padStart(2, '0');
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match) return `${match[1]}-${match[2]}-${match[3]}`;
  match = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})/.exec(value);
  if (match) return `${match[3]}-${pad(match[2]!)}-${pad(match[1]!)}`;
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(value);
  if (match) return `${match[3]}-${pad(match[1]!)}-${pad(match[2]!)}`;
  match = /^([A-Za-z]{3})[a-z]* (\d{1,2}),? (\d{4})/.exec(value);
  const month = match ? MONTHS.indexOf(match[1]!.toLowerCase()) : -1;
  return match && month >= 0 ? `${match[3]}-${pad(month + 1)}-${pad(match[2]!)}` : null;
}

function required(column: string | undefined, name: string, format: string): string {
  if (!column) throw new StatementError(`The file is not a ${format} statement: it has no "${name}" column`);
  return column;
}

/**
 * A Wise statement (Statements → CSV): TransferWise ID, Date, Amount (signed), Currency, Description, Payment
 * Reference, Payer Name, ... The TransferWise ID is the line's id.
 */
export function parseWiseCsv(csv: string): StatementLine[] {
  const { rows, column } = rowsOf(csv);
  const id = required(column('TransferWise ID'), 'TransferWise ID', 'Wise');
  const amount = required(column('Amount'), 'Amount', 'Wise');
  const currency = required(column('Currency'), 'Currency', 'Wise');
  const [date, description, reference, payer, payee] = [
    column('Date'),
    column('Description'),
    column('Payment Reference'),
    column('Payer Name'),
    column('Payee Name'),
  ];
  return rows.map((row, i) => {
    const where = `Line ${i + 2}`;
    const signed = signedAmount(row[amount] ?? '', where);
    const entryId = (row[id] ?? '').trim();
    if (!entryId) throw new StatementError(`${where}: no TransferWise ID`);
    return {
      entryId: `wise:${entryId}`,
      bookedOn: statementDate(date && row[date]),
      ...signed,
      currency: checkedCurrency(row[currency] ?? '', where),
      text: [reference && row[reference], description && row[description]]
        .filter(Boolean)
        .join(' | ')
        .slice(0, 2000),
      counterparty:
        ((signed.direction === 'credit' ? payer : payee) &&
          row[(signed.direction === 'credit' ? payer : payee)!]) ||
        null,
    };
  });
}

/**
 * A Payoneer activity export: Date (or Transaction Date), Description, Amount (signed, or a Credit/Debit pair),
 * Currency, Status, Transaction ID (or Reference ID). Lines whose status says they did not complete are left out;
 * a line without an id gets one from what it says.
 */
export function parsePayoneerCsv(csv: string): StatementLine[] {
  const { rows, column } = rowsOf(csv);
  const amount = column('Amount');
  const [credit, debit] = [column('Credit', 'Credit Amount'), column('Debit', 'Debit Amount')];
  if (!amount && !credit) required(undefined, 'Amount', 'Payoneer');
  const currency = required(column('Currency'), 'Currency', 'Payoneer');
  const id = column('Transaction ID', 'Reference ID', 'ID');
  const [date, description, status, payer] = [
    column('Transaction Date', 'Date'),
    column('Description', 'Memo'),
    column('Status'),
    column('Payer', 'Payer Name', 'From'),
  ];
  const lines = rows
    .map((row, i) => ({ row, where: `Line ${i + 2}` }))
    .filter(({ row }) => !status || !/fail|cancel|declin|pending|reject/i.test(row[status] ?? ''))
    .map(({ row, where }) => {
      const signed = amount
        ? signedAmount(row[amount] ?? '', where)
        : (row[credit!] ?? '').trim()
          ? signedAmount(row[credit!]!, where)
          : { ...signedAmount(row[debit ?? ''] ?? '', where), direction: 'debit' as const };
      return {
        entryId: id && (row[id] ?? '').trim() ? `payoneer:${row[id]!.trim()}` : null,
        bookedOn: statementDate(date && row[date]),
        ...signed,
        currency: checkedCurrency(row[currency] ?? '', where),
        text: (description && row[description]) || '',
        counterparty: (payer && row[payer]) || null,
      };
    });
  const derived = derivedEntryIds(lines, 'payoneer');
  return lines.map((line, i) => ({ ...line, entryId: line.entryId ?? `payoneer:${derived[i]}` }));
}
