import { boolean, index, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { campaignReviews, campaigns } from './campaigns.js';
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
    /** Since when the store's reviews could not be read (the first failed check of this run of failures). */
    unreadable_since: timestamp('unreadable_since', { withTimezone: true }),
    /** When it stopped being monitored (unreadable for over a day, or a store that cannot read reviews). */
    unmonitored_at: timestamp('unmonitored_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('review_guarantees_until_idx').on(t.until)],
);

/**
 * Each review a guaranteed campaign delivered (or a refill delivered), which of the campaign's texts it is, and
 * when the store stopped showing it.
 */
export const guaranteedReviews = pgTable(
  'guaranteed_reviews',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Its text as ordered; null for generated reviews (no text) and once the texts are replaced. */
    review_id: integer('review_id').references(() => campaignReviews.id, { onDelete: 'set null' }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }).notNull(),
    is_refill: boolean('is_refill').notNull().default(false),
    gone_at: timestamp('gone_at', { withTimezone: true }),
  },
  (t) => [index('guaranteed_reviews_campaign_idx').on(t.campaign_id, t.id)],
);
