import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { countries } from './reference.js';
import { ownerId } from './users.js';

/**
 * Apps a user tracks, one row per user, store and package. The listing fields mirror the store page in
 * the app's main country (`country_id`, the one it was added in); other countries live in `app_countries`.
 */
export const apps = pgTable(
  'apps',
  {
    id: identityId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    user_id: ownerId(),
    /** 1 Google Play, 2 App Store. */
    appstore: smallint('appstore').notNull(),
    package: text('package').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    title: text('title').notNull(),
    developer: text('developer').notNull(),
    icon: text('icon').notNull(),
    rating: doublePrecision('rating').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    price: text('price').notNull().default('0'),
    content_rating: text('content_rating').notNull().default(''),
    url: text('url').notNull().default(''),
    /** Alive in the main country; false = banned (removed from the store there). */
    is_alive: boolean('is_alive').notNull().default(true),
    is_favorite: boolean('is_favorite').notNull().default(false),
    /** Sum spent on its campaigns; written by the campaigns module. */
    promotion_value: numeric('promotion_value', { precision: 14, scale: 4 }).notNull().default('0'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('apps_user_store_package_unique').on(t.user_id, t.appstore, t.package),
    uniqueIndex('apps_uuid_unique').on(t.uuid),
    // The list: filters (alive, favorite, store) and every sort, banned last.
    index('apps_user_alive_created_idx').on(t.user_id, t.is_alive.desc(), t.created_at),
    index('apps_user_alive_favorite_idx').on(t.user_id, t.is_alive.desc(), t.is_favorite),
    index('apps_user_alive_title_idx').on(t.user_id, t.is_alive.desc(), sql`lower(${t.title})`),
    index('apps_user_alive_developer_idx').on(t.user_id, t.is_alive.desc(), sql`lower(${t.developer})`),
    index('apps_user_alive_promotion_idx').on(t.user_id, t.is_alive.desc(), t.promotion_value),
    // Staff's list of every customer's apps (admin user apps): its sorts and contains-searches (pg_trgm).
    index('apps_created_idx').on(t.created_at, t.id),
    index('apps_title_lower_idx').on(sql`lower(${t.title})`),
    index('apps_promotion_idx').on(t.promotion_value),
    index('apps_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('apps_package_trgm_idx').using('gin', sql`${t.package} gin_trgm_ops`),
  ],
);

/** An app's status and listing in each country it is tracked in (the `props` of customer-area §3). */
export const appCountries = pgTable(
  'app_countries',
  {
    id: identityId(),
    app_id: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    alive: boolean('alive').notNull().default(true),
    /** Why it is not alive there (a MESSAGES text), else null. */
    status_message: text('status_message'),
    icon: text('icon').notNull().default(''),
    title: text('title').notNull().default(''),
    votes: integer('votes').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    content_rating: text('content_rating').notNull().default(''),
    /** The store has not answered for this country yet. */
    is_pending: boolean('is_pending').notNull().default(true),
    checked_at: timestamp('checked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('app_countries_app_country_unique').on(t.app_id, t.country_id)],
);
