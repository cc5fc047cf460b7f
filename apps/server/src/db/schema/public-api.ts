import { date, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns.js';
import { campaigns } from './campaigns.js';
import { ownerId } from './users.js';

/**
 * Public API usage: one counter row per user, UTC day and operation (not a row per call), bumped in the
 * statement that spends the credits (docs/public-api.md, Credits).
 */
export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    user_id: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    operation: text('operation').notNull(),
    calls: integer('calls').notNull().default(0),
    /** Calls made with the test token (free, dry runs). */
    test_calls: integer('test_calls').notNull().default(0),
    credits: integer('credits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.day, t.operation] })],
);

/**
 * The `Idempotency-Key` of each public API order, written in the order's own transaction: the unique index
 * makes a second order with the same key fail and roll back, and its retry reads the first answer here.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: identityId(),
    user_id: ownerId(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('api_idempotency_keys_user_key_unique').on(t.user_id, t.key)],
);
