import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns.js';
import { ownerId } from './users.js';

/**
 * Two-factor sign-in (TOTP, RFC 6238): the shared secret, pending until the user proves their app holds it.
 * `last_step` is the 30-second step of the last code accepted, so a code is never accepted twice.
 */
export const twoFactor = pgTable('two_factor', {
  user_id: ownerId().primaryKey(),
  secret: text('secret').notNull(),
  enabled_at: timestamp('enabled_at', { withTimezone: true }),
  last_step: integer('last_step'),
  created_at: createdAt(),
});

/** Single-use recovery codes for a lost authenticator (hashed). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: identityId(),
    user_id: ownerId(),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.user_id)],
);
