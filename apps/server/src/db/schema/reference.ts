import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { identityId, updatedAt } from './columns.js';

export const countries = pgTable('countries', {
  id: identityId(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** GEO group of the spec (europe, asia, africa, latinAmerica) or null. */
  geo: text('geo'),
});

export const languages = pgTable('languages', {
  id: identityId(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Operational switches such as `maintenance`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt(),
});

/**
 * The text of every mail the system sends, per template and interface language (core settings); the mailer
 * renders them with `{{placeholder}}` values (modules/mail/mail.templates.ts).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    name: text('name').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    /** Before the link. */
    body: text('body').notNull(),
    /** The link's label. */
    action: text('action').notNull(),
    /** After the link. */
    footer: text('footer').notNull().default(''),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.locale] })],
);
