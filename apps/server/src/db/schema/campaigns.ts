import { sql } from 'drizzle-orm';
import {
  bigint,
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
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { apps } from './apps.js';
import { countries } from './reference.js';
import { ownerId, users } from './users.js';
import { vendors } from './vendors.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/** The draft fields of customer-area §3 that have no column of their own (validated by the shared schema). */
export interface CampaignSettings {
  deliveryType: number;
  promotionRule: number;
  distribution: string;
  keywords: string[];
  /** The per-day plan the customer gave (installs per day), or null when the distribution makes it. */
  installsPlan: number[] | null;
}

/**
 * A campaign (customer-area §3). `price` = `unit_price` × `installs_total`; the ledger entry of its
 * charge is `charge_entry_id`. The sandbox vendor's clock: `progress_ms` of simulated delivery time
 * reached by `clock_at` (it stands still while the campaign is not active).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: identityId(),
    user_id: ownerId(),
    /** The tracked app; null once the user stopped tracking it (store and package stay). */
    app_id: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    appstore: smallint('appstore').notNull(),
    package: text('package').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** Product type (customer-area §3: package 1, keyword 2, …). */
    product_type: smallint('product_type').notNull(),
    status: text('status').notNull().default('draft'),
    days: integer('days').notNull(),
    /** Installs per day (per keyword for keyword installs). */
    installs: integer('installs').notNull(),
    installs_total: integer('installs_total').notNull(),
    installs_actual: integer('installs_actual').notNull().default(0),
    unit_price: money('unit_price').notNull(),
    price: money('price').notNull(),
    /** What is charged and not refunded. */
    charged: money('charged').notNull().default('0'),
    charge_entry_id: text('charge_entry_id'),
    description: text('description').notNull().default(''),
    settings: jsonb('settings').$type<CampaignSettings>().notNull(),
    vendor: text('vendor').notNull().default('sandbox'),
    /** The vendor staff chose (staff-admin §3); null = the default sandbox vendor. */
    vendor_id: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** Partner set by staff (staff-admin §7 `campaigns/{id}/partners`). */
    partner: text('partner'),
    is_legacy: boolean('is_legacy').notNull().default(false),
    /** Delayed start time. */
    start_at: timestamp('start_at', { withTimezone: true }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    progress_ms: bigint('progress_ms', { mode: 'number' }).notNull().default(0),
    clock_at: timestamp('clock_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // The list: status tabs with counts, filters and sorts.
    index('campaigns_user_status_created_idx').on(t.user_id, t.status, t.created_at),
    index('campaigns_user_created_idx').on(t.user_id, t.created_at),
    index('campaigns_user_type_created_idx').on(t.user_id, t.product_type, t.created_at),
    index('campaigns_user_package_idx').on(t.user_id, t.appstore, t.package),
    // The delivery tick and the delayed-start sweep.
    index('campaigns_running_idx')
      .on(t.status, t.start_at)
      .where(sql`${t.status} in ('active', 'delayed')`),
  ],
);

/** A vendor order of a campaign (one per keyword for keyword installs). */
export const campaignOrders = pgTable(
  'campaign_orders',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Product type of the order. */
    type: smallint('type').notNull(),
    keyword: text('keyword'),
    installs_total: integer('installs_total').notNull(),
    installs_actual: integer('installs_actual').notNull().default(0),
  },
  (t) => [index('campaign_orders_campaign_idx').on(t.campaign_id)],
);

/** An order's per-day plan and delivery (the `sequence` of customer-area §3); day 1 is the start day. */
export const campaignOrderDays = pgTable(
  'campaign_order_days',
  {
    order_id: integer('order_id')
      .notNull()
      .references(() => campaignOrders.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    installs_total: integer('installs_total').notNull(),
    installs_actual: integer('installs_actual').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.day] })],
);

/** Every status change of a campaign; `actor_id` null = the system (a job). */
export const campaignStatusHistory = pgTable(
  'campaign_status_history',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    created_at: createdAt(),
  },
  (t) => [index('campaign_status_history_campaign_idx').on(t.campaign_id, t.id)],
);
