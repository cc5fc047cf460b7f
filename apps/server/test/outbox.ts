import { join } from 'node:path';
import { readOutbox } from '../src/modules/mail/dev-mailbox.routes.js';
import type { OutboxEntry } from '../src/modules/mail/mailer.js';

/** Waits for the newest mail to an address in the outbox (the mail job runs in the background). */
export async function waitForMail(
  dataDir: string,
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const mails = (await readOutbox(join(dataDir, 'outbox'))).filter(
      (mail) => mail.to === to && Date.parse(mail.date) >= (options.after ?? 0),
    );
    if (mails[0]) return mails[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} arrived`);
}

/** The first link in a mail's text. */
export function linkIn(mail: OutboxEntry): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return new URL(match[0]);
}
