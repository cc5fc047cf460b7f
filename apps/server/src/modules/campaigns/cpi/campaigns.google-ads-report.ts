import { DAY_MS, addDays, countryOfGeoTarget, dayInZone } from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import { AdNetworkError } from '../../../providers/ad-network/ad-network.js';
import { googleAdsClientOf, type GoogleAdsSetup } from '../../../providers/ad-network/create-ad-network.js';
import {
  GoogleAdsError,
  type GoogleAdsClient,
} from '../../../providers/ad-network/google-ads/google-ads-client.js';
import * as ops from '../../../providers/ad-network/google-ads/google-ads-operations.js';
import { notify } from '../../notices/notify.js';
import { notifyStaff } from '../../notices/notify-staff.js';
import { clockAt } from '../campaigns.plan.js';
import { googleAdsSetupOf } from './campaigns.cpi-network.js';
import { CUSTOMER_NOTICE } from './campaigns.cpi-start.js';
import * as adsRepo from './campaigns.google-ads-repo.js';

/*
 * The hourly Google Ads report pass (docs/campaigns.md § CPI, Reporting): per account ONE report query for
 * all our campaigns on it (running, or ended in the last days so late figures land) and one ad review
 * query. The figures replace each day and country's row of cpi_stats; a date read after it ended becomes
 * final (`final_through`), and only final dates are billed.
 */

/** Campaigns that ended this recently are still read: Google revises a day's figures for a while. */
const LATE_DAYS = 3;
/** Google's figures of a day settle within hours: a date is final once a pass ran this long after it ended. */
const SETTLE_MS = 3 * 3_600_000;
/**
 * The sandbox's dates end on its served time, which our clock follows within a sync's delay (each action's
 * sync runs right after its commit): the pass waits this much real time more.
 */
const SANDBOX_MARGIN_MS = 2_000;
/** Accounts read at once. */
const ACCOUNTS_AT_ONCE = 4;

/** What one pass did: accounts read and refused, and the rows written. */
export interface ReportPass {
  accounts: number;
  failed: number;
  rows: number;
}

/** The dates a campaign has figures for by `now`: the last one final and the current one (null: none yet). */
function datesOf(target: adsRepo.ReportTarget, setup: GoogleAdsSetup, now: Date) {
  const start = target.start_date!;
  let final: string;
  let current: string;
  if (setup.sandbox) {
    // Date start + n of the sandbox ends when n + 1 days were served (the campaign's clock, paused time out).
    const served = clockAt(target, now, setup.speed);
    const days = Math.floor((served - SANDBOX_MARGIN_MS * setup.speed) / DAY_MS);
    final = addDays(start, days - 1);
    current = addDays(start, Math.floor(served / DAY_MS));
  } else {
    const zone = target.time_zone ?? 'UTC';
    final = addDays(dayInZone(zone, new Date(now.getTime() - SETTLE_MS)), -1);
    current = dayInZone(zone, now);
  }
  return { final: final < start ? null : final, current: current < start ? start : current };
}

/** Reads one account's campaigns: their figures, then their ads' review. */
async function readAccount(
  deps: Deps,
  client: GoogleAdsClient,
  setup: GoogleAdsSetup,
  targets: adsRepo.ReportTarget[],
  now: Date,
) {
  const customerId = targets[0]!.customer_id;
  const byGoogleId = new Map(targets.map((target) => [ops.idOfResource(target.campaign_resource), target]));
  const dates = new Map(targets.map((target) => [target.campaign_id, datesOf(target, setup, now)]));
  const from = targets
    .map((target) => {
      const first = target.final_through ? addDays(target.final_through, 1 - LATE_DAYS) : target.start_date!;
      return first < target.start_date! ? target.start_date! : first;
    })
    .reduce((a, b) => (a < b ? a : b));
  const to = [...dates.values()].map((each) => each.current).reduce((a, b) => (a > b ? a : b));
  const ids = [...byGoogleId.keys()];
  const rows = await client.search<ops.ReportRow>(customerId, ops.reportQuery(ids, from, to));
  const reviews = await client.search<ops.ReviewRow>(customerId, ops.reviewQuery(ids));
  // Google answers a row per country and targeting kind: a day and country's figures are their sum.
  const stats = new Map<string, adsRepo.StatsRow>();
  for (const row of rows) {
    const target = byGoogleId.get(row.campaign.id);
    if (!target) continue;
    const country = countryOfGeoTarget(row.userLocationView.countryCriterionId) ?? '';
    const key = `${target.campaign_id}|${row.segments.date}|${country}`;
    const sum = stats.get(key) ?? {
      campaign_id: target.campaign_id,
      date: row.segments.date,
      country,
      impressions: 0,
      clicks: 0,
      conversions: '0',
      cost_micros: 0n,
    };
    sum.impressions! += Number(row.metrics.impressions ?? 0);
    sum.clicks! += Number(row.metrics.clicks ?? 0);
    sum.conversions = (Number(sum.conversions) + Number(row.metrics.conversions ?? 0)).toFixed(2);
    sum.cost_micros = (sum.cost_micros ?? 0n) + BigInt(row.metrics.costMicros ?? 0);
    stats.set(key, sum);
  }
  const reads = new Map<number, adsRepo.ReviewRead>();
  for (const row of reviews) {
    const target = byGoogleId.get(row.campaign.id);
    const summary = row.adGroupAd.policySummary;
    if (!target || !summary) continue;
    const topics = (summary.policyTopicEntries ?? []).map((entry) => entry.topic ?? '').filter(Boolean);
    reads.set(target.campaign_id, {
      campaign_id: target.campaign_id,
      approval: summary.approvalStatus ?? null,
      review: summary.reviewStatus ?? null,
      topics,
    });
  }
  const disapproved = targets.filter(
    (target) =>
      reads.get(target.campaign_id)?.approval === 'DISAPPROVED' && target.approval_status !== 'DISAPPROVED',
  );
  await deps.db.transaction(async (tx) => {
    await adsRepo.upsertStats(tx, [...stats.values()], now);
    const finals = targets.map((target) => ({
      campaign_id: target.campaign_id,
      final_through: dates.get(target.campaign_id)!.final,
    }));
    await adsRepo.recordRead(tx, finals, now);
    await adsRepo.recordReviews(tx, [...reads.values()], now);
    for (const target of disapproved)
      await notify(tx, {
        userId: target.user_id,
        type: 'campaign',
        key: CUSTOMER_NOTICE.policy,
        params: { id: target.campaign_id },
        campaignId: target.campaign_id,
      });
  });
  return stats.size;
}

/**
 * One report pass over every account with campaigns to read (the `campaigns.google-ads-report` job; tests and
 * the bench pass their own `now`). An account that fails keeps its figures; its campaigns show the refusal. A
 * refused access (the refresh token) stops the pass: every campaign shows it and staff are told once.
 */
export async function googleAdsReportPass(deps: Deps, now = new Date()): Promise<ReportPass> {
  const setup = googleAdsSetupOf(deps.config);
  const pass: ReportPass = { accounts: 0, failed: 0, rows: 0 };
  if (!setup) return pass;
  const client = googleAdsClientOf(setup);
  const targets = (await adsRepo.reportTargets(deps.db, new Date(now.getTime() - LATE_DAYS * DAY_MS))).filter(
    (target) => target.start_date,
  );
  const accounts = new Map<string, adsRepo.ReportTarget[]>();
  for (const target of targets)
    accounts.set(target.customer_id, [...(accounts.get(target.customer_id) ?? []), target]);
  let refused: AdNetworkError | null = null;
  const queue = [...accounts.values()];
  const worker = async () => {
    for (let next = queue.shift(); next && !refused; next = queue.shift()) {
      pass.accounts += 1;
      try {
        const rows = await readAccount(deps, client, setup, next, now);
        pass.rows += rows;
      } catch (error) {
        if (!(error instanceof GoogleAdsError)) throw error;
        pass.failed += 1;
        const refusal = new AdNetworkError(error.kind, error.detail);
        if (error.kind === 'auth') refused = refusal;
        else
          await adsRepo.setError(
            deps.db,
            next.map((target) => target.campaign_id),
            refusal,
            now,
          );
      }
    }
  };
  await Promise.all(Array.from({ length: ACCOUNTS_AT_ONCE }, worker));
  if (refused) await accessLost(deps, targets, refused, now);
  return pass;
}

/** Google refuses our access: every campaign shows it; staff are told when it starts (not every hour). */
async function accessLost(deps: Deps, targets: adsRepo.ReportTarget[], refusal: AdNetworkError, now: Date) {
  const told = targets.some((target) => target.error_kind === 'auth');
  await deps.db.transaction(async (tx) => {
    await adsRepo.setError(
      tx,
      targets.map((target) => target.campaign_id),
      refusal,
      now,
    );
    if (!told)
      await notifyStaff(tx, 'cpi-accounts', {
        type: 'message',
        key: 'googleAdsAccessLost',
        params: { detail: refusal.detail.slice(0, 200) },
      });
  });
}
