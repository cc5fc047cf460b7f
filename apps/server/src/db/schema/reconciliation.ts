import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from './columns.js';
import { users } from './users.js';
import { payments } from './billing.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/** A statement staff uploaded to reconcile transfers (docs/money.md, Reconciliation). */
export const statements = pgTable(
  'statements',
  {
    id: identityId(),
    /** camt053, wise or payoneer. */
    format: text('format', { enum: ['camt053', 'wise', 'payoneer'] }).notNull(),
    file_name: text('file_name').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Lines the file had, and of them those new to us (a line already uploaded is not read again). */
    lines: integer('lines').notNull().default(0),
    new_lines: integer('new_lines').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index('statements_created_idx').on(t.created_at, t.id)],
);

/**
 * A line of a statement, kept once per entry id however often its statement is uploaded: crediting it is
 * idempotent on that id. `state`: credited (matched to a payment by reference), unmatched (a credit in dollars
 * that names no payment), assigned (staff credited it to a user by hand), ignored (with a reason), debit and
 * foreign (shown, never credited: money leaving the account, or another currency than the balance's).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: identityId(),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    entry_id: text('entry_id').notNull(),
    booked_on: date('booked_on', { mode: 'string' }),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    text: text('text').notNull().default(''),
    counterparty: text('counterparty'),
    state: text('state', {
      enum: ['credited', 'unmatched', 'assigned', 'ignored', 'debit', 'foreign'],
    }).notNull(),
    /** The payment it credited (matched or assigned). */
    payment_id: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** What arrived less what the payment asked for (negative: less), when they differ. */
    difference: money('difference'),
    ignore_reason: text('ignore_reason'),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_lines_entry_unique').on(t.entry_id),
    index('statement_lines_statement_idx').on(t.statement_id, t.id),
    index('statement_lines_open_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.state} = 'unmatched'`),
    index('statement_lines_payment_idx').on(t.payment_id),
  ],
);
