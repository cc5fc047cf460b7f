import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from './columns.js';
import { sql } from 'drizzle-orm';
import {
  BONUS_PROGRAM_TYPES,
  RESELLER_CHANNELS,
  RESELLER_REQUEST_STATUSES,
  RESELLER_SERVICES,
  BONUS_SUBMISSION_STATUSES,
  CONTACT_MESSAGE_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
} from '@storelift/shared';
import { ownerId, users } from './users.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/** Referral payout requests: the amount leaves the referral balance when requested. */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: identityId(),
    user_id: ownerId(),
    amount: money('amount').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    details: text('details'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    note: text('note'),
    processed_by: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('referral_payouts_user_created_idx').on(t.user_id, t.created_at),
    index('referral_payouts_status_created_idx').on(t.status, t.created_at),
  ],
);

/** Bonus program submissions: one per type per user. */
export const bonusSubmissions = pgTable(
  'bonus_submissions',
  {
    id: identityId(),
    user_id: ownerId(),
    type: text('type', { enum: BONUS_PROGRAM_TYPES }).notNull(),
    link: text('link').notNull(),
    comment: text('comment'),
    status: text('status', { enum: BONUS_SUBMISSION_STATUSES }).notNull().default('pending'),
    reward: money('reward'),
    note: text('note'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bonus_submissions_user_type_unique').on(t.user_id, t.type),
    index('bonus_submissions_status_created_idx').on(t.status, t.created_at),
  ],
);

/**
 * Reseller requests (customer-area §3): a manager reviews them and, on approval, puts the user on a reseller
 * plan. One pending request per user, held by a partial unique index so two sends at once cannot make two.
 */
export const resellerRequests = pgTable(
  'reseller_requests',
  {
    id: identityId(),
    user_id: ownerId(),
    customer_sources: text('customer_sources').notNull(),
    suppliers: text('suppliers'),
    monthly_installs: integer('monthly_installs').notNull(),
    channels: text('channels', { enum: RESELLER_CHANNELS }).array().notNull(),
    services: text('services', { enum: RESELLER_SERVICES }).array().notNull(),
    status: text('status', { enum: RESELLER_REQUEST_STATUSES }).notNull().default('pending'),
    price_plan_id: integer('price_plan_id'),
    note: text('note'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reseller_requests_one_pending')
      .on(t.user_id)
      .where(sql`${t.status} = 'pending'`),
    index('reseller_requests_user_created_idx').on(t.user_id, t.created_at),
    index('reseller_requests_status_created_idx').on(t.status, t.created_at),
  ],
);

/** Messages sent to staff from the Contacts page: new until a staff member marks them handled. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: identityId(),
    user_id: ownerId(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    note: text('note'),
    handled_by: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.created_at),
    index('contact_messages_user_created_idx').on(t.user_id, t.created_at),
    index('contact_messages_status_created_idx').on(t.status, t.created_at),
  ],
);
