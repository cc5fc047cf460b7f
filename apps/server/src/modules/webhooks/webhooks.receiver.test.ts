import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookDelivery } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { configProblem, loadConfig, outboundAllowNotice } from '../../config.js';
import { deliverDue } from './webhooks.delivery.js';

/*
 * A receiver on this machine, reached as an operator would allow it (OUTBOUND_ALLOW=127.0.0.1, the product's
 * own rule: no test policy), answering what a real one might.
 */

let receiver: Server;
let port = 0;
/** The receiver's answer per path: status and body. */
const answers = new Map<string, [number, string]>();
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, body] = answers.get(req.url ?? '') ?? [200, 'ok'];
      res.writeHead(status).end(body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  const { outboundAllow } = loadConfig({ OUTBOUND_ALLOW: '127.0.0.1' });
  t = await buildTestApp({ workers: false, config: { outboundAllow } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

type Headers = Record<string, string>;
async function endpoint(auth: Headers, path: string) {
  const res = await t.call('POST', 'webhooks', auth, {
    url: `http://127.0.0.1:${port}${path}`,
    events: ['payment.credited'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const log = async (auth: Headers, id: number): Promise<WebhookDelivery[]> =>
  (await t.call('GET', `webhooks/${id}/deliveries`, auth)).json().data;

describe('OUTBOUND_ALLOW', () => {
  it('is a list of addresses or CIDRs, empty by default, refused otherwise, and named at start', () => {
    expect(loadConfig({}).outboundAllow).toEqual([]);
    expect(outboundAllowNotice(loadConfig({}))).toBeNull();
    const config = loadConfig({ OUTBOUND_ALLOW: '10.20.0.0/16, 192.168.5.7' });
    expect(config.outboundAllow).toEqual(['10.20.0.0/16', '192.168.5.7']);
    expect(outboundAllowNotice(config)).toBe(
      'OUTBOUND_ALLOW: vendor APIs, ad networks and webhooks may also reach 10.20.0.0/16, 192.168.5.7.',
    );
    expect(configProblem({ OUTBOUND_ALLOW: '10.20.0.0/16,192.168.5.7' })).toBeNull();
    expect(configProblem({ OUTBOUND_ALLOW: '10.0.0.0/8,vendor.internal' })).toBe(
      'Storelift refuses to start: OUTBOUND_ALLOW holds vendor.internal: not addresses or CIDRs.',
    );
  });

  it('lets a webhook reach an allowed private address, and no other', async () => {
    const { auth } = await makeUser(t.deps.db);
    const id = await endpoint(auth, '/allowed');
    const other = await t.call('POST', 'webhooks', auth, {
      url: `http://127.0.0.2:${port}/hook`,
      events: ['payment.credited'],
    });
    expect(other.statusCode).toBe(422);
    expect(errorsOf(other).url).toEqual([WEBHOOK_MESSAGES.urlNotPublic]);
    expect((await t.call('POST', `webhooks/${id}/test`, auth)).statusCode).toBe(200);
    await deliverDue(t.deps);
    expect((await log(auth, id))[0]).toMatchObject({ status: 'succeeded', log: [{ status_code: 200 }] });
  });
});

describe('a receiver answering with control characters', () => {
  it('gets its attempt recorded, the answer stored without them, succeeded or retried', async () => {
    answers.set('/nul-ok', [200, 'ok\u0000then\u0007more\ttab']);
    answers.set('/nul-fail', [500, '\u0000\u0000broken']);
    const { auth } = await makeUser(t.deps.db);
    const ok = await endpoint(auth, '/nul-ok');
    const failing = await endpoint(auth, '/nul-fail');
    await t.call('POST', `webhooks/${ok}/test`, auth);
    await t.call('POST', `webhooks/${failing}/test`, auth);
    await deliverDue(t.deps);
    expect((await log(auth, ok))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      log: [{ status_code: 200, response_excerpt: 'okthenmore\ttab', error: null }],
    });
    const [retried] = await log(auth, failing);
    expect(retried).toMatchObject({
      status: 'pending',
      attempts: 1,
      log: [{ status_code: 500, response_excerpt: 'broken', error: 'HTTP 500' }],
    });
    expect(retried!.next_attempt_at).not.toBeNull();
  });
});

describe('test events and redeliveries', () => {
  it(`are limited to ${WEBHOOK_LIMITS.sendsPerMinute} a minute per customer, with a clear 429`, async () => {
    const { auth } = await makeUser(t.deps.db);
    const id = await endpoint(auth, '/limited');
    const codes: number[] = [];
    for (let i = 0; i < WEBHOOK_LIMITS.sendsPerMinute - 1; i++)
      codes.push((await t.call('POST', `webhooks/${id}/test`, auth)).statusCode);
    const [delivery] = await log(auth, id);
    codes.push(
      (await t.call('POST', `webhooks/${id}/deliveries/${delivery!.id}/redeliver`, auth)).statusCode,
    );
    expect(codes).toEqual(Array<number>(WEBHOOK_LIMITS.sendsPerMinute).fill(200));
    for (const refused of [
      await t.call('POST', `webhooks/${id}/test`, auth),
      await t.call('POST', `webhooks/${id}/deliveries/${delivery!.id}/redeliver`, auth),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: WEBHOOK_MESSAGES.tooManySends,
        code: 'webhook.tooManySends',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another customer has a limit of their own.
    const other = await makeUser(t.deps.db);
    expect(
      (await t.call('POST', `webhooks/${await endpoint(other.auth, '/other')}/test`, other.auth)).statusCode,
    ).toBe(200);
  });
});
