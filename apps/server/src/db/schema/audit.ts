import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The audit log: one row per staff change, written in the change's own transaction (modules/audit). Rows are
 * never updated; a deleted user's rows stay with the user id cleared.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member; null for the system (a command-line tool, a job). */
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member signed in as the actor (log in as a user), when the change was made that way. */
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    target_id: text('target_id'),
    /** The customer the change concerns (their audit trail on the user details page). */
    target_user_id: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_created_idx').on(sql`${t.created_at} desc`, sql`${t.id} desc`),
    index('audit_log_actor_idx').on(t.actor_id, sql`${t.created_at} desc`),
    index('audit_log_target_user_idx').on(t.target_user_id, sql`${t.created_at} desc`),
    index('audit_log_action_idx').on(t.action, sql`${t.created_at} desc`),
  ],
);
