import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from './columns.js';
import {
  BONUS_PROGRAM_TYPES,
  BONUS_SUBMISSION_STATUSES,
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
