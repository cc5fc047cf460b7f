import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { campaignOrders, campaigns } from './campaigns.js';
import { vendorMoney, vendors } from './vendors.js';

/**
 * A campaign handed to an HTTP vendor (providers/vendors/README.md). `state` is what the vendor was last
 * told: `new` (not placed yet), `running`, `paused`, `canceling` (to be canceled there: the campaign ended
 * or moved to another vendor) and `closed`. The delivery tick brings the vendor in line with the campaign.
 * Campaigns of the embedded sandbox have no row.
 */
export const vendorPlacements = pgTable(
  'vendor_placements',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    vendor_id: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** The vendor's reference of the order, once placed. */
    ref: text('ref'),
    state: text('state').notNull().default('new'),
    /** Since when the vendor has not been reachable (null = it answered last time). */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('vendor_placements_campaign_idx').on(t.campaign_id),
    // The tick's sweep over placements still to sync.
    index('vendor_placements_open_idx')
      .on(t.id)
      .where(sql`${t.state} <> 'closed'`),
  ],
);

/**
 * One order at a panel vendor: a campaign day's quantity of one keyword order (providers/vendors/README.md,
 * Delivery by a panel vendor). `state`: `new` (to be placed: the row is written before the `add` call, so a
 * lost answer is never placed twice), `open` (placed, its status polled), `canceling` (to be canceled at the
 * panel: the campaign paused, ended or moved), `closed`. `outcome` of a closed order: `delivered`
 * (Completed), `partial` (Partial, the rest refunded), `failed` (refused or Canceled with no re-route left,
 * the rest refunded), `rerouted` (Canceled, another vendor took the day), `withdrawn` (we canceled it; the rest
 * of the day may be placed again).
 */
export const vendorOrders = pgTable(
  'vendor_orders',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    vendor_id: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    day: smallint('day').notNull(),
    order_id: integer('order_id')
      .notNull()
      .references(() => campaignOrders.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the day had delivered before this order (by earlier orders): this one delivers on top. */
    delivered_before: integer('delivered_before').notNull().default(0),
    panel_order: text('panel_order'),
    state: text('state').notNull().default('new'),
    outcome: text('outcome'),
    /** The panel's last status (Pending, In progress, …); null before the first. */
    status: text('status'),
    remains: integer('remains'),
    /** What we pay the vendor for it, in `currency` (the panel's `charge`). */
    charge: vendorMoney('charge'),
    currency: text('currency'),
    /** This order took over a day another vendor canceled. */
    rerouted: boolean('rerouted').notNull().default(false),
    /** Since when the panel has not answered for it (null = it answered last time). */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('vendor_orders_campaign_idx').on(t.campaign_id),
    // Whether a day of a keyword order has its order (placing) or has ended (a campaign's completion).
    index('vendor_orders_day_idx').on(t.order_id, t.day),
    // The delivery job's sweep over orders still to place, poll or cancel, a campaign's orders together.
    index('vendor_orders_open_idx')
      .on(t.campaign_id, t.id)
      .where(sql`${t.state} <> 'closed'`),
    // At most one live order per day of a keyword order (a day is placed once, whatever runs at once).
    uniqueIndex('vendor_orders_live_unique')
      .on(t.order_id, t.day)
      .where(sql`${t.state} <> 'closed'`),
  ],
);

/** Every call made to a vendor's panel (vendor, action, latency, outcome); never the key or the raw answer. */
export const vendorCalls = pgTable(
  'vendor_calls',
  {
    id: identityId(),
    vendor_id: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** Every campaign whose orders the call carried (a status batch covers many). */
    campaign_ids: integer('campaign_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    action: text('action').notNull(),
    latency_ms: integer('latency_ms').notNull(),
    outcome: text('outcome').notNull(),
    error: text('error'),
    created_at: createdAt(),
  },
  (t) => [
    index('vendor_calls_campaigns_idx').using('gin', t.campaign_ids),
    index('vendor_calls_vendor_idx').on(t.vendor_id, t.created_at),
  ],
);
