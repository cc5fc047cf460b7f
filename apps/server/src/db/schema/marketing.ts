import { date, index, integer, numeric, pgTable, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { reflinks } from './reflinks.js';

/**
 * Ad spend uploaded for the Google Ads report (staff-admin §3 Google Ads report row): what was spent on the
 * ads that lead to a reflink between two days, set beside what the reflink's sign-ups paid (docs/marketing.md).
 */
export const adsSpend = pgTable(
  'ads_spend',
  {
    id: identityId(),
    type: smallint('type').notNull().default(1),
    reflink_id: integer('reflink_id')
      .notNull()
      .references(() => reflinks.id, { onDelete: 'cascade' }),
    date_from: date('date_from').notNull(),
    date_to: date('date_to').notNull(),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ads_spend_date_idx').on(t.date_from, t.id),
    index('ads_spend_amount_idx').on(t.amount, t.id),
    // One row per reflink, type and dates: uploading a period again replaces its amount.
    uniqueIndex('ads_spend_reflink_period_unique').on(t.reflink_id, t.type, t.date_from, t.date_to),
  ],
);
