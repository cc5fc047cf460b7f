import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns.js';
import { vendorMoney } from './vendors.js';

/*
 * The server's own sandbox panel (modules/sandbox-panel, providers/vendors/README.md "Panel protocol"): what its
 * customers (the sandbox vendor) ordered, the refills they asked for, and the one account's balance. Delivery
 * is a function of time, so an order row changes only when it ends early or is first seen ended.
 */

/** One order placed with the sandbox panel (`action=add`); its id is the panel's order id. */
export const sandboxPanelOrders = pgTable(
  'sandbox_panel_orders',
  {
    id: identityId(),
    service: text('service').notNull(),
    link: text('link').notNull(),
    quantity: integer('quantity').notNull(),
    /** Drip-feed: `runs` parts `interval` minutes apart (the order's duration); null = one day. */
    runs: integer('runs'),
    interval: integer('interval'),
    /** Custom comments, one per line. */
    comments: text('comments'),
    keywords: text('keywords'),
    /** What the order costs, in the account's currency; less the refunded part once it ended Partial or Canceled. */
    charge: vendorMoney('charge').notNull(),
    /** Its final status (Completed, Partial, Canceled) once it was seen ended or was canceled; null while open. */
    final_status: text('final_status'),
    /** What was left undelivered when it ended. */
    final_remains: integer('final_remains'),
    created_at: createdAt(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_panel_orders_open_idx')
      .on(t.id)
      .where(sql`${t.final_status} is null`),
  ],
);

/** A refill asked for an order (`action=refill`); its id is the panel's refill id. */
export const sandboxPanelRefills = pgTable('sandbox_panel_refills', {
  id: identityId(),
  order_id: integer('order_id')
    .notNull()
    .references(() => sandboxPanelOrders.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
});

/** The sandbox panel's one account (row id 1, seeded by the migration): its balance runs down by each charge. */
export const sandboxPanelAccount = pgTable(
  'sandbox_panel_account',
  {
    id: smallint('id').primaryKey(),
    balance: vendorMoney('balance').notNull(),
    currency: text('currency').notNull().default('USD'),
    updated_at: updatedAt(),
  },
  (t) => [check('sandbox_panel_account_one_row', sql`${t.id} = 1`)],
);
