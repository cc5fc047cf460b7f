import type { AdminCampaign } from '@storelift/shared';
import type { Queryable } from '../../../db/client.js';
import { findGoogleAds } from './campaigns.google-ads-repo.js';

/** What staff see of a CPI campaign at Google Ads (admin campaign details); null before its first start. */
export async function googleAdsView(db: Queryable, campaignId: number): Promise<AdminCampaign['google_ads']> {
  const row = await findGoogleAds(db, campaignId);
  if (!row) return null;
  return {
    customer_id: row.customer_id,
    campaign_resource: row.campaign_resource,
    status: row.status,
    start_date: row.start_date,
    final_through: row.final_through,
    approval_status: row.approval_status,
    review_status: row.review_status,
    policy_topics: row.policy_topics,
    error_kind: row.error_kind,
    error_detail: row.error_detail,
    error_at: row.error_at?.toISOString() ?? null,
    reported_at: row.reported_at?.toISOString() ?? null,
  };
}
