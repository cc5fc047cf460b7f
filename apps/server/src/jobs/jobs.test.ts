import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, createTestStore } from '../../test/build-test-app.js';
import { registerBody } from '../../test/factories.js';
import { waitForMail } from '../../test/outbox.js';
import { readOutbox } from '../modules/mail/dev-mailbox.routes.js';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { QUEUES } from '../workers.js';
import { MONEY_JOB_EXPIRY_SECONDS, queueNames } from './queues.js';

const QUEUE_NAMES = queueNames(QUEUES);
const MONEY_QUEUES = QUEUE_NAMES.filter((queue) => QUEUES[queue].money);

describe('durable jobs', () => {
  const storePromise = createTestStore({ persistent: true });
  afterAll(async () => (await storePromise).drop());

  it('delivers a mail queued before a restart once workers run again', async () => {
    const store = await storePromise;
    const first = await buildTestApp({ store, workers: false });
    const body = registerBody();
    expect(
      (await first.app.inject({ method: 'POST', url: '/api/private/v1/register', payload: body })).statusCode,
    ).toBe(201);
    await first.close();
    expect(await readOutbox(join(store.dataDir, 'outbox'))).toEqual([]);

    const second = await buildTestApp({ store });
    try {
      const mail = await waitForMail(store.dataDir, body.email);
      expect(mail.subject).toBe('Confirm your e-mail for Storelift');
    } finally {
      await second.close();
    }
  });
});

describe('job expiry', () => {
  it("takes a money job whose worker died again after a minute, other jobs after pg-boss's 15", async () => {
    const t = await buildTestApp({ workers: false });
    try {
      const result = await t.deps.db.execute(sql`select name, expire_seconds from pgboss.queue`);
      const expiry = Object.fromEntries(
        (result as unknown as { rows: { name: string; expire_seconds: number | null }[] }).rows.map((row) => [
          row.name,
          row.expire_seconds,
        ]),
      );
      for (const queue of QUEUE_NAMES)
        expect(expiry[queue], queue).toBe(MONEY_QUEUES.includes(queue) ? MONEY_JOB_EXPIRY_SECONDS : null);
      expect(MONEY_QUEUES).toEqual(expect.arrayContaining(['payments.sandbox-confirm', 'campaigns.start']));
      await t.deps.jobs.send('campaigns.cpi-refund', { campaignId: 1 });
      await t.deps.jobs.send('mail.send', { to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' });
      const jobs = await t.deps.db.execute(
        sql`select name, extract(epoch from expire_in)::int as seconds from pgboss.job
          where name in ('campaigns.cpi-refund', 'mail.send') order by name`,
      );
      expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([
        { name: 'campaigns.cpi-refund', seconds: 60 },
        { name: 'mail.send', seconds: 900 },
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('SMTP delivery', () => {
  it('sends account mail through a real SMTP server when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      const body = registerBody();
      await t.app.inject({ method: 'POST', url: '/api/private/v1/register', payload: body });
      const deadline = Date.now() + 15_000;
      while (!received.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${body.email}`);
      expect(received[0]).toContain('Subject: Confirm your e-mail for Storelift');
      expect(await readOutbox(join(t.config.dataDir, 'outbox'))).toEqual([]);
    } finally {
      await t.close();
      smtp.close();
    }
  });
});
