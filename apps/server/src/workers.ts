import { outboxDir } from './app.js';
import type { Deps } from './deps.js';
import { queueStatusRefresh, refreshAppCountries } from './modules/apps/apps.status.js';
import { checkRanks, queueDailyRanks } from './modules/keywords/ranks.js';
import { createMailer } from './modules/mail/mailer.js';
import { refillApiCredits, resetFreeCredits } from './modules/api-credits/api-credits.service.js';
import { expireDueBonuses } from './modules/billing/bonus-expiry.js';
import { deliveryTick, startDue } from './modules/campaigns/delivery/campaigns.delivery.js';
import { cpiSweep, refundDue } from './modules/campaigns/cpi/campaigns.cpi-charging.js';
import { confirm, redeliver } from './modules/billing/sandbox-checkout.js';
import { checkGuarantees } from './modules/campaigns/delivery/campaigns.guarantee-check.js';
import { deliverDue } from './modules/webhooks/webhooks.delivery.js';
import { recordJobFailures } from './modules/operations/server-errors.js';
import { mailPendingNotices } from './modules/notices/notices.service.js';

/**
 * When the scheduled jobs run (UTC): app statuses every 6 hours, the daily rank sample after midnight,
 * bonus expiry hourly, free API credits on the first of the month, the sandbox vendor's delivery every minute.
 */
export const SCHEDULES = {
  'apps.refresh-all': '0 */6 * * *',
  'keywords.daily': '30 0 * * *',
  'billing.expire-bonuses': '15 * * * *',
  'api-credits.monthly': '0 0 1 * *',
  'campaigns.deliver': '* * * * *',
  'campaigns.cpi-sweep': '40 * * * *',
  'notices.mail': '* * * * *',
  'campaigns.guarantee': '20 * * * *',
  'webhooks.deliver': '* * * * *',
} as const;

/** Seconds between delivery ticks when the sandbox runs faster than real time. */
const FAST_TICK_SECONDS = 10;

/** Starts every queue's handler in this process and registers the schedules. */
export async function startWorkers(deps: Deps) {
  const { jobs, config } = deps;
  recordJobFailures(deps);
  await jobs.work('mail.send', createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) }));
  await jobs.work('apps.refresh-all', () => queueStatusRefresh(deps));
  await jobs.work('apps.refresh', (data) => refreshAppCountries(deps, data.appCountryIds));
  await jobs.work('keywords.daily', () => queueDailyRanks(deps));
  // Update-all waits on these: fetch several batches at a time, twice a second.
  await jobs.work('keywords.check-ranks', (data) => checkRanks(deps, data), {
    batchSize: 4,
    pollingIntervalSeconds: 0.5,
  });
  await jobs.work('payments.sandbox-deliver', (data) => redeliver(deps, data.event));
  await jobs.work('payments.sandbox-confirm', (data) => confirm(deps, data), { pollingIntervalSeconds: 0.5 });
  await jobs.work('billing.expire-bonuses', async () => {
    await expireDueBonuses(deps.db);
  });
  await jobs.work('api-credits.monthly', () => resetFreeCredits(deps.db));
  await jobs.work('api-credits.refill', async (data) => {
    await refillApiCredits(deps.db, data.userId);
  });
  await jobs.work('campaigns.start', (data) => startDue(deps, data.campaignId));
  await jobs.work('campaigns.cpi-refund', (data) => refundDue(deps, data.campaignId, new Date(), data.dueAt));
  await jobs.work('campaigns.cpi-sweep', async () => {
    await cpiSweep(deps);
  });
  await jobs.work('campaigns.deliver', async () => {
    await deliveryTick(deps);
    // An accelerated sandbox (VENDOR_SANDBOX_SPEED > 1, for a demo) runs a campaign day in a minute or less:
    // between the minute's ticks it ticks every few seconds, so a campaign completes when its last day ends.
    // One job per window, however many ticks ask for the next.
    if (config.vendorSandboxSpeed > 1) {
      const next = new Date(Date.now() + FAST_TICK_SECONDS * 1000);
      await jobs.send('campaigns.deliver', {}, { startAfter: next, singletonSeconds: FAST_TICK_SECONDS });
    }
  });
  await jobs.work('notices.mail', async () => {
    await mailPendingNotices(deps);
  });
  await jobs.work('campaigns.guarantee', () => checkGuarantees(deps));
  await jobs.work('webhooks.deliver', () => deliverDue(deps));
  for (const queue of Object.keys(SCHEDULES) as (keyof typeof SCHEDULES)[]) {
    await jobs.schedule(queue, SCHEDULES[queue], {});
  }
}
