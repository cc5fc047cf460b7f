import pMap from 'p-map';
import {
  PAYMENT_SYSTEMS,
  RECONCILIATION_MESSAGES,
  formatMoney,
  messageOf,
  parseMoney,
  type StatementFormat,
  type StatementSummary,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { applyPaymentEventIn } from '../billing/payment-events.js';
import type { Tx } from '../ledger/ledger.js';
import * as payments from '../billing/payments.repo.js';
import * as repo from './reconciliation.repo.js';
import { parseCamt053 } from './statement-camt053.js';
import { parsePayoneerCsv, parseWiseCsv } from './statement-csv.js';
import { StatementError, type StatementLine } from './statement-line.js';
import { referencesIn } from '../billing/transfer-reference.js';
import { toStatementView } from './reconciliation.views.js';

/** Balances are kept in dollars: a line in another currency is shown, never credited (no conversion). */
export const BALANCE_CURRENCY = 'USD';
/** The payment system a statement's money came through (a line assigned to a user becomes its payment). */
export const PAYSYSTEM_OF: Record<StatementFormat, number> = {
  camt053: PAYMENT_SYSTEMS.bankTransfer,
  wise: PAYMENT_SYSTEMS.wise,
  payoneer: PAYMENT_SYSTEMS.payoneer,
};
/** Lines inserted with one statement: one round trip per chunk instead of one per line. */
const CHUNK = 1000;
/** Credits in flight at once (PostgreSQL; the embedded database runs them one after another anyway). */
const CREDITS_AT_ONCE = 8;

const PARSERS: Record<StatementFormat, (text: string) => StatementLine[]> = {
  camt053: parseCamt053,
  wise: parseWiseCsv,
  payoneer: parsePayoneerCsv,
};

/** The format a file is in: XML is camt.053, a CSV with a TransferWise ID column Wise's, one with a Currency Payoneer's. */
export function detectFormat(text: string): StatementFormat {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return 'camt053';
  const header = (start.split(/\r?\n/, 1)[0] ?? '').toLowerCase().replace(/[^a-z,]/g, '');
  const columns = header.split(',');
  if (columns.includes('transferwiseid')) return 'wise';
  if (columns.includes('currency') && columns.some((c) => ['amount', 'credit', 'creditamount'].includes(c)))
    return 'payoneer';
  throw ValidationError.field('file', RECONCILIATION_MESSAGES.statementUnknownFormat);
}

/** Reads a statement's lines; a file its parser refuses is a 422 with the parser's reason. */
export function readStatement(bytes: Buffer, chosen: StatementFormat | undefined) {
  const text = bytes.toString('utf8');
  const format = chosen ?? detectFormat(text);
  try {
    return { format, lines: PARSERS[format](text) };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    throw ValidationError.field('file', {
      code: 'reconciliation.statementUnreadable',
      params: { reason: error.message },
    });
  }
}

const stateOf = (line: StatementLine): 'debit' | 'foreign' | 'unmatched' =>
  line.direction === 'debit' ? 'debit' : line.currency !== BALANCE_CURRENCY ? 'foreign' : 'unmatched';

/** What arrived less what the payment asked for, or null when it is what was asked. */
function differenceOf(payment: payments.PaymentRow): string | null {
  if (payment.requested_total === null) return null;
  const difference = parseMoney(payment.total) - parseMoney(payment.requested_total);
  return difference === 0n ? null : formatMoney(difference);
}

/**
 * Credits an unmatched line's money to a transfer payment in one transaction with the line's change: the line
 * is locked first, so a line is credited once however many uploads or staff race for it; a payment credited
 * already leaves the line unmatched ('unchanged'). Returns the line's new state, or null when nothing changed.
 */
export async function creditLineTo(
  db: Db,
  lineId: number,
  paymentId: number,
  resolved: { by: number; state: 'credited' | 'assigned' } | { by: null; state: 'credited' },
  /** Written with the credit (staff's audit row). */
  then?: (tx: Tx, payment: payments.PaymentRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const line = await repo.lockLine(tx, lineId);
    if (!line || line.state !== 'unmatched') return null;
    const outcome = await applyPaymentEventIn(tx, 'transfer', {
      kind: 'paid',
      payment: { id: paymentId },
      confirmed: true,
      receivedTotal: parseMoney(line.amount),
    });
    if (outcome !== 'credited') return null;
    const payment = (await payments.findPayment(tx, paymentId))!;
    const now = new Date();
    await repo.updateLine(tx, lineId, {
      state: resolved.state,
      payment_id: paymentId,
      difference: differenceOf(payment),
      ...(resolved.by !== null && { resolved_by: resolved.by, resolved_at: now }),
    });
    await then?.(tx, payment);
    return { line, payment };
  });
}

/**
 * Stores a statement's lines and credits those that name a transfer payment (docs/money.md, Reconciliation).
 * Lines go in by chunks, each line once by its entry id; only a line this upload inserted is matched, by a
 * reference in its text, to a transfer payment in its currency, and credited in a transaction of its own.
 */
export async function reconcileLines(db: Db, statementId: number, lines: StatementLine[]) {
  const summary: StatementSummary = { credited: 0, unmatched: 0, debit: 0, foreign: 0, known: 0 };
  for (let at = 0; at < lines.length; at += CHUNK) {
    const chunk = lines.slice(at, at + CHUNK).map((line) => ({ ...line, state: stateOf(line) }));
    const inserted = new Map(
      (await repo.insertNewLines(db, statementId, chunk)).map((r) => [r.entry_id, r.id]),
    );
    summary.known += chunk.length - inserted.size;
    const open = chunk
      .filter((line) => inserted.has(line.entryId) && line.state === 'unmatched')
      .map((line) => ({ line, id: inserted.get(line.entryId)!, references: referencesIn(line.text) }));
    const found = await repo.transferPaymentsByReference(db, [...new Set(open.flatMap((o) => o.references))]);
    const byReference = new Map(found.map((p) => [p.reference!, p]));
    const matched = open.map((o) => ({
      ...o,
      payment: o.references.map((r) => byReference.get(r)).find((p) => p?.currency === o.line.currency),
    }));
    // Lines naming different payments are credited side by side, each in its own transaction; a later line
    // naming a payment already named goes after them (and finds it credited: unmatched, for staff).
    const named = new Set<number>();
    const firsts: typeof matched = [];
    const repeats: typeof matched = [];
    for (const m of matched) {
      if (!m.payment) summary.unmatched += 1;
      else (named.has(m.payment.id) ? repeats : firsts).push(m);
      if (m.payment) named.add(m.payment.id);
    }
    const credit = async ({ id, payment }: (typeof matched)[number]) => {
      const credited = await creditLineTo(db, id, payment!.id, { by: null, state: 'credited' });
      summary[credited ? 'credited' : 'unmatched'] += 1;
    };
    await pMap(firsts, credit, { concurrency: CREDITS_AT_ONCE });
    await pMap(repeats, credit, { concurrency: 1 });
    for (const line of chunk)
      if (inserted.has(line.entryId) && line.state !== 'unmatched') summary[line.state] += 1;
  }
  return summary;
}

/** `POST reconciliation/statements` (staff): reads the file, records the statement, reconciles its lines. */
export async function uploadStatement(
  db: Db,
  staffId: number,
  file: { bytes: Buffer; name: string | null },
  chosen: StatementFormat | undefined,
) {
  const { format, lines } = readStatement(file.bytes, chosen);
  const fileName = (file.name ?? `statement.${format === 'camt053' ? 'xml' : 'csv'}`).slice(0, 200);
  const statement = await db.transaction(async (tx) => {
    const row = await repo.insertStatement(tx, {
      format,
      file_name: fileName,
      uploaded_by: staffId,
      lines: lines.length,
    });
    await audit(tx, {
      action: 'reconciliation.upload',
      target: { type: 'statement', id: row.id },
      after: { format, file_name: fileName, lines: lines.length, size: file.bytes.length },
    });
    return row;
  });
  const summary = await reconcileLines(db, statement.id, lines);
  await repo.setNewLines(db, statement.id, lines.length - summary.known);
  return {
    data: toStatementView((await repo.findStatement(db, statement.id))!),
    summary,
    message: messageOf('reconciliation.statementRead', {
      credited: summary.credited,
      unmatched: summary.unmatched,
    }),
  };
}

/** `GET reconciliation/statements` (staff). */
export async function listStatements(db: Db, query: { page: number; limit: number }) {
  const { rows, total } = await repo.pageStatements(db, query.limit, (query.page - 1) * query.limit);
  return { data: rows.map(toStatementView), meta: pageMeta(total, query.page, query.limit) };
}
