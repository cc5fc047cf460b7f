import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { campaignGoogleAds, campaigns, cpiAccounts, cpiStats } from '../../../db/schema/index.js';
import type {
  GoogleAdsFigures,
  GoogleAdsState,
  GoogleAdsStore,
} from '../../../providers/ad-network/google-ads/google-ads-network.js';
import type { AdNetworkError } from '../../../providers/ad-network/ad-network.js';

/*
 * CPI campaigns at Google Ads (providers/ad-network/google-ads): their resource names, review and last
 * refusal (campaign_google_ads) and the figures the hourly report pass reads (cpi_stats).
 */

export type GoogleAdsRow = typeof campaignGoogleAds.$inferSelect;

const STATE_COLUMNS = {
  customer_id: campaignGoogleAds.customer_id,
  budget_resource: campaignGoogleAds.budget_resource,
  campaign_resource: campaignGoogleAds.campaign_resource,
  criteria: campaignGoogleAds.criteria,
  ad_group_resource: campaignGoogleAds.ad_group_resource,
  ad_resource: campaignGoogleAds.ad_resource,
  status: campaignGoogleAds.status,
  time_zone: campaignGoogleAds.time_zone,
  start_date: campaignGoogleAds.start_date,
  final_through: campaignGoogleAds.final_through,
  wanted: campaignGoogleAds.wanted,
};

export async function findGoogleAds(db: Queryable, campaignId: number): Promise<GoogleAdsRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignGoogleAds)
    .where(eq(campaignGoogleAds.campaign_id, campaignId));
  return row;
}

/** The network's store over the database, in the caller's transaction (under the campaign's lock). */
export function googleAdsStore(db: Queryable): GoogleAdsStore {
  return {
    async idKeyOf(accountId) {
      if (accountId === null) return null;
      const [account] = await db
        .select({ id_key: cpiAccounts.id_key })
        .from(cpiAccounts)
        .where(eq(cpiAccounts.id, accountId));
      return account?.id_key ?? null;
    },
    async find(campaignId): Promise<GoogleAdsState | undefined> {
      const [row] = await db
        .select(STATE_COLUMNS)
        .from(campaignGoogleAds)
        .where(eq(campaignGoogleAds.campaign_id, campaignId));
      return row;
    },
    async save(campaignId, values) {
      const set = { ...values, updated_at: new Date() };
      if (values.customer_id === undefined) {
        await db.update(campaignGoogleAds).set(set).where(eq(campaignGoogleAds.campaign_id, campaignId));
        return;
      }
      await db
        .insert(campaignGoogleAds)
        .values({ campaign_id: campaignId, customer_id: values.customer_id, ...values })
        .onConflictDoUpdate({ target: campaignGoogleAds.campaign_id, set });
    },
    async failed(campaignId, error) {
      await setError(db, [campaignId], error, new Date());
    },
    async figures(campaignId, from, to): Promise<GoogleAdsFigures> {
      const [row] = await db
        .select({
          conversions: sql<string>`coalesce(sum(${cpiStats.conversions}), 0)::text`,
          costMicros: sql<string>`coalesce(sum(${cpiStats.cost_micros}), 0)::text`,
        })
        .from(cpiStats)
        .where(
          and(
            eq(cpiStats.campaign_id, campaignId),
            gte(cpiStats.date, from),
            to === null ? undefined : sql`${cpiStats.date} <= ${to}`,
          ),
        );
      return { conversions: row?.conversions ?? '0', costMicros: BigInt(row?.costMicros ?? '0') };
    },
  };
}

/** Stores a refusal (kind for the customer, the API's text for staff) on campaigns; null clears it. */
export async function setError(
  db: Queryable,
  campaignIds: number[],
  error: AdNetworkError | null,
  now: Date,
) {
  if (!campaignIds.length) return;
  await db
    .update(campaignGoogleAds)
    .set({
      error_kind: error?.kind ?? null,
      error_detail: error?.detail ?? null,
      error_at: error ? now : null,
      updated_at: now,
    })
    .where(inArray(campaignGoogleAds.campaign_id, campaignIds));
}

/**
 * Campaigns whose Google Ads status is not yet what the lifecycle wants (or whose build is unfinished), a
 * refusal only the customer can lift (`waitKinds`) asked again only once it is older than `retryBefore`.
 */
export async function toSync(
  db: Queryable,
  waitKinds: readonly string[],
  retryBefore: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: campaignGoogleAds.campaign_id })
    .from(campaignGoogleAds)
    .where(
      and(
        isNotNull(campaignGoogleAds.wanted),
        sql`(${campaignGoogleAds.wanted} is distinct from ${campaignGoogleAds.status}
          or (${campaignGoogleAds.wanted} = 'ENABLED' and ${campaignGoogleAds.ad_resource} is null))`,
        sql`not (${campaignGoogleAds.error_kind} is not null and ${inArray(campaignGoogleAds.error_kind, [...waitKinds])}
          and ${campaignGoogleAds.error_at} > ${retryBefore})`,
      ),
    )
    .orderBy(campaignGoogleAds.campaign_id);
  return rows.map((row) => row.id);
}

/** A campaign the report pass reads: created at Google, and running or ended since `since`. */
export interface ReportTarget {
  campaign_id: number;
  user_id: number;
  customer_id: string;
  campaign_resource: string;
  time_zone: string | null;
  start_date: string | null;
  final_through: string | null;
  approval_status: string | null;
  error_kind: string | null;
  status: string;
  progress_ms: number;
  clock_at: Date | null;
}

/** The campaigns the hourly pass reads, by account: running ones and those that ended after `since`. */
export function reportTargets(db: Queryable, since: Date): Promise<ReportTarget[]> {
  return db
    .select({
      campaign_id: campaignGoogleAds.campaign_id,
      user_id: campaigns.user_id,
      customer_id: campaignGoogleAds.customer_id,
      campaign_resource: sql<string>`${campaignGoogleAds.campaign_resource}`,
      time_zone: campaignGoogleAds.time_zone,
      start_date: campaignGoogleAds.start_date,
      final_through: campaignGoogleAds.final_through,
      approval_status: campaignGoogleAds.approval_status,
      error_kind: campaignGoogleAds.error_kind,
      status: campaigns.status,
      progress_ms: campaigns.progress_ms,
      clock_at: campaigns.clock_at,
    })
    .from(campaignGoogleAds)
    .innerJoin(campaigns, eq(campaigns.id, campaignGoogleAds.campaign_id))
    .where(
      and(
        isNotNull(campaignGoogleAds.campaign_resource),
        or(inArray(campaigns.status, ['active', 'pause', 'pending']), gte(campaigns.finished_at, since)),
      ),
    )
    .orderBy(campaignGoogleAds.customer_id, campaignGoogleAds.campaign_id);
}

export type StatsRow = typeof cpiStats.$inferInsert;

/** Rows one statement writes (8 parameters each, well under PostgreSQL's 65535). */
const STATS_CHUNK = 1000;

/** Writes the figures read, a day and country's row replaced by its latest figures. */
export async function upsertStats(db: Queryable, rows: StatsRow[], now: Date) {
  for (let at = 0; at < rows.length; at += STATS_CHUNK) {
    await db
      .insert(cpiStats)
      .values(rows.slice(at, at + STATS_CHUNK).map((row) => ({ ...row, updated_at: now })))
      .onConflictDoUpdate({
        target: [cpiStats.campaign_id, cpiStats.date, cpiStats.country],
        set: {
          impressions: sql`excluded.impressions`,
          clicks: sql`excluded.clicks`,
          conversions: sql`excluded.conversions`,
          cost_micros: sql`excluded.cost_micros`,
          updated_at: now,
        },
      });
  }
}

/** After a pass read an account: each campaign's last final date, the time read, and no refusal left over. */
export async function recordRead(
  db: Queryable,
  finals: { campaign_id: number; final_through: string | null }[],
  now: Date,
) {
  if (!finals.length) return;
  const passing = sql.raw(`g.error_kind in ('auth', 'quota', 'other', 'not-found')`);
  await db.execute(sql`
    update campaign_google_ads g set
      final_through = greatest(g.final_through, v.final_through),
      reported_at = ${now},
      error_kind = case when ${passing} then null else g.error_kind end,
      error_detail = case when ${passing} then null else g.error_detail end,
      error_at = case when ${passing} then null else g.error_at end,
      updated_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) as v(campaign_id int, final_through date)
    where g.campaign_id = v.campaign_id`);
}

/** An ad's review as the pass read it. */
export interface ReviewRead {
  campaign_id: number;
  approval: string | null;
  review: string | null;
  topics: string[];
}

/** Stores the ads' reviews; a disapproval is the campaign's refusal (policy), an approval clears that one. */
export async function recordReviews(db: Queryable, reads: ReviewRead[], now: Date) {
  if (!reads.length) return;
  const rows = reads.map((read) => ({
    ...read,
    detail:
      read.approval === 'DISAPPROVED'
        ? `Ad DISAPPROVED (policy topics: ${read.topics.join(', ') || 'none given'})`
        : null,
  }));
  await db.execute(sql`
    update campaign_google_ads g set
      approval_status = v.approval,
      review_status = v.review,
      policy_topics = v.topics,
      error_kind = case when v.detail is not null then 'policy'
        when g.error_kind = 'policy' then null else g.error_kind end,
      error_detail = case when v.detail is not null then v.detail
        when g.error_kind = 'policy' then null else g.error_detail end,
      error_at = case when v.detail is not null and g.error_kind = 'policy' then g.error_at
        when v.detail is not null then ${now}
        when g.error_kind = 'policy' then null else g.error_at end,
      updated_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(campaign_id int, approval text, review text, topics jsonb, detail text)
    where g.campaign_id = v.campaign_id`);
}
