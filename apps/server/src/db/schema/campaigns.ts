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
  /** Rates and reviews (types 5-7): rate type 1-4, review mode 1 custom / 2 generated, author gender, language. */
  rateType?: number;
  reviewMode?: number;
  gender?: string;
  language?: string;
  /** The terms were accepted in the order form (needed to start rates and reviews). */
  checkedTerms?: boolean;
  /** Smart campaign (keyword installs): the total budget (4-place string) spread over the keywords. */
  smart?: boolean;
  budget?: string;
  /** The marketing action discount in `unit_price` (docs/marketing.md, Discounts): kept once charged. */
  discount?: CampaignDiscountTerms;
}

/** A campaign discount as a campaign keeps it: the action, its percent, the unit price before it. */
export interface CampaignDiscountTerms {
  action_id: number;
  name: string;
  text: string;
  percent: string;
  list_unit_price: string;
  /** The action's thresholds when ordered: a cancel re-prices the delivered part at the tier it reaches. */
  tiers?: { from: string; percent: string }[];
}

/**
 * A campaign (customer-area §3). `price` = `unit_price` (less any discount) × `installs_total`; the ledger entry of its
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
    /** The customer's favorite flag (`PUT campaigns/toggle`). */
    favorite: boolean('favorite').notNull().default(false),
    /** When the customer sent it to moderation (guaranteed reviews): moderation ends by this + 48 h. */
    moderation_at: timestamp('moderation_at', { withTimezone: true }),
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
    // The list: status tabs with counts, filters and sorts. The page's ids walk (user_id, sort, id) with
    // the status alongside, index-only (docs/campaigns.md, List performance).
    index('campaigns_user_status_created_idx').on(t.user_id, t.status, t.created_at),
    index('campaigns_user_created_id_idx').on(t.user_id, t.created_at, t.id, t.status),
    index('campaigns_user_id_idx').on(t.user_id, t.id, t.status),
    index('campaigns_user_price_idx').on(t.user_id, t.price, t.id, t.status),
    index('campaigns_user_type_created_idx').on(t.user_id, t.product_type, t.created_at),
    index('campaigns_user_package_idx').on(t.user_id, t.appstore, t.package),
    // The favorite filter of the list.
    index('campaigns_user_favorite_idx')
      .on(t.user_id, t.created_at)
      .where(sql`${t.favorite}`),
    // The staff list over all users: a status, newest first by id or by created_at.
    index('campaigns_status_id_idx').on(t.status, t.id),
    index('campaigns_status_created_idx').on(t.status, t.created_at, t.id),
    index('campaigns_price_idx').on(t.price, t.id),
    // The dashboard's popular countries: every customer's campaigns of the last 30 days.
    index('campaigns_created_idx').on(t.created_at),
    // The searches' contains-match on the package and the notes (pg_trgm, created by migration 0008), and
    // campaigns by app (the search by app title; an app's deletion sets it null).
    index('campaigns_package_trgm_idx').using('gin', sql`${t.package} gin_trgm_ops`),
    index('campaigns_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('campaigns_app_idx').on(t.app_id),
    // The pacing model's history: a store and country's completed keyword-installs campaigns, newest first.
    index('campaigns_completed_market_idx')
      .on(t.appstore, t.country_id, t.product_type, t.finished_at)
      .where(sql`${t.status} = 'completed'`),
    // The delivery tick and the delayed-start sweep.
    index('campaigns_running_idx')
      .on(t.status, t.start_at)
      .where(sql`${t.status} in ('active', 'delayed')`),
  ],
);

/**
 * Changes of a user's campaigns per status, appended by a trigger on `campaigns` (migration 0026): +1 for the
 * status a campaign enters, -1 for the one it leaves. The sums are the status tabs' counts without counting the
 * campaigns; appending takes no lock, so no campaign write waits on another. Reading folds a user's rows into
 * one per status once they pile up (docs/campaigns.md, List performance).
 */
export const campaignStatusDeltas = pgTable(
  'campaign_status_deltas',
  {
    user_id: ownerId(),
    status: text('status').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('campaign_status_deltas_user_idx').on(t.user_id, t.status)],
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
    /** A CPI campaign's day: what its ad network reported spent (null for other products: price × installs). */
    spend: money('spend'),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.day] })],
);

/** The custom review texts of a reviews campaign (types 5 and 7), in the order given. */
export const campaignReviews = pgTable(
  'campaign_reviews',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    rates: smallint('rates').notNull(),
    gender: text('gender').notNull(),
    language: text('language').notNull(),
  },
  (t) => [index('campaign_reviews_campaign_idx').on(t.campaign_id, t.id)],
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
    /** The staff member signed in as the customer when the change was made (log in as a user). */
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    created_at: createdAt(),
  },
  (t) => [index('campaign_status_history_campaign_idx').on(t.campaign_id, t.id)],
);
