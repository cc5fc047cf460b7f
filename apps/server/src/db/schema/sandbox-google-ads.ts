import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/*
 * The server's own sandbox Google Ads (modules/sandbox-google-ads, providers/ad-network/README.md "Sandbox"): the
 * budgets, campaigns, location criteria, ad groups and app ads its mutate endpoints made, per customer id (any
 * ten digits). Figures are a function of a campaign's served time, so nothing of them is stored.
 */

/** A Google-looking int64 id (int64 ids are JSON strings on the wire): identity from `start`. */
const googleId = (start: number) =>
  bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: start });
const micros = (name: string) => bigint(name, { mode: 'bigint' });

/** A campaign's daily budget and target CPA from a served day on (a change applies from the next day). */
export interface SandboxGoogleAdsTerms {
  fromDay: number;
  budgetMicros: string;
  targetCpaMicros: string;
}

/** `campaignBudgets` (`customers/{cid}/campaignBudgets/{id}`). */
export const sandboxGoogleAdsBudgets = pgTable(
  'sandbox_google_ads_budgets',
  {
    id: googleId(14_000_000_001),
    customer_id: text('customer_id').notNull(),
    name: text('name').notNull(),
    amount_micros: micros('amount_micros').notNull(),
    delivery_method: text('delivery_method').notNull().default('STANDARD'),
    explicitly_shared: boolean('explicitly_shared').notNull().default(false),
    /** ENABLED or REMOVED. */
    status: text('status').notNull().default('ENABLED'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_google_ads_budgets_name_unique')
      .on(t.customer_id, t.name)
      .where(sql`${t.status} <> 'REMOVED'`),
  ],
);

/**
 * `campaigns` (`customers/{cid}/campaigns/{id}`): App campaigns. Its clock: `served_ms` of simulated time served
 * before `enabled_since` (set while ENABLED); simulated time runs `VENDOR_SANDBOX_SPEED` times real time.
 */
export const sandboxGoogleAdsCampaigns = pgTable(
  'sandbox_google_ads_campaigns',
  {
    id: googleId(21_000_000_001),
    customer_id: text('customer_id').notNull(),
    name: text('name').notNull(),
    budget_id: bigint('budget_id', { mode: 'number' })
      .notNull()
      .references(() => sandboxGoogleAdsBudgets.id),
    /** ENABLED, PAUSED or REMOVED. */
    status: text('status').notNull(),
    app_id: text('app_id').notNull(),
    /** GOOGLE_APP_STORE or APPLE_APP_STORE. */
    app_store: text('app_store').notNull(),
    bidding_goal: text('bidding_goal').notNull(),
    target_cpa_micros: micros('target_cpa_micros').notNull(),
    /** Its first date (the account's time zone); its last, null = none. */
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    served_ms: bigint('served_ms', { mode: 'number' }).notNull().default(0),
    enabled_since: timestamp('enabled_since', { withTimezone: true }),
    /** Budget and target by served day, first entry from day 0. */
    terms: jsonb('terms').$type<SandboxGoogleAdsTerms[]>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_google_ads_campaigns_name_unique')
      .on(t.customer_id, t.name)
      .where(sql`${t.status} <> 'REMOVED'`),
    index('sandbox_google_ads_campaigns_customer_idx').on(t.customer_id, t.id),
    index('sandbox_google_ads_campaigns_budget_idx').on(t.budget_id),
  ],
);

/**
 * `campaignCriteria` (`customers/{cid}/campaignCriteria/{campaignId}~{criterionId}`): LOCATION (a geo target
 * constant, 2xxx for countries) or LANGUAGE (a language constant, 1xxx).
 */
export const sandboxGoogleAdsCriteria = pgTable(
  'sandbox_google_ads_criteria',
  {
    campaign_id: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => sandboxGoogleAdsCampaigns.id, { onDelete: 'cascade' }),
    /** The constant's id (a location or language criterion's id is its constant's). */
    criterion_id: bigint('criterion_id', { mode: 'number' }).notNull(),
    type: text('type').notNull().default('LOCATION'),
    negative: boolean('negative').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaign_id, t.criterion_id] })],
);

/** `adGroups` (`customers/{cid}/adGroups/{id}`). */
export const sandboxGoogleAdsAdGroups = pgTable(
  'sandbox_google_ads_ad_groups',
  {
    id: googleId(16_000_000_001),
    campaign_id: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => sandboxGoogleAdsCampaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_google_ads_ad_groups_name_unique')
      .on(t.campaign_id, t.name)
      .where(sql`${t.status} <> 'REMOVED'`),
  ],
);

/**
 * `adGroupAds` with an app ad (`customers/{cid}/adGroupAds/{adGroupId}~{adId}`); `policy_topics` are the
 * review's findings, decided when the ad is made (any = DISAPPROVED once reviewed).
 */
export const sandboxGoogleAdsAds = pgTable(
  'sandbox_google_ads_ads',
  {
    id: googleId(70_000_000_001),
    ad_group_id: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => sandboxGoogleAdsAdGroups.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    headlines: jsonb('headlines').$type<string[]>().notNull(),
    descriptions: jsonb('descriptions').$type<string[]>().notNull(),
    policy_topics: jsonb('policy_topics').$type<string[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('sandbox_google_ads_ads_ad_group_idx').on(t.ad_group_id)],
);
