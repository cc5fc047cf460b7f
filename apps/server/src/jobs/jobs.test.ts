import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, createTestStore } from '../../test/build-test-app.js';
import { registerBody } from '../../test/factories.js';
import { waitForMail } from '../../test/outbox.js';
import { readOutbox } from '../modules/mail/dev-mailbox.routes.js';
import { join } from 'node:path';

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
