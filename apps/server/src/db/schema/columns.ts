import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Column builders every table uses, so each table states only what is its own. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Both timestamps of a row that changes. */
export const timestamps = { created_at: createdAt(), updated_at: updatedAt() };
