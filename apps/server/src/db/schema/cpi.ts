import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

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
  },
  (t) => [
    // The refund sweep: cancels whose refund is due and not made yet.
    index('campaign_cpi_refund_due_idx')
      .on(t.refund_due_at)
      .where(sql`${t.refund_due_at} is not null and ${t.refunded_at} is null`),
  ],
);
