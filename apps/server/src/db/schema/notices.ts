import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamps } from './columns.js';
import { campaigns } from './campaigns.js';
import { ownerId, users } from './users.js';

/**
 * Notices to a customer (docs/notices.md): a staff text, or a system event's `key` and `params` rendered in
 * the reader's language. `mail_status` is the e-mail outbox: pending until the mail job sends it.
 */
export const notices = pgTable(
  'notices',
  {
    id: identityId(),
    user_id: ownerId(),
    external_id: text('external_id'),
    type: smallint('type').notNull(),
    text: text('text'),
    key: text('key'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    campaign_id: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    sent_by: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    mail_status: text('mail_status', { enum: ['none', 'pending', 'sent'] })
      .notNull()
      .default('none'),
    viewed_at: timestamp('viewed_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('notices_user_created_idx').on(t.user_id, t.created_at, t.id),
    index('notices_user_unread_idx')
      .on(t.user_id)
      .where(sql`${t.viewed_at} is null`),
    index('notices_mail_pending_idx')
      .on(t.id)
      .where(sql`${t.mail_status} = 'pending'`),
  ],
);

/** Pinned notifications on a customer's dashboard until dismissed (`active` false). */
export const notifications = pgTable(
  'notifications',
  {
    id: identityId(),
    user_id: ownerId(),
    body: text('body').notNull(),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    index('notifications_user_active_idx')
      .on(t.user_id, t.created_at)
      .where(sql`${t.active}`),
  ],
);

/** Texts staff send often, picked in the send form. */
export const noticeTemplates = pgTable(
  'notice_templates',
  { id: identityId(), name: text('name').notNull(), text: text('text').notNull(), ...timestamps },
  (t) => [index('notice_templates_name_idx').on(sql`lower(${t.name})`, t.id)],
);

/** The notice types a customer also receives by e-mail (none by default). */
export const noticeEmailTypes = pgTable(
  'notice_email_types',
  { user_id: ownerId(), type: smallint('type').notNull() },
  (t) => [primaryKey({ columns: [t.user_id, t.type] })],
);

/** A campaign's thread between its customer and staff; `read_at` is when the other side read it. */
export const campaignMessages = pgTable(
  'campaign_messages',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    from_staff: boolean('from_staff').notNull(),
    text: text('text').notNull(),
    read_at: timestamp('read_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('campaign_messages_campaign_created_idx').on(t.campaign_id, t.created_at, t.id),
    index('campaign_messages_unread_customer_idx')
      .on(t.campaign_id)
      .where(sql`not ${t.from_staff} and ${t.read_at} is null`),
  ],
);
