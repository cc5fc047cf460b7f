import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
