import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_VERIFY_SNIPPET,
  type WebhookDelivery,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeKeywords, makeTopUp, makeUser } from '../../../test/factories.js';
import { addDays, saveMeasures, utcDay } from '../keywords/ranks.js';
import { isPublicAddress, type OutboundPolicy } from '../../lib/public-url.js';
import { deliverDue, retryDelayMs } from './webhooks.delivery.js';

/** What the stand-in receiver got: one entry per request. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let port = 0;
const received: Received[] = [];
/** The receiver's answer per path (default 200). */
const answers = new Map<string, number>();

/**
 * Names resolve from this table (no internet here). `receiver.example.com` is the one public-looking name
 * whose loopback address these tests allow, standing in for a customer's server; every other answer must be
 * public as in production. `rebind.example.com` answers public first, private afterwards.
 */
let rebindCalls = 0;
const dns: Record<string, () => string[]> = {
  'receiver.example.com': () => ['127.0.0.1'],
  'public.example.com': () => ['93.184.216.34'],
  'private.example.com': () => ['10.0.0.5'],
  'rebind.example.com': () => (rebindCalls++ === 0 ? ['93.184.216.34'] : ['192.168.1.20']),
};
const receiverPolicy: OutboundPolicy = {
  resolve: async (host) => dns[host]?.() ?? [],
  allows: (address) => address === '127.0.0.1' || isPublicAddress(address),
};

let t: TestApp;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(answers.get(req.url ?? '') ?? 200).end('ok '.repeat(200));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  t = await buildTestApp({ workers: false, outbound: receiverPolicy });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

type Headers = Record<string, string>;
const hook = (path: string) => `http://receiver.example.com:${port}${path}`;
const register = (auth: Headers, body: Record<string, unknown>) => t.call('POST', 'webhooks', auth, body);
const deliveries = async (auth: Headers, id: number): Promise<WebhookDelivery[]> =>
  (await t.call('GET', `webhooks/${id}/deliveries?limit=50`, auth)).json().data;

/** The documented verification snippet, run as written. */
async function documentedVerify(): Promise<(secret: string, header: string, body: string) => boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'storelift-verify-'));
  const file = join(dir, 'verify.ts');
  writeFileSync(file, WEBHOOK_VERIFY_SNIPPET);
  try {
    const module = (await import(pathToFileURL(file).href)) as {
      verifyStorelift: (secret: string, header: string, body: string) => boolean;
    };
    return module.verifyStorelift;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('registering endpoints', () => {
  it('shows the secret once, masked afterwards', async () => {
    const { auth } = await makeUser(t.database.db);
    const res = await register(auth, { url: hook('/once'), events: ['payment.credited'] });
    expect(res.statusCode, res.body).toBe(201);
    const { data, secret } = res.json();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(data).toMatchObject({
      url: hook('/once'),
      events: ['payment.credited'],
      is_active: true,
      rank_threshold: 5,
    });
    const list = (await t.call('GET', 'webhooks', auth)).json().data;
    expect(list).toEqual([{ ...data, secret_hint: `whsec_…${secret.slice(-4)}` }]);
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('refuses private, loopback, link-local and unresolvable addresses with a field error', async () => {
    const { auth } = await makeUser(t.database.db);
    for (const url of [
      'http://10.0.0.1/hook',
      'http://127.0.0.2/hook',
      'http://localhost/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://private.example.com/hook',
      'http://unknown.example.com/hook',
      'ftp://public.example.com/hook',
      'gopher://public.example.com/',
    ]) {
      const res = await register(auth, { url, events: ['payment.credited'] });
      expect(res.statusCode, url).toBe(422);
      expect(errorsOf(res).url, url).toBeDefined();
    }
    expect((await register(auth, { url: 'https://public.example.com/hook', events: [] })).statusCode).toBe(
      422,
    );
    expect(
      (await register(auth, { url: 'https://public.example.com/hook', events: ['nope'] })).statusCode,
    ).toBe(422);
    expect((await t.call('GET', 'webhooks', auth)).json().data).toEqual([]);
  });

  it(`allows ${WEBHOOK_LIMITS.endpointsPerUser} endpoints a user, even when registered at once`, async () => {
    const { auth } = await makeUser(t.database.db);
    const body = { url: 'https://public.example.com/hook', events: ['campaign.completed'] };
    const results = await Promise.all(
      Array.from({ length: WEBHOOK_LIMITS.endpointsPerUser + 3 }, () => register(auth, body)),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(WEBHOOK_LIMITS.endpointsPerUser);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe(WEBHOOK_MESSAGES.tooManyEndpoints);
  });
});

describe('deliveries', () => {
  it('signs an event so the documented snippet verifies it, and a wrong secret does not', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const { data, secret } = (
      await register(auth, { url: hook('/signed'), events: ['payment.credited'] })
    ).json();
    await makeTopUp(t.deps.db, user.id, '25');
    await deliverDue(t.deps);
    const got = received.find((each) => each.path === '/signed');
    expect(got).toBeDefined();
    const event = JSON.parse(got!.body);
    expect(event).toMatchObject({ type: 'payment.credited', data: { amount: '25.0000' } });
    expect(got!.headers['storelift-event']).toBe('payment.credited');
    const verify = await documentedVerify();
    const header = got!.headers['storelift-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(secret, header, got!.body)).toBe(true);
    expect(verify(`${secret}x`, header, got!.body)).toBe(false);
    expect(verify(secret, header, got!.body.replace('25.0000', '99.0000'))).toBe(false);
    const [delivery] = await deliveries(auth, data.id);
    expect(delivery).toMatchObject({ type: 'payment.credited', status: 'succeeded', attempts: 1 });
    expect(delivery!.log).toHaveLength(1);
    expect(delivery!.log[0]).toMatchObject({ status_code: 200, error: null });
    // Only a short excerpt of the answer is kept.
    expect(delivery!.log[0]!.response_excerpt!.length).toBe(WEBHOOK_LIMITS.excerptChars);
  });

  it('sends only the events an endpoint takes, and nothing to a disabled one', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const ranks = (await register(auth, { url: hook('/ranks'), events: ['keyword.rank_changed'] })).json()
      .data;
    const paid = (await register(auth, { url: hook('/paid'), events: ['payment.credited'] })).json().data;
    await t.call('PUT', `webhooks/${paid.id}`, auth, { is_active: false });
    await makeTopUp(t.deps.db, user.id, '5');
    await deliverDue(t.deps);
    expect(await deliveries(auth, ranks.id)).toEqual([]);
    expect(await deliveries(auth, paid.id)).toEqual([]);
  });

  it('sends a rank change only to endpoints whose threshold it exceeds', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id);
    const [keyword] = await makeKeywords(t.deps, app, ['step counter']);
    const events = ['keyword.rank_changed'];
    const near = (await register(auth, { url: hook('/near'), events, rank_threshold: 5 })).json().data;
    const far = (await register(auth, { url: hook('/far'), events, rank_threshold: 30 })).json().data;
    const today = utcDay();
    const sample = (rank: number) => [{ id: keyword!.id, rank, state: 'ok' as const, stats: null }];
    await saveMeasures(t.deps.db, sample(40), { day: addDays(today, -1), source: 'add' });
    await saveMeasures(t.deps.db, sample(20), { day: today, source: 'add' });
    expect((await deliveries(auth, near.id)).map((each) => each.payload)).toEqual([
      expect.objectContaining({
        keyword: 'step counter',
        previous_rank: 40,
        rank: 20,
        change: 20,
        day: today,
      }),
    ]);
    expect(await deliveries(auth, far.id)).toEqual([]);
  });

  it('retries a failing endpoint with exponential backoff for a day, logging each attempt, then redelivers on demand', async () => {
    const { auth } = await makeUser(t.database.db);
    answers.set('/flaky', 500);
    const { data } = (await register(auth, { url: hook('/flaky'), events: ['payment.credited'] })).json();
    const sent = (await t.call('POST', `webhooks/${data.id}/test`, auth)).json().data as WebhookDelivery;
    expect(sent).toMatchObject({ type: 'ping', status: 'pending' });
    const start = Date.now();
    let now = start;
    const clock = () => new Date(now);
    await deliverDue(t.deps, clock);
    let [delivery] = await deliveries(auth, data.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery!.log[0]).toMatchObject({ status_code: 500, error: 'HTTP 500' });
    expect(Date.parse(delivery!.next_attempt_at!) - now).toBe(retryDelayMs(1));

    // Not due yet: nothing is sent.
    now += retryDelayMs(1) - 1000;
    await deliverDue(t.deps, clock);
    expect((await deliveries(auth, data.id))[0]!.attempts).toBe(1);

    // Each retry waits twice as long as the one before, up to the day's end.
    const gaps: number[] = [];
    for (let attempt = 1; attempt < 30; attempt++) {
      [delivery] = await deliveries(auth, data.id);
      if (delivery!.status !== 'pending') break;
      now = Date.parse(delivery!.next_attempt_at!);
      gaps.push(retryDelayMs(attempt));
      await deliverDue(t.deps, clock);
    }
    [delivery] = await deliveries(auth, data.id);
    expect(delivery!.status).toBe('failed');
    expect(gaps.slice(0, 5)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(now - start).toBeLessThanOrEqual(WEBHOOK_LIMITS.retryHours * 3_600_000);
    expect(delivery!.log.length).toBe(delivery!.attempts);
    expect(delivery!.log.every((each) => each.status_code === 500 && each.latency_ms >= 0)).toBe(true);

    answers.set('/flaky', 204);
    const again = await t.call('POST', `webhooks/${data.id}/deliveries/${delivery!.id}/redeliver`, auth);
    expect(again.statusCode, again.body).toBe(200);
    await deliverDue(t.deps);
    [delivery] = await deliveries(auth, data.id);
    expect(delivery).toMatchObject({ status: 'succeeded' });
    expect(delivery!.log.at(-1)).toMatchObject({ status_code: 204, error: null });
  });

  it('checks the address again at delivery: a name that now resolves privately is refused (rebinding)', async () => {
    const { auth } = await makeUser(t.database.db);
    rebindCalls = 0;
    const created = await register(auth, {
      url: 'http://rebind.example.com/hook',
      events: ['payment.credited'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    await t.call('POST', `webhooks/${id}/test`, auth);
    const before = received.length;
    await deliverDue(t.deps);
    const [delivery] = await deliveries(auth, id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery!.log[0]).toMatchObject({ status_code: null });
    expect(delivery!.log[0]!.error).toMatch(/^Refused: .*not public/);
    expect(received.length).toBe(before);
  });

  it('keeps another user’s endpoints and logs out of reach', async () => {
    const owner = await makeUser(t.database.db);
    const other = await makeUser(t.database.db);
    const { id } = (await register(owner.auth, { url: hook('/mine'), events: ['payment.credited'] })).json()
      .data;
    const sent = (await t.call('POST', `webhooks/${id}/test`, owner.auth)).json().data as WebhookDelivery;
    expect((await t.call('GET', 'webhooks', other.auth)).json().data).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `webhooks/${id}/deliveries`],
      ['PUT', `webhooks/${id}`, { is_active: false }],
      ['POST', `webhooks/${id}/test`],
      ['POST', `webhooks/${id}/deliveries/${sent.id}/redeliver`],
      ['DELETE', `webhooks/${id}`],
    ] as const)
      expect((await t.call(method, url, other.auth, body)).statusCode, `${method} ${url}`).toBe(404);
    // Nor through an endpoint of their own.
    const theirs = (await register(other.auth, { url: hook('/theirs'), events: ['payment.credited'] })).json()
      .data;
    expect(
      (await t.call('POST', `webhooks/${theirs.id}/deliveries/${sent.id}/redeliver`, other.auth)).statusCode,
    ).toBe(404);
    expect((await t.call('GET', 'webhooks', owner.auth)).json().data[0]).toMatchObject({
      id,
      is_active: true,
    });
    expect((await t.call('DELETE', `webhooks/${id}`, owner.auth)).statusCode).toBe(200);
    expect((await t.call('GET', 'webhooks', owner.auth)).json().data).toEqual([]);
  });
});
