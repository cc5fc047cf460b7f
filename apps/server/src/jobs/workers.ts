import type { Config } from '../config.js';
import { outboxDir } from '../app.js';
import { createMailer } from '../modules/mail/mailer.js';
import type { Jobs } from './jobs.js';

/** Starts every queue's handler in this process. */
export async function startWorkers(jobs: Jobs, config: Config) {
  await jobs.work('mail.send', createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) }));
}
