import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { countries } from './reference.js';

/**
 * A vendor that takes campaign orders (staff-admin §3): store (null = both), country (null = all),
 * mature apps accepted, the product types it takes, its share (percent) and whether it is active.
 * `api_url` set = orders go to the vendor's HTTP API (providers/vendor/README.md); null = the embedded sandbox.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: identityId(),
    store: smallint('store'),
    name: text('name').notNull(),
    country_id: integer('country_id').references(() => countries.id),
    mature: boolean('mature').notNull().default(false),
    products: jsonb('products').$type<number[]>().notNull().default([]),
    share: numeric('share', { precision: 5, scale: 2 }).notNull().default('100'),
    is_active: boolean('is_active').notNull().default(true),
    /** The vendor's HTTP API (base URL); null = delivered by the embedded sandbox. */
    api_url: text('api_url'),
    /** Sent as a bearer token to the vendor's API. */
    api_key: text('api_key'),
    /** Set on rows the seed owns ('sandbox'), so a seed run finds its row however staff renamed it. */
    seed_key: text('seed_key'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('vendors_name_idx').on(t.name), uniqueIndex('vendors_seed_key_unique').on(t.seed_key)],
);

/** A vendor's activity in one country (the per-country switch); no row = active. */
export const vendorCountries = pgTable(
  'vendor_countries',
  {
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    is_active: boolean('is_active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendor_id, t.country_id] })],
);
