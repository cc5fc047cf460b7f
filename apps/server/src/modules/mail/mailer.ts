import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends a rendered message. */
export type Mailer = (message: MailMessage) => Promise<void>;

const FROM = 'Storelift <no-reply@storelift.test>';

/** Where mail goes without SMTP (the dev mailbox reads it). */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'outbox');

/** SMTP when a URL is configured, otherwise `.eml` files in the outbox folder. */
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return async (message) => {
      await transport.sendMail({ from: FROM, ...message });
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail({ from: FROM, ...message });
    await mkdir(options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    await writeFile(join(options.outboxDir, `${name}.eml`), info.message as Buffer);
    // The index beside the raw message feeds the dev mailbox page without parsing MIME. It is renamed
    // into place so that a reader never sees it half written.
    const index: OutboxEntry = { id: name, date: new Date().toISOString(), ...message };
    const indexFile = join(options.outboxDir, `${name}.json`);
    await writeFile(`${indexFile}.part`, JSON.stringify(index));
    await rename(`${indexFile}.part`, indexFile);
  };
}

export interface OutboxEntry extends MailMessage {
  id: string;
  date: string;
}
