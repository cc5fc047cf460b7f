import { boolean, index, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { createdAt, identityId } from './columns.js';

/**
 * The review guarantee of a completed guaranteed-reviews campaign (docs/campaigns.md, Review guarantee): until
 * when it runs, what was delivered, and what the checks refilled and refunded.
 */
export const reviewGuarantees = pgTable(
  'review_guarantees',
  {
    campaign_id: integer('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    delivered: integer('delivered').notNull(),
    refilled: integer('refilled').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    refunded_amount: numeric('refunded_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    checked_at: timestamp('checked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('review_guarantees_until_idx').on(t.until)],
);

/** Each review a guaranteed campaign delivered (or a refill delivered), and when the store stopped showing it. */
export const guaranteedReviews = pgTable(
  'guaranteed_reviews',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }).notNull(),
    is_refill: boolean('is_refill').notNull().default(false),
    gone_at: timestamp('gone_at', { withTimezone: true }),
  },
  (t) => [index('guaranteed_reviews_campaign_idx').on(t.campaign_id, t.id)],
);
