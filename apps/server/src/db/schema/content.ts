import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { ownerId, users } from './users.js';

/**
 * A reseller's own texts for their clients (customer-area §7 `users/profile/email-templates`), one row per
 * changed kind: a kind without a row is its default (packages/shared contracts/email-templates.ts).
 */
export const resellerEmailTemplates = pgTable(
  'reseller_email_templates',
  {
    user_id: ownerId(),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/** Internal blog posts staff write for the dashboard (customer-area §2 "blog news internal, pinned"). */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: identityId(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    language: text('language').notNull(),
    published: boolean('published').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** Set when first published, kept when taken down and put up again. */
    published_at: timestamp('published_at', { withTimezone: true }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // The dashboard's reads: published posts of a language, newest first (pinned ones a subset).
    index('blog_posts_published_idx')
      .on(t.language, t.published_at, t.id)
      .where(sql`${t.published}`),
    index('blog_posts_created_idx').on(t.created_at, t.id),
  ],
);
