import { CAMPAIGN_MESSAGES, type NoticeKey } from '@storelift/shared';
import { AdNetworkError, type AdNetworkProblem } from '../../../providers/ad-network/ad-network.js';
import { runsOnGoogleAds } from '../../../providers/ad-network/create-ad-network.js';
import { assignCpiAccount } from '../../cpi-accounts/cpi-accounts.assign.js';
import type { Tx } from '../../ledger/ledger.js';
import type * as repo from '../campaigns.repo.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import {
  cpiNetworkOf,
  googleAdsSetupOf,
  tellAdNetwork,
  type NetworkConfig,
} from './campaigns.cpi-network.js';
import { findGoogleAds } from './campaigns.google-ads-repo.js';

/*
 * A CPI campaign's start on its ad network (docs/campaigns.md § CPI, Failures): an account on a network it
 * runs on, then the network builds the campaign. A refusal keeps the campaign waiting in pending (charged)
 * with the reason in plain words; where the customer can act (the ad text, the budget, the target) they get
 * a notice once, staff see the API's own error on the order.
 */

/** The history reason of a start the network refused, by kind. */
export const REFUSAL_REASON: Record<AdNetworkProblem, string> = {
  auth: CAMPAIGN_MESSAGES.campaignAdNetworkAuth,
  policy: CAMPAIGN_MESSAGES.campaignAdNetworkPolicy,
  budget: CAMPAIGN_MESSAGES.campaignAdNetworkBudget,
  target: CAMPAIGN_MESSAGES.campaignAdNetworkTarget,
  quota: CAMPAIGN_MESSAGES.campaignAdNetworkBusy,
  'not-found': CAMPAIGN_MESSAGES.campaignAdNetworkOther,
  other: CAMPAIGN_MESSAGES.campaignAdNetworkOther,
};

/** Refusals only the customer can lift (a new order), with their notice: the network is asked again hourly. */
export const CUSTOMER_NOTICE = {
  policy: 'cpiAdRefused',
  budget: 'cpiBudgetRefused',
  target: 'cpiTargetRefused',
} as const satisfies Partial<Record<AdNetworkProblem, NoticeKey>>;
export const ASK_AGAIN_MS = 60 * 60_000;

/**
 * Starts a locked CPI campaign on its ad network: the columns that record it once the network runs it; until
 * then why it waits (no network, no account with room, being built, or the network's refusal). The build
 * itself is the sync's (campaigns.google-ads-sync.ts), after commit; the delivery tick then starts it here.
 */
export async function startOnAdNetwork(
  tx: Tx,
  row: repo.CampaignRow,
  config: NetworkConfig,
): Promise<repo.CampaignChange | { waiting: string }> {
  const setup = googleAdsSetupOf(config);
  const network = cpiNetworkOf(tx, config);
  if (!setup || !network) return { waiting: CAMPAIGN_MESSAGES.campaignWaitingAdNetwork };
  const before = await findGoogleAds(tx, row.id);
  if (before?.ad_resource && before.wanted === 'ENABLED' && before.status === 'ENABLED')
    return { vendor_id: null, vendor: network.name };
  // A campaign already built at Google stays in its account.
  if (!before?.campaign_resource) {
    const account = await assignCpiAccount(tx, row.id, (name) => runsOnGoogleAds(setup, name));
    if (account === undefined) return { waiting: CAMPAIGN_MESSAGES.campaignWaitingCpiAccount };
  }
  await cpiRepo.updateCpi(tx, row.id, { refund_due_at: null, refunded_at: null });
  try {
    await tellAdNetwork(tx, network, row, 'start');
  } catch (error) {
    if (!(error instanceof AdNetworkError)) throw error;
    return { waiting: REFUSAL_REASON[error.kind] };
  }
  const refusal = before?.error_kind as AdNetworkProblem | null | undefined;
  return { waiting: refusal ? REFUSAL_REASON[refusal] : CAMPAIGN_MESSAGES.campaignStartingAdNetwork };
}
