import { and, between, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { PRODUCT_TYPES } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import {
  campaignOrderDays,
  campaignOrders,
  campaigns,
  keywordRanks,
  keywords,
} from '../../db/schema/index.js';

/** The caller's keywords of an app in a country among `texts`. */
export function keywordsByText(db: Queryable, appId: number, countryId: number, texts: string[]) {
  return db
    .select({
      keyword: keywords.keyword,
      rank: keywords.rank,
      rank_state: keywords.rank_state,
      score: keywords.score,
      difficulty: keywords.difficulty,
    })
    .from(keywords)
    .where(
      and(eq(keywords.app_id, appId), eq(keywords.country_id, countryId), inArray(keywords.keyword, texts)),
    );
}

/** The newest `limit` completed keyword-installs campaigns of any account in a store and country. */
export function deliveredCampaigns(db: Queryable, appstore: number, countryId: number, limit: number) {
  return db
    .select({
      id: campaigns.id,
      app_id: campaigns.app_id,
      days: campaigns.days,
      started_at: campaigns.started_at,
      finished_at: campaigns.finished_at,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.appstore, appstore),
        eq(campaigns.country_id, countryId),
        eq(campaigns.product_type, PRODUCT_TYPES.keyword),
        eq(campaigns.status, 'completed'),
        isNotNull(campaigns.app_id),
        isNotNull(campaigns.started_at),
        isNotNull(campaigns.finished_at),
      ),
    )
    .orderBy(desc(campaigns.finished_at))
    .limit(limit);
}

/** Installs delivered per keyword and campaign day (1 = the start day) of these campaigns. */
export function deliveredDays(db: Queryable, campaignIds: number[]) {
  return db
    .select({
      campaign_id: campaignOrders.campaign_id,
      keyword: campaignOrders.keyword,
      day: campaignOrderDays.day,
      installs: campaignOrderDays.installs_actual,
    })
    .from(campaignOrders)
    .innerJoin(campaignOrderDays, eq(campaignOrderDays.order_id, campaignOrders.id))
    .where(
      and(
        inArray(campaignOrders.campaign_id, campaignIds),
        eq(campaignOrders.type, PRODUCT_TYPES.keyword),
        isNotNull(campaignOrders.keyword),
      ),
    );
}

/** Keyword rows of these apps in a country among `texts` (the keywords the campaigns targeted). */
export function keywordsOfApps(db: Queryable, countryId: number, appIds: number[], texts: string[]) {
  return db
    .select({ id: keywords.id, app_id: keywords.app_id, keyword: keywords.keyword })
    .from(keywords)
    .where(
      and(
        eq(keywords.country_id, countryId),
        inArray(keywords.app_id, appIds),
        inArray(keywords.keyword, texts),
      ),
    );
}

/** Rank samples (ranked or out of rank: failed checks are left out) of these keywords between two days. */
export function rankSamples(db: Queryable, keywordIds: number[], from: string, to: string) {
  return db
    .select({ keyword_id: keywordRanks.keyword_id, day: keywordRanks.day, rank: keywordRanks.rank })
    .from(keywordRanks)
    .where(
      and(
        inArray(keywordRanks.keyword_id, keywordIds),
        between(keywordRanks.day, from, to),
        inArray(keywordRanks.state, ['ok', 'out_of_rank']),
      ),
    );
}
