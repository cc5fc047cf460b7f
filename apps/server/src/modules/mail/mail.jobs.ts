import type { Deps } from '../../deps.js';
import type { QueueWorkers } from '../../jobs/jobs.js';
import { createMailer, outboxDir, type MailMessage } from './mailer.js';

/** The mail module's queues and their job data. */
export interface MailQueues {
  'mail.send': MailMessage;
}

export const mailWorkers: QueueWorkers<Deps, MailQueues> = {
  'mail.send': {
    handler: ({ config }) => createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) }),
  },
};
