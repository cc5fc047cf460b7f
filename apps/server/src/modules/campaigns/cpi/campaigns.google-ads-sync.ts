import type { Deps } from '../../../deps.js';
import { eachOnItsOwn } from '../../../lib/batches.js';
import { AdNetworkError, type AdNetworkProblem } from '../../../providers/ad-network/ad-network.js';
import { googleAdsNetworkOf } from '../../../providers/ad-network/create-ad-network.js';
import { notify } from '../../notices/notify.js';
import * as repo from '../campaigns.repo.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import { adCampaignOf, googleAdsSetupOf } from './campaigns.cpi-network.js';
import { ASK_AGAIN_MS, CUSTOMER_NOTICE, REFUSAL_REASON } from './campaigns.cpi-start.js';
import * as adsRepo from './campaigns.google-ads-repo.js';

/*
 * Google Ads follows the lifecycle after commit (docs/campaigns.md § CPI): the lifecycle records the status it
 * wants in the campaign's transaction, and this sync makes the HTTP calls with no transaction open — each
 * delivery tick for every campaign not yet as wanted, and right after a customer's order or action for that
 * campaign. A start's refusal keeps the campaign pending: its history and, where they can act, the customer say
 * why, once per kind of refusal.
 */

/** Campaigns synced (`ids`, or every one not yet as wanted) and the refusals met. */
export async function syncGoogleAds(deps: Deps, ids?: number[], now = new Date()) {
  const setup = googleAdsSetupOf(deps.config);
  const result = { synced: 0, refused: 0 };
  if (!setup) return result;
  const network = googleAdsNetworkOf(setup, adsRepo.googleAdsStore(deps.db));
  const waitKinds = Object.keys(CUSTOMER_NOTICE);
  const due = ids ?? (await adsRepo.toSync(deps.db, waitKinds, new Date(now.getTime() - ASK_AGAIN_MS)));
  let accessLost = false;
  // One campaign's trouble does not hold up the others (it is logged); a refused access stops the pass.
  await eachOnItsOwn(
    due,
    async (id) => {
      if (accessLost) return;
      const row = await repo.lockCampaign(deps.db, id);
      const cpi = row && (await cpiRepo.findCpi(deps.db, id));
      const before = await adsRepo.findGoogleAds(deps.db, id);
      if (!row || !cpi || !before?.wanted) return;
      try {
        await network.sync(adCampaignOf(row, cpi));
        result.synced += 1;
      } catch (error) {
        if (!(error instanceof AdNetworkError)) throw error;
        result.refused += 1;
        accessLost = error.kind === 'auth';
        if (before.error_kind !== error.kind) await startRefused(deps, id, error.kind);
      }
    },
    { what: 'campaigns.google-ads-sync', contextOf: (id) => ({ campaignId: id }) },
  );
  return result;
}

/** A pending campaign's start was refused (a new kind of refusal): its history says why, the customer too. */
async function startRefused(deps: Deps, campaignId: number, kind: AdNetworkProblem) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    if (row?.status !== 'pending') return;
    await repo.addHistory(tx, row.id, 'pending', 'pending', null, REFUSAL_REASON[kind]);
    const key = CUSTOMER_NOTICE[kind as keyof typeof CUSTOMER_NOTICE];
    if (key)
      await notify(tx, { userId: row.user_id, type: 'campaign', key, params: { id: row.id }, campaignId });
  });
}
