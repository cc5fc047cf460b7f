import { sql } from 'drizzle-orm';
import type { VendorService } from '@storelift/shared';
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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { countries } from './reference.js';

/** A vendor's money (balance, rates, charges) in its own currency: panels write up to 5 decimals. */
export const vendorMoney = (name: string) => numeric(name, { precision: 18, scale: 5 });

/**
 * A vendor that takes campaign orders (staff-admin §3): store (null = both), country (null = all),
 * mature apps accepted, the product types it takes, its share (percent) and whether it is active.
 * `api_url` set = orders go to the vendor's API in its `protocol` (providers/vendors/README.md): `panel` (the
 * resellers' panel protocol) or `json` (the older JSON protocol); null = the embedded sandbox.
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
    /** Sent as a bearer token (json) or as the form's `key` (panel) to the vendor's API. */
    api_key: text('api_key'),
    /** 'panel' or 'json' (rows from before panels are 'json'; the column's default is for new rows). */
    protocol: text('protocol').notNull().default('panel'),
    /** A panel vendor's last known balance (`action=balance`), in `balance_currency`, read at `balance_at`. */
    balance: vendorMoney('balance'),
    balance_currency: text('balance_currency'),
    balance_at: timestamp('balance_at', { withTimezone: true }),
    /** Below this balance staff get a notice (once per crossing); null = no threshold. */
    balance_threshold: vendorMoney('balance_threshold'),
    /** Whether the last balance read was below the threshold (so a crossing is noticed once, not per read). */
    balance_low: boolean('balance_low').notNull().default(false),
    /** The panel's service list as last loaded (`POST vendors/{id}/services/load`). */
    services: jsonb('services').$type<VendorService[]>(),
    services_currency: text('services_currency'),
    services_loaded_at: timestamp('services_loaded_at', { withTimezone: true }),
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

/**
 * A panel vendor's mapping of one of our products to its service: (product type, store, country or any) →
 * service id. Routing takes the country's own mapping before the "any country" one.
 */
export const vendorMappings = pgTable(
  'vendor_mappings',
  {
    id: identityId(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    product_type: smallint('product_type').notNull(),
    store: smallint('store').notNull(),
    /** null = any country. */
    country_id: integer('country_id').references(() => countries.id),
    service: text('service').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_mappings_unique').on(
      t.vendor_id,
      t.product_type,
      t.store,
      sql`coalesce(${t.country_id}, 0)`,
    ),
  ],
);
