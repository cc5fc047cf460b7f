import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';

/**
 * Referral links of partners and campaigns (staff-admin §3 Reflink): a visitor who signs up with `code` as
 * the sign-up link's `ref` is attributed to it (`billing_profiles.reflink_id`), and `bonus` goes to their bonus
 * balance with their first credited payment.
 */
export const reflinks = pgTable(
  'reflinks',
  {
    id: identityId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    category: text('category').notNull().default(''),
    bonus: numeric('bonus', { precision: 14, scale: 4 }).notNull().default('0'),
    /** The partner's contact. */
    email: text('email'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('reflinks_code_unique').on(sql`upper(${t.code})`),
    index('reflinks_created_idx').on(t.created_at, t.id),
  ],
);
