import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { RANK_SOURCES, RANK_STATES } from '@storelift/shared';
import { apps } from './apps.js';
import { countries } from './reference.js';
import { ownerId } from './users.js';

/**
 * Keywords tracked for an app in a country, with the latest rank and the store statistics copied from
 * the newest sample, so the list reads one table.
 */
export const keywords = pgTable(
  'keywords',
  {
    id: identityId(),
    app_id: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** Normalized: lowercase, trimmed, single spaces. */
    keyword: text('keyword').notNull(),
    favorite: boolean('favorite').notNull().default(false),
    rank: smallint('rank'),
    rank_state: text('rank_state', { enum: RANK_STATES }).notNull().default('not_checked'),
    /** Places gained since the previous day's sample; null when either is unranked. */
    change: smallint('change'),
    score: smallint('score'),
    searches: integer('searches'),
    difficulty: smallint('difficulty'),
    traffic: smallint('traffic'),
    stats_checked_at: timestamp('stats_checked_at', { withTimezone: true }),
    checked_at: timestamp('checked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('keywords_app_country_keyword_unique').on(t.app_id, t.country_id, t.keyword),
    // The list's sorts within one app and country (and `rank` for topKeyword).
    index('keywords_app_country_rank_idx').on(t.app_id, t.country_id, t.rank),
    index('keywords_app_country_score_idx').on(t.app_id, t.country_id, t.score),
    index('keywords_app_country_searches_idx').on(t.app_id, t.country_id, t.searches),
    index('keywords_app_country_favorite_idx').on(t.app_id, t.country_id, t.favorite),
    index('keywords_app_country_checked_idx').on(t.app_id, t.country_id, t.checked_at),
    // The daily job walks keywords not checked today.
    index('keywords_checked_at_idx').on(t.checked_at),
    // Shared history: the same keyword of the same app, store and country tracked by another account.
    index('keywords_keyword_country_idx').on(t.keyword, t.country_id),
  ],
);

/**
 * Rank history: one sample per keyword and day (a keyword belongs to one country, so this is one per
 * keyword, country and day), with when and by whom it was taken.
 */
export const keywordRanks = pgTable(
  'keyword_ranks',
  {
    keyword_id: integer('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    /** UTC day of the sample. */
    day: date('day', { mode: 'string' }).notNull(),
    rank: smallint('rank'),
    state: text('state', { enum: RANK_STATES }).notNull(),
    source: text('source', { enum: RANK_SOURCES }).notNull(),
    checked_at: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyword_id, t.day] })],
);

/**
 * Who ranks for a keyword in a store and country on a day: the store's top 10 and the places around each
 * tracked app (its own place and the ones just above and below). Public facts about the store, kept once
 * per keyword, store, country and day whoever tracks it, so nothing here names an account.
 */
export const keywordStoreRanks = pgTable(
  'keyword_store_ranks',
  {
    appstore: smallint('appstore').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    keyword: text('keyword').notNull(),
    /** UTC day of the search. */
    day: date('day', { mode: 'string' }).notNull(),
    /** 1-250: the app's place in the results. */
    position: smallint('position').notNull(),
    package: text('package').notNull(),
    title: text('title').notNull(),
    developer: text('developer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appstore, t.country_id, t.keyword, t.day, t.position] })],
);

/** An "update all ranks" run: batches of rank checks on the queue and how far they got. */
export const rankUpdates = pgTable(
  'rank_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: ownerId(),
    app_id: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status', { enum: ['queued', 'running', 'done'] })
      .notNull()
      .default('queued'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('rank_updates_app_country_idx').on(t.app_id, t.country_id, t.created_at),
    index('rank_updates_user_idx').on(t.user_id),
  ],
);
