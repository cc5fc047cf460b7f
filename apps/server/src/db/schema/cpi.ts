import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { campaigns } from './campaigns.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/**
 * The advertising accounts CPI campaigns run on (staff-admin §3 CPI account): `id_key` is the account's id at
 * its network, unique; a campaign is assigned an active account whose running campaigns' daily budgets leave
 * room for its own under `daily_limit` (docs/campaigns.md § CPI accounts).
 */
export const cpiAccounts = pgTable(
  'cpi_accounts',
  {
    id: identityId(),
    id_key: text('id_key').notNull(),
    name: text('name').notNull(),
    network: text('network').notNull(),
    currency: text('currency').notNull().default('USD'),
    daily_limit: money('daily_limit').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('cpi_accounts_id_key_unique').on(sql`lower(${t.id_key})`),
    index('cpi_accounts_active_idx').on(t.is_active, t.id),
    index('cpi_accounts_created_idx').on(t.created_at, t.id),
  ],
);

/**
 * The CPI part of a campaign (product type 4, docs/campaigns.md § CPI): the draft as ordered, the spend its
 * ad network reported and the refund a cancel leaves due. Money in flight is the campaign's own: `charged`
 * (start charge plus daily charges, less refunds) against `spent`.
 */
export const campaignCpi = pgTable(
  'campaign_cpi',
  {
    campaign_id: integer('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    daily_budget: money('daily_budget').notNull(),
    /** Runs until canceled (`unlimited_duration`); the campaign's `days` is then 0. */
    unlimited: boolean('unlimited').notNull().default(false),
    /** The wizard's choices: GEO groups, CPI levels, promotion country codes, ad languages. */
    geo: jsonb('geo').$type<string[]>().notNull(),
    levels: jsonb('levels').$type<string[]>().notNull(),
    countries: jsonb('countries').$type<string[]>().notNull(),
    languages: jsonb('languages').$type<string[]>().notNull(),
    headline1: text('headline1').notNull(),
    headline2: text('headline2').notNull(),
    ad_text: text('ad_text').notNull(),
    deeplink: text('deeplink'),
    /** What its ad network reported spent and was billed: the days settled (and a cancel's running day). */
    spent: money('spent').notNull().default('0'),
    /** A customer's cancel: the unused prepayment is refunded at this time (24 h later), once. */
    refund_due_at: timestamp('refund_due_at', { withTimezone: true }),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    /** The CPI account its ads run on, assigned when it starts; a used account cannot be deleted. */
    cpi_account_id: integer('cpi_account_id').references(() => cpiAccounts.id, { onDelete: 'restrict' }),
  },
  (t) => [
    // The refund sweep: cancels whose refund is due and not made yet.
    index('campaign_cpi_refund_due_idx')
      .on(t.refund_due_at)
      .where(sql`${t.refund_due_at} is not null and ${t.refunded_at} is null`),
    index('campaign_cpi_account_idx').on(t.cpi_account_id),
  ],
);

/**
 * A CPI campaign at Google Ads (providers/ad-network/google-ads): the resource names each mutate created,
 * stored as it is made so a retried start finds what exists instead of creating it twice; the ad's review
 * state and the last error the API answered, for the customer (in plain words) and staff (as the API said it).
 */
export const campaignGoogleAds = pgTable(
  'campaign_google_ads',
  {
    campaign_id: integer('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    cpi_account_id: integer('cpi_account_id').references(() => cpiAccounts.id, { onDelete: 'restrict' }),
    /** The account's customer id (digits of `id_key`) the resources live in. */
    customer_id: text('customer_id').notNull(),
    budget_resource: text('budget_resource'),
    campaign_resource: text('campaign_resource'),
    /** Location criteria by ISO country code. */
    criteria: jsonb('criteria').$type<Record<string, string>>().notNull().default({}),
    ad_group_resource: text('ad_group_resource'),
    ad_resource: text('ad_resource'),
    /** The status last set at Google Ads: ENABLED, PAUSED or REMOVED. */
    status: text('status'),
    /**
     * The status our lifecycle wants it in (set in the campaign's transaction); the sync makes Google Ads
     * follow after commit, outside any transaction (an HTTP call never holds the campaign's lock).
     */
    wanted: text('wanted'),
    /** The account's time zone (Google reports days in it) and the first day the campaign ran there. */
    time_zone: text('time_zone'),
    start_date: date('start_date', { mode: 'string' }),
    /** The ad's policy review: approval status (APPROVED, DISAPPROVED, ...), review status, topics. */
    approval_status: text('approval_status'),
    review_status: text('review_status'),
    policy_topics: jsonb('policy_topics').$type<string[]>().notNull().default([]),
    /** The last refusal: its kind (auth, policy, budget, target, quota, other) and the API's own error. */
    error_kind: text('error_kind'),
    error_detail: text('error_detail'),
    error_at: timestamp('error_at', { withTimezone: true }),
    reported_at: timestamp('reported_at', { withTimezone: true }),
    /**
     * The last date whose figures are final: read by a report pass that ran after the date ended (in the
     * account's zone; the sandbox's dates end on its served time). Charging bills no later date.
     */
    final_through: date('final_through', { mode: 'string' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('campaign_google_ads_account_idx').on(t.cpi_account_id)],
);

/**
 * What an ad network reported per campaign, day (the account's time-zone date) and country: the hourly
 * report overwrites a day's row with its latest figures. Conversions are Google's (fractional); cost in micros.
 */
export const cpiStats = pgTable(
  'cpi_stats',
  {
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** ISO code of the users' country; '' when the network did not say. */
    country: text('country').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: numeric('conversions', { precision: 14, scale: 2 }).notNull().default('0'),
    cost_micros: bigint('cost_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('cpi_stats_campaign_date_country_unique').on(t.campaign_id, t.date, t.country)],
);
