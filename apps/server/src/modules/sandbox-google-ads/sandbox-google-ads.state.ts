import { DAY_MS } from '@storelift/shared';
import type { SandboxGoogleAdsTerms } from '../../db/schema/index.js';
import {
  SANDBOX_GOOGLE_ADS_DISAPPROVED_PHRASES,
  SANDBOX_GOOGLE_ADS_REVIEW_MS,
} from './sandbox-google-ads.constants.js';
import type { AdRow, CampaignRow } from './sandbox-google-ads.repo.js';

/*
 * The time of the sandbox's campaigns: a campaign serves only while ENABLED, at `VENDOR_SANDBOX_SPEED` times real
 * time, and its date `start_date + n` is served over simulated [n days, n + 1 days) of that time: so the date is
 * complete once n + 1 simulated days were served since it was enabled, paused time left out.
 */

/** Simulated milliseconds the campaign has served by `now`. */
export function servedMs(
  campaign: Pick<CampaignRow, 'served_ms' | 'enabled_since'>,
  now: Date,
  speed: number,
) {
  const running = campaign.enabled_since ? Math.max(now.getTime() - campaign.enabled_since.getTime(), 0) : 0;
  return campaign.served_ms + Math.floor(running * speed);
}

/** The clock columns after a status change: leaving ENABLED banks the time served, entering it starts the clock. */
export function clockAfter(
  campaign: Pick<CampaignRow, 'status' | 'served_ms' | 'enabled_since'>,
  status: string,
  now: Date,
  speed: number,
): Pick<CampaignRow, 'status' | 'served_ms' | 'enabled_since'> {
  if (status === campaign.status) return campaign;
  return {
    status,
    served_ms: servedMs(campaign, now, speed),
    enabled_since: status === 'ENABLED' ? now : null,
  };
}

/** The served day a budget or target change applies from: the next one (the running day keeps its terms). */
export const nextServedDay = (served: number) => (served === 0 ? 0 : Math.floor(served / DAY_MS) + 1);

/** The terms with a change from served day `fromDay` on (a change for the same day replaces the earlier one). */
export function termsWith(
  terms: SandboxGoogleAdsTerms[],
  fromDay: number,
  change: Partial<Omit<SandboxGoogleAdsTerms, 'fromDay'>>,
): SandboxGoogleAdsTerms[] {
  const kept = terms.filter((each) => each.fromDay < fromDay);
  return [...kept, { ...termsOn(terms, fromDay), ...change, fromDay }];
}

/** The terms in force on served day `day`. */
export function termsOn(terms: SandboxGoogleAdsTerms[], day: number): SandboxGoogleAdsTerms {
  return terms.findLast((each) => each.fromDay <= day) ?? terms[0]!;
}

/** The policy topics an ad's texts break (the disapproved phrases they contain). */
export function policyTopicsOf(texts: string[]): string[] {
  const text = texts.join('\n').toLowerCase();
  const topics = Object.entries(SANDBOX_GOOGLE_ADS_DISAPPROVED_PHRASES)
    .filter(([phrase]) => text.includes(phrase))
    .map(([, topic]) => topic);
  return [...new Set(topics)];
}

/** An ad's policy summary now: under review for a simulated hour after it was made, then approved or disapproved. */
export function policySummaryOf(ad: Pick<AdRow, 'created_at' | 'policy_topics'>, now: Date, speed: number) {
  const reviewed = (now.getTime() - ad.created_at.getTime()) * speed >= SANDBOX_GOOGLE_ADS_REVIEW_MS;
  if (!reviewed)
    return { approvalStatus: 'UNKNOWN', reviewStatus: 'REVIEW_IN_PROGRESS', policyTopicEntries: [] };
  return {
    approvalStatus: ad.policy_topics.length ? 'DISAPPROVED' : 'APPROVED',
    reviewStatus: 'REVIEWED',
    policyTopicEntries: ad.policy_topics.map((topic) => ({ topic, type: 'PROHIBITED' })),
  };
}

/** Whole days from one date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
