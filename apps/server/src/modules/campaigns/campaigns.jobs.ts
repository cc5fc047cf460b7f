import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { cpiSweep, refundDue } from './cpi/campaigns.cpi-charging.js';
import { googleAdsReportPass } from './cpi/campaigns.google-ads-report.js';
import { deliveryTick, startDue } from './delivery/campaigns.delivery.js';
import { checkGuarantees } from './delivery/campaigns.guarantee-check.js';

/** The campaigns module's queues and their job data. */
export interface CampaignsQueues {
  /** A delayed campaign's start time has come. */
  'campaigns.start': { campaignId: number };
  /** Scheduled every minute: the sandbox vendor delivers active campaigns and starts due delayed ones. */
  'campaigns.deliver': Record<string, never>;
  /**
   * A canceled CPI campaign's refund is due (24 h after the cancel); `dueAt` names that cancel's due time
   * (jobs queued before it existed have none).
   */
  'campaigns.cpi-refund': { campaignId: number; dueAt?: string };
  /** Scheduled hourly: due CPI refunds (a lost job too) and the spend of active CPI campaigns. */
  'campaigns.cpi-sweep': Record<string, never>;
  /** Scheduled hourly: checks the reviews of guaranteed-reviews campaigns under their guarantee. */
  'campaigns.guarantee': Record<string, never>;
  /** Scheduled hourly (more often for an accelerated sandbox): the Google Ads report pass. */
  'campaigns.google-ads-report': Record<string, never>;
}

/** Seconds between delivery ticks when the sandbox runs faster than real time. */
const FAST_TICK_SECONDS = 10;

export const campaignsQueues: QueueDeclarations<Deps, CampaignsQueues> = {
  'campaigns.start': { money: true, handler: (deps) => (data) => startDue(deps, data.campaignId) },
  'campaigns.deliver': {
    handler: (deps) => async () => {
      await deliveryTick(deps);
      // An accelerated sandbox (VENDOR_SANDBOX_SPEED > 1, for a demo) runs a campaign day in a minute or less:
      // between the minute's ticks it ticks every few seconds, so a campaign completes when its last day ends.
      // One job per window, however many ticks ask for the next.
      if (deps.config.vendorSandboxSpeed > 1) {
        const next = new Date(Date.now() + FAST_TICK_SECONDS * 1000);
        await deps.jobs.send(
          'campaigns.deliver',
          {},
          { startAfter: next, singletonSeconds: FAST_TICK_SECONDS },
        );
        // Its sandbox Google Ads ends a date as often: a report pass follows each sandbox hour (at most one
        // per tick), so the dates turn final as they end.
        const seconds = Math.max(FAST_TICK_SECONDS, Math.ceil(3600 / deps.config.vendorSandboxSpeed));
        if (!deps.config.googleAds)
          await deps.jobs.send('campaigns.google-ads-report', {}, { singletonSeconds: seconds });
      }
    },
    schedule: '* * * * *',
  },
  'campaigns.cpi-refund': {
    money: true,
    handler: (deps) => (data) => refundDue(deps, data.campaignId, new Date(), data.dueAt),
  },
  'campaigns.cpi-sweep': {
    handler: (deps) => async () => {
      await cpiSweep(deps);
    },
    schedule: '40 * * * *',
  },
  'campaigns.guarantee': { handler: (deps) => () => checkGuarantees(deps), schedule: '20 * * * *' },
  'campaigns.google-ads-report': {
    handler: (deps) => async () => {
      await googleAdsReportPass(deps);
    },
    schedule: '10 * * * *',
  },
};
