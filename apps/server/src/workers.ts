import type { Deps } from './deps.js';
import { startQueueWorkers } from './jobs/jobs.js';
import type { QueueData, QueueDeclarations } from './jobs/queues.js';
import { apiCreditsQueues, type ApiCreditsQueues } from './modules/api-credits/api-credits.jobs.js';
import { appsQueues, type AppsQueues } from './modules/apps/apps.jobs.js';
import { billingQueues, type BillingQueues } from './modules/billing/billing.jobs.js';
import { campaignsQueues, type CampaignsQueues } from './modules/campaigns/campaigns.jobs.js';
import { keywordsQueues, type KeywordsQueues } from './modules/keywords/keywords.jobs.js';
import { mailQueues, type MailQueues } from './modules/mail/mail.jobs.js';
import { noticesQueues, type NoticesQueues } from './modules/notices/notices.jobs.js';
import { recordJobFailures } from './modules/operations/server-errors.js';
import { vendorsQueues, type VendorsQueues } from './modules/vendors/vendors.jobs.js';
import { webhooksQueues, type WebhooksQueues } from './modules/webhooks/webhooks.jobs.js';

// Every module's job data, merged into the job runtime's map (jobs/ itself knows no module).
declare module './jobs/queues.js' {
  interface QueueData
    extends
      MailQueues,
      AppsQueues,
      KeywordsQueues,
      BillingQueues,
      ApiCreditsQueues,
      CampaignsQueues,
      NoticesQueues,
      WebhooksQueues,
      VendorsQueues {}
}

/**
 * Every queue, as its module declares it (a queue without a declaration does not compile): `startJobs` and the
 * prepared database image create them, `startWorkers` runs them.
 */
export const QUEUES: QueueDeclarations<Deps, QueueData> = {
  ...mailQueues,
  ...appsQueues,
  ...keywordsQueues,
  ...billingQueues,
  ...apiCreditsQueues,
  ...campaignsQueues,
  ...noticesQueues,
  ...webhooksQueues,
  ...vendorsQueues,
};

/** Starts every queue's worker in this process and registers the schedules. */
export async function startWorkers(deps: Deps) {
  recordJobFailures(deps);
  await startQueueWorkers(deps.jobs, QUEUES, deps);
}
