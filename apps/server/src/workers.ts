import type { Deps } from './deps.js';
import { startQueueWorkers, type QueueWorkers } from './jobs/jobs.js';
import type { QueueData } from './jobs/queues.js';
import { apiCreditsWorkers, type ApiCreditsQueues } from './modules/api-credits/api-credits.jobs.js';
import { appsWorkers, type AppsQueues } from './modules/apps/apps.jobs.js';
import { billingWorkers, type BillingQueues } from './modules/billing/billing.jobs.js';
import { campaignsWorkers, type CampaignsQueues } from './modules/campaigns/campaigns.jobs.js';
import { keywordsWorkers, type KeywordsQueues } from './modules/keywords/keywords.jobs.js';
import { mailWorkers, type MailQueues } from './modules/mail/mail.jobs.js';
import { noticesWorkers, type NoticesQueues } from './modules/notices/notices.jobs.js';
import { recordJobFailures } from './modules/operations/server-errors.js';
import { webhooksWorkers, type WebhooksQueues } from './modules/webhooks/webhooks.jobs.js';

// Every module's queues, merged into the job runtime's map (jobs/ itself knows no module).
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
      WebhooksQueues {}
}

/** Every queue's worker, as its module declares it (a queue without one does not compile). */
const WORKERS: QueueWorkers<Deps, QueueData> = {
  ...mailWorkers,
  ...appsWorkers,
  ...keywordsWorkers,
  ...billingWorkers,
  ...apiCreditsWorkers,
  ...campaignsWorkers,
  ...noticesWorkers,
  ...webhooksWorkers,
};

/** Starts every queue's worker in this process and registers the schedules. */
export async function startWorkers(deps: Deps) {
  recordJobFailures(deps);
  await startQueueWorkers(deps.jobs, WORKERS, deps);
}
