import type { MailMessage } from '../modules/mail/mailer.js';

/** Every pg-boss queue with the shape of its job data. */
export interface QueueData {
  'mail.send': MailMessage;
}
export type QueueName = keyof QueueData;
export const QUEUE_NAMES: QueueName[] = ['mail.send'];
