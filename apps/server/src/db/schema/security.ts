import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Access lists (staff-admin §3): black-list entries refuse sign-up, sign-in, top-up or an app; white-list
 * entries let an address past the rate limits and win over a black entry of the same kind
 * (modules/access-lists). Values are stored normalized (shared `normalizeAccessValue`).
 */
export const accessListEntries = pgTable(
  'access_list_entries',
  {
    id: identityId(),
    list_type: text('list_type', { enum: ['white-list', 'black-list'] }).notNull(),
    category: text('category', { enum: ['email', 'email-domain', 'ip', 'country', 'package-id'] }).notNull(),
    value: text('value').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('access_list_entries_unique').on(t.list_type, t.category, t.value),
    index('access_list_entries_created_idx').on(sql`${t.created_at} desc`, sql`${t.id} desc`),
    index('access_list_entries_category_idx').on(t.category, t.list_type),
  ],
);

/**
 * The server's own error log (the log viewer's second tab): requests answered 5xx, payment callbacks refused or
 * failing, and failed jobs. Kept for a bounded time (modules/operations/server-errors.ts prunes it).
 */
export const serverErrors = pgTable(
  'server_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    created_at: createdAt(),
    source: text('source', { enum: ['request', 'job', 'callback'] }).notNull(),
    /** The HTTP status answered (requests). */
    status: integer('status'),
    method: text('method'),
    url: text('url'),
    /** The queue (jobs). */
    queue: text('queue'),
    job_id: text('job_id'),
    message: text('message').notNull(),
    stack: text('stack'),
    request_id: text('request_id'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('server_errors_created_idx').on(sql`${t.created_at} desc`, sql`${t.id} desc`),
    index('server_errors_source_idx').on(t.source, sql`${t.created_at} desc`),
  ],
);

/**
 * Payment callbacks refused for their signature, counted per minute and provider: the first of a minute also
 * writes a sample row to `server_errors`, the rest only count (modules/operations/server-errors.ts).
 */
export const refusedCallbacks = pgTable(
  'refused_callbacks',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    provider: text('provider').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.provider] })],
);
