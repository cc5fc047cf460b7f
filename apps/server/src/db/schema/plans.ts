import {
  boolean,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, updatedAt } from './columns.js';
import { ownerId } from './users.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/** The nine price plans of customer-area §1, with fixed ids; reseller plans are only set by staff. */
export const pricePlans = pgTable('price_plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Credited payments in all that reach this plan. */
  threshold: money('threshold').notNull(),
  /** Percent off the base prices. */
  discount: money('discount').notNull(),
  is_reseller: boolean('is_reseller').notNull().default(false),
  sort: smallint('sort').notNull(),
});

/**
 * The price list (staff-admin §3 Admin products): the base price per unit of a product type on a store, edited
 * on the core settings page; each plan's own prices are in `plan_prices`.
 */
export const products = pgTable(
  'products',
  {
    appstore: smallint('appstore').notNull(),
    /** Product type (customer-area §3). */
    type: smallint('type').notNull(),
    price: money('price').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.appstore, t.type] })],
);

/** The price table of each plan: price per unit of a product type on a store. */
export const planPrices = pgTable(
  'plan_prices',
  {
    plan_id: integer('plan_id')
      .notNull()
      .references(() => pricePlans.id, { onDelete: 'cascade' }),
    appstore: smallint('appstore').notNull(),
    /** Product type (customer-area §3). */
    type: smallint('type').notNull(),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plan_id, t.appstore, t.type] })],
);

/** A user's prices, copied from the plan's table when the plan changes; campaigns price from these. */
export const pricetags = pgTable(
  'pricetags',
  {
    id: identityId(),
    user_id: ownerId(),
    appstore: smallint('appstore').notNull(),
    type: smallint('type').notNull(),
    price: money('price').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('pricetags_user_store_type_unique').on(t.user_id, t.appstore, t.type)],
);
