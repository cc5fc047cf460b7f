import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamps } from './columns.js';
import { ownerId } from './users.js';

/**
 * A customer's webhook endpoint (docs/webhooks.md): the public URL events are posted to, the events it takes,
 * and the secret its deliveries are signed with (shown once when created; kept to sign with).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: identityId(),
    user_id: ownerId(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** `keyword.rank_changed` is sent only for a change of more places than this. */
    rank_threshold: smallint('rank_threshold').notNull().default(5),
    secret: text('secret').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.user_id, t.id)],
);

/**
 * One event for one endpoint (the outbox): written in the transaction of what happened, then sent by the
 * `webhooks.deliver` job until it succeeds or its day of retries is over.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id, the same in every endpoint's delivery of it (receivers deduplicate by it). */
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending (an attempt is due at `next_attempt_at`), succeeded, failed (retries over). */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Each attempt of a delivery: HTTP status (null = no answer), latency, a short error and answer excerpt. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    delivery_id: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    status_code: smallint('status_code'),
    latency_ms: integer('latency_ms').notNull(),
    error: text('error'),
    response_excerpt: text('response_excerpt'),
    created_at: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id, t.id)],
);
