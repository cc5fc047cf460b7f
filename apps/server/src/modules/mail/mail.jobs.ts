import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { createMailer, outboxDir, type MailMessage } from './mailer.js';

/** The mail module's queues and their job data. */
export interface MailQueues {
  'mail.send': MailMessage;
}

export const mailQueues: QueueDeclarations<Deps, MailQueues> = {
  'mail.send': {
    handler: ({ config }) => createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) }),
  },
};
