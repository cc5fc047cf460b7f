import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from './columns.js';
import { ownerId, users } from './users.js';

/** The staff member acting as the user (log in as a user); their account going ends the session too. */
const impersonatorId = () => integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' });

/** Sign-in sessions: only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: identityId(),
    user_id: ownerId(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: createdAt(),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on rotation: the old token keeps working briefly for requests already in flight. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Set on a session staff opened as the user: limited in time, and it cannot change credentials. */
    impersonator_id: impersonatorId(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/**
 * Single-use, expiring tokens for e-mail verification, password reset and the code a new tab exchanges for
 * a log-in-as-user session (hashed).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: identityId(),
    user_id: ownerId(),
    kind: text('kind', { enum: ['verify', 'reset', 'login-as'] }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
    impersonator_id: impersonatorId(),
  },
  (t) => [index('one_time_tokens_user_kind_idx').on(t.user_id, t.kind)],
);
