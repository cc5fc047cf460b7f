/**
 * Every pg-boss queue's job data. Each module that owns queues declares their data beside their workers
 * (`modules/<name>/<name>.jobs.ts`, e.g. `MailQueues`); the top floor (`workers.ts`) merges them in here, so `jobs/`
 * knows no module. A queue's name stands below as well, like a table in `db/schema`: the prepared database
 * image is made with every queue.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface QueueData {}
export type QueueName = keyof QueueData;
export const QUEUE_NAMES: QueueName[] = [
  'mail.send',
  'apps.refresh-all',
  'apps.refresh',
  'keywords.daily',
  'keywords.check-ranks',
  'payments.sandbox-deliver',
  'payments.sandbox-confirm',
  'billing.expire-bonuses',
  'api-credits.monthly',
  'api-credits.refill',
  'campaigns.start',
  'campaigns.deliver',
  'campaigns.cpi-refund',
  'campaigns.cpi-sweep',
  'notices.mail',
  'campaigns.guarantee',
  'webhooks.deliver',
];

/**
 * Money jobs (payment callbacks and confirmations, a delayed campaign's charge, a CPI refund, an API credits
 * purchase): a job whose worker died is taken again after a minute, not pg-boss's default 15. Each runs in
 * well under that, and runs twice without harm.
 */
export const MONEY_JOB_EXPIRY_SECONDS = 60;
export const MONEY_QUEUES: readonly QueueName[] = [
  'payments.sandbox-deliver',
  'payments.sandbox-confirm',
  'campaigns.start',
  'campaigns.cpi-refund',
  'api-credits.refill',
];
