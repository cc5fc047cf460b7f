import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import {
  campaignCpi,
  campaignGoogleAds,
  campaigns,
  cpiStats,
  transactions,
} from '../../../db/schema/index.js';

/** Sums of `cpi_stats` rows as exact texts (conversions keep their 2 decimals, cost its micros). */
const sums = {
  impressions: sql<string>`sum(${cpiStats.impressions})::text`,
  clicks: sql<string>`sum(${cpiStats.clicks})::text`,
  conversions: sql<string>`sum(${cpiStats.conversions})::text`,
  cost_micros: sql<string>`sum(${cpiStats.cost_micros})::text`,
};
export type StatSums = { [K in keyof typeof sums]: string };

/** A campaign's reported figures per day, oldest first. */
export function statsByDay(db: Queryable, campaignId: number) {
  return db
    .select({ date: cpiStats.date, ...sums })
    .from(cpiStats)
    .where(eq(cpiStats.campaign_id, campaignId))
    .groupBy(cpiStats.date)
    .orderBy(cpiStats.date);
}

/** A campaign's reported figures per country. */
export function statsByCountry(db: Queryable, campaignId: number) {
  return db
    .select({ country: cpiStats.country, ...sums })
    .from(cpiStats)
    .where(eq(cpiStats.campaign_id, campaignId))
    .groupBy(cpiStats.country);
}

/** The campaign's Google Ads state (review, last refusal, time zone), if it ran there. */
export async function findGoogleAds(db: Queryable, campaignId: number) {
  const [row] = await db
    .select({
      time_zone: campaignGoogleAds.time_zone,
      approval_status: campaignGoogleAds.approval_status,
      review_status: campaignGoogleAds.review_status,
      policy_topics: campaignGoogleAds.policy_topics,
      error_kind: campaignGoogleAds.error_kind,
      error_at: campaignGoogleAds.error_at,
      reported_at: campaignGoogleAds.reported_at,
    })
    .from(campaignGoogleAds)
    .where(eq(campaignGoogleAds.campaign_id, campaignId));
  return row;
}

/** The user's ledger postings for a campaign (the legs of one posting summed), newest first. */
export function campaignPostings(db: Queryable, userId: number, campaignId: number) {
  return db
    .select({
      at: sql<Date>`min(${transactions.created_at})`.mapWith(transactions.created_at),
      type: transactions.type,
      amount: sql<string>`sum(${transactions.amount})::text`,
      description: transactions.description,
      description_key: transactions.description_key,
      description_params: transactions.description_params,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.user_id, userId),
        eq(transactions.reference_type, 'campaign'),
        eq(transactions.reference_id, String(campaignId)),
      ),
    )
    .groupBy(
      transactions.entry_id,
      transactions.type,
      transactions.description,
      transactions.description_key,
      transactions.description_params,
    )
    .orderBy(desc(sql`min(${transactions.id})`));
}

/**
 * The user's figures per country over their campaigns of one app store since `from` (a date), for the
 * countries asked.
 */
export function ownStatsByCountry(
  db: Queryable,
  userId: number,
  appstore: number,
  countries: string[],
  from: string,
) {
  return db
    .select({ country: cpiStats.country, ...sums })
    .from(cpiStats)
    .innerJoin(campaigns, eq(campaigns.id, cpiStats.campaign_id))
    .where(
      and(
        eq(campaigns.user_id, userId),
        eq(campaigns.appstore, appstore),
        inArray(cpiStats.country, countries),
        gte(cpiStats.date, from),
      ),
    )
    .groupBy(cpiStats.country);
}

/** The country count and spend of these CPI campaigns (a list page's). */
export function cpiSummaries(db: Queryable, ids: number[]) {
  return db
    .select({
      id: campaignCpi.campaign_id,
      countries: sql<number>`jsonb_array_length(${campaignCpi.countries})`.mapWith(Number),
      spent: campaignCpi.spent,
    })
    .from(campaignCpi)
    .where(inArray(campaignCpi.campaign_id, ids));
}
