import { createHash } from 'node:crypto';

/** One line of an uploaded statement, whichever format it came in (docs/money.md, Reconciliation). */
export interface StatementLine {
  /** The statement's own id of the line, the same on every upload of it: what makes crediting it idempotent. */
  entryId: string;
  /** The booking date (YYYY-MM-DD), when the statement gives one. */
  bookedOn: string | null;
  direction: 'credit' | 'debit';
  /** Positive, as the statement writes it (a decimal string, never a float). */
  amount: string;
  /** ISO 4217 code. */
  currency: string;
  /** Every free text of the line (remittance, references, description) where a transfer reference may be. */
  text: string;
  /** Who paid (or was paid), when the statement says. */
  counterparty: string | null;
}

/** A statement that could not be read: the reason is shown to staff as it is. */
export class StatementError extends Error {}

const AMOUNT = /^\d{1,13}(\.\d{1,5})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The amount as a plain positive decimal ("1,234.50" and "-12.5" are read by the CSV parsers first). */
export function checkedAmount(amount: string, where: string): string {
  const plain = amount.trim();
  if (!AMOUNT.test(plain))
    throw new StatementError(`${where}: the amount "${plain.slice(0, 40)}" is not a number`);
  return plain;
}

export function checkedCurrency(currency: string, where: string): string {
  const code = currency.trim().toUpperCase();
  if (!CURRENCY.test(code))
    throw new StatementError(`${where}: the currency "${code.slice(0, 10)}" is not a code`);
  return code;
}

/**
 * An id for a line its statement gives none: a hash of what the line says, with its occurrence among equal lines
 * of the statement, so the same statement uploaded twice gives the same ids and two equal payments stay two.
 */
export function derivedEntryIds(lines: Omit<StatementLine, 'entryId'>[], scope: string): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const content = [
      scope,
      line.bookedOn,
      line.direction,
      line.amount,
      line.currency,
      line.text,
      line.counterparty,
    ];
    const digest = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
    const occurrence = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, occurrence);
    return `h:${digest}:${occurrence}`;
  });
}
