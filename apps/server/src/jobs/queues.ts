import type { RankSource } from '@storelift/shared';
import type { MailMessage } from '../modules/mail/mailer.js';
import type { SandboxEvent } from '../providers/payments/sandbox/sandbox-provider.js';

/** Every pg-boss queue with the shape of its job data. */
export interface QueueData {
  'mail.send': MailMessage;
  /** Scheduled every 6 hours: queues `apps.refresh` batches for every tracked app country. */
  'apps.refresh-all': Record<string, never>;
  /** Reads the store status of these app countries again. */
  'apps.refresh': { appCountryIds: number[] };
  /** Scheduled daily: queues `keywords.check-ranks` batches for keywords not checked today. */
  'keywords.daily': Record<string, never>;
  /** Checks and samples the ranks of these keywords; `runId` counts them into an update-all run. */
  'keywords.check-ranks': { keywordIds: number[]; source: RankSource; runId?: string };
  /** A sandbox callback that could not be delivered at once (retried until it is). */
  'payments.sandbox-deliver': { event: SandboxEvent };
  /**
   * The sandbox's next simulated confirmation of a crypto payment; `waits` counts the looks at a payment still
   * pending (its "paid" callback not through yet).
   */
  'payments.sandbox-confirm': { payment: string; confirmations: number; waits?: number };
  /** Scheduled hourly: writes off the unspent part of expired bonus money. */
  'billing.expire-bonuses': Record<string, never>;
  /** Scheduled monthly: the free API credits start again. */
  'api-credits.monthly': Record<string, never>;
  /** A public API call left the user's credits low: auto-refresh buys a pack if it is on. */
  'api-credits.refill': { userId: number };
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
  /** Scheduled every minute: mails the notices their readers chose to receive by e-mail. */
  'notices.mail': Record<string, never>;
  /** Scheduled hourly: checks the reviews of guaranteed-reviews campaigns under their guarantee. */
  'campaigns.guarantee': Record<string, never>;
  /** Scheduled every minute and queued after a redelivery: sends the webhook deliveries that are due. */
  'webhooks.deliver': Record<string, never>;
}
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
