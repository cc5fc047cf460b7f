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
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { countries } from './reference.js';

/**
 * A vendor that takes campaign orders (staff-admin §3): store (null = both), country (null = all),
 * mature apps accepted, the product types it takes, its share (percent) and whether it is active.
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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('vendors_name_idx').on(t.name)],
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
