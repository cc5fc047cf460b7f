import { sql } from 'drizzle-orm';
import {
  boolean,
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
