import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MANAGER_REQUEST_STATUSES, SALES_STATUSES } from '@storelift/shared';
import { createdAt, identityId, updatedAt } from './columns.js';
import { ownerId, users } from './users.js';

/** A client's sales status and history note (staff-admin §4), one row per client once a manager sets one. */
export const clientSales = pgTable(
  'client_sales',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SALES_STATUSES }).notNull().default('new'),
    note: text('note').notNull().default(''),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (t) => [index('client_sales_status_idx').on(t.status)],
);

/** Every change of a client's status or note, with its author and time. */
export const clientSalesHistory = pgTable(
  'client_sales_history',
  {
    id: identityId(),
    user_id: ownerId(),
    status: text('status', { enum: SALES_STATUSES }).notNull(),
    note: text('note').notNull(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('client_sales_history_user_idx').on(t.user_id, t.id)],
);

/**
 * Personal-manager requests (customer-area §4): sent, then assigned when staff give the customer a manager.
 * One open request per user, held by a partial unique index so two sends at once cannot make two.
 */
export const managerRequests = pgTable(
  'manager_requests',
  {
    id: identityId(),
    user_id: ownerId(),
    status: text('status', { enum: MANAGER_REQUEST_STATUSES }).notNull().default('sent'),
    manager_id: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    assigned_at: timestamp('assigned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('manager_requests_one_open')
      .on(t.user_id)
      .where(sql`${t.status} <> 'assigned'`),
    index('manager_requests_user_idx').on(t.user_id, t.id),
  ],
);
