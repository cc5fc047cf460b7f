import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@storelift/shared';
import { createdAt, identityId } from './columns.js';
import { users } from './users.js';

/**
 * Transfers between accounts (payment system 34): money a customer sent from their main balance to another
 * account. The ledger rows (type `transfer`) name the transfer; `entry_id` is the posting's, and a reversal's
 * posting is `reverse_entry_id`.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: identityId(),
    sender_id: integer('sender_id')
      .notNull()
      .references(() => users.id),
    receiver_id: integer('receiver_id')
      .notNull()
      .references(() => users.id),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('completed'),
    description: text('description'),
    entry_id: uuid('entry_id').notNull(),
    created_at: createdAt(),
    reversed_at: timestamp('reversed_at', { withTimezone: true }),
    reversed_by: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reverse_reason: text('reverse_reason'),
    reverse_entry_id: uuid('reverse_entry_id'),
  },
  (t) => [
    check('transfers_amount_positive', sql`${t.amount} > 0`),
    check('transfers_two_users', sql`${t.sender_id} <> ${t.receiver_id}`),
    // A customer's list (sent and received) and the daily limit's sum; staff's list by date.
    index('transfers_sender_created_idx').on(t.sender_id, t.created_at),
    index('transfers_receiver_created_idx').on(t.receiver_id, t.created_at),
    index('transfers_created_idx').on(t.created_at),
  ],
);
