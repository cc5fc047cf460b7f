import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAllowed } from '../../../test/outbound.js';
import { startStandInPanel, type StandInPanel } from '../../../test/stand-in-panel.js';
import { HttpPanelClient } from './panel-client.js';
import type { PanelCall } from './panel-protocol.js';
import { VendorRejectedError, VendorUnreachableError } from './vendor-provider.js';

let panel: StandInPanel;
let calls: PanelCall[];
const policy = loopbackAllowed();
const clientOf = (overrides: { key?: string; timeoutMs?: number; url?: string } = {}) =>
  new HttpPanelClient({
    url: overrides.url ?? panel.url,
    key: overrides.key ?? panel.key,
    policy,
    timeoutMs: overrides.timeoutMs ?? 2_000,
    onCall: (call) => calls.push(call),
  });

beforeAll(async () => {
  panel = await startStandInPanel({ balance: '100.00' });
});
afterAll(() => panel.close());
afterEach(() => {
  expect(panel.violations).toEqual([]);
  calls = [];
});
calls = [];

const link = 'https://play.google.com/store/apps/details?id=com.storelift.demo';

describe('HttpPanelClient', () => {
  it('lists services with rates as decimal strings and flags as booleans', async () => {
    const services = await clientOf().services();
    expect(services[0]).toEqual({
      service: '1',
      name: 'Google Play installs',
      type: 'Default',
      category: 'Google Play',
      rate: '0.90',
      min: 10,
      max: 20000,
      refill: false,
      cancel: true,
    });
    expect(services.find((each) => each.service === '3')).toMatchObject({ rate: '45.00', refill: true });
    panel.sloppy('strings');
    expect(await clientOf().services()).toEqual(services);
    expect(calls.map((call) => [call.action, call.outcome])).toEqual([
      ['services', 'ok'],
      ['services', 'ok'],
    ]);
  });

  it('adds an order with every field, reads its status, and the balance runs down by its charge', async () => {
    const client = clientOf();
    const { order } = await client.add({
      service: '3',
      link,
      quantity: 2,
      runs: 2,
      interval: 1440,
      comments: ['Great app', 'Works offline'],
      keywords: 'home workout',
    });
    expect(panel.orders.get(order)).toMatchObject({
      quantity: 2,
      runs: 2,
      interval: 1440,
      comments: ['Great app', 'Works offline'],
      keywords: 'home workout',
      charge: '0.09',
    });
    expect(panel.requests.at(-1)?.fields).not.toHaveProperty('key');
    expect(await client.status(order)).toEqual({
      charge: '0.09',
      start_count: 0,
      status: 'Pending',
      remains: 2,
      currency: 'USD',
    });
    expect(await client.balance()).toEqual({ balance: '99.91', currency: 'USD' });
    panel.advance(1);
    panel.sloppy('strings');
    expect(await client.status(order)).toMatchObject({ status: 'In progress', remains: 1 });
  });

  it('reads many statuses in one call, with the panel’s error for an unknown order', async () => {
    const client = clientOf();
    const a = (await client.add({ service: '1', link, quantity: 100 })).order;
    const b = (await client.add({ service: '1', link, quantity: 100 })).order;
    panel.setOrder(b, { status: 'Partial', remains: 40, charge: '0.054' });
    panel.sloppy('strings');
    expect(await client.statuses([a, b, '999999'])).toEqual({
      [a]: { charge: '0.09', start_count: 0, status: 'Pending', remains: 100, currency: 'USD' },
      [b]: { charge: '0.054', start_count: 0, status: 'Partial', remains: 40, currency: 'USD' },
      '999999': { error: 'Incorrect order ID' },
    });
    expect(panel.requests.at(-1)?.fields).toEqual({ action: 'status', orders: `${a},${b},999999` });
  });

  it('sends at most 100 orders per status or cancel call, and none for an empty list', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(i + 1));
    const before = panel.requests.length;
    await expect(clientOf().statuses(ids)).rejects.toBeInstanceOf(RangeError);
    await expect(clientOf().cancel(ids)).rejects.toBeInstanceOf(RangeError);
    expect(await clientOf().statuses([])).toEqual({});
    expect(panel.requests.length).toBe(before);
    expect(Object.keys(await clientOf().statuses(ids.slice(0, 100)))).toHaveLength(100);
  });

  it('refills a finished order and reads the refill’s status', async () => {
    const client = clientOf();
    const { order } = await client.add({ service: '3', link, quantity: 1, comments: ['Nice'] });
    await expect(client.refill(order)).rejects.toThrow(/^Order is not completed yet$/);
    panel.advance();
    const { refill } = await client.refill(order);
    expect(await client.refillStatus(refill)).toEqual({ status: 'Pending' });
    panel.advance();
    expect(await client.refillStatus(refill)).toEqual({ status: 'Completed' });
  });

  it('cancels orders, answered as a list or as a map by order id', async () => {
    const client = clientOf();
    const open = (await client.add({ service: '1', link, quantity: 10 })).order;
    const reviews = (await client.add({ service: '3', link, quantity: 1, comments: ['Nice'] })).order;
    expect(await client.cancel([open, reviews, '999999'])).toEqual({
      [open]: { ok: true },
      [reviews]: { error: 'Cancel is disabled for this service' },
      '999999': { error: 'Incorrect order ID' },
    });
    expect(panel.orders.get(open)?.status).toBe('Canceled');
    const other = (await client.add({ service: '1', link, quantity: 10 })).order;
    panel.sloppy('strings');
    expect(await client.cancel([other, open])).toEqual({
      [other]: { ok: true },
      [open]: { error: 'Order is already finished' },
    });
  });

  it('takes {error} with HTTP 200 for a refusal carrying the panel’s text', async () => {
    const client = clientOf();
    await expect(client.add({ service: '1', link, quantity: 5 })).rejects.toThrow(
      new VendorRejectedError('Quantity less than minimal 10'),
    );
    panel.setBalance('0.01');
    await expect(client.add({ service: '1', link, quantity: 100 })).rejects.toThrow(
      /^Not enough funds on balance$/,
    );
    panel.setBalance('100.00');
    panel.sloppy('error', 1, `Bad\u0000 key ${panel.key}\n${'x'.repeat(600)}`);
    const refused: unknown = await client.balance().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VendorRejectedError);
    const { message } = refused as VendorRejectedError;
    expect(message).toHaveLength(500);
    expect(message.startsWith('Bad key ***')).toBe(true);
    expect(calls.at(-1)).toMatchObject({ action: 'balance', outcome: 'refused' });
    expect(JSON.stringify(calls)).not.toContain(panel.key);
  });

  it('takes an HTML error page, unparseable JSON, a timeout or a closed port for unreachable', async () => {
    const client = clientOf({ timeoutMs: 300 });
    for (const kind of ['html', 'garbage', 'hang'] as const) {
      panel.sloppy(kind);
      await expect(client.balance(), kind).rejects.toBeInstanceOf(VendorUnreachableError);
    }
    expect(calls.map((call) => call.outcome)).toEqual(['unreachable', 'unreachable', 'unreachable']);
    const closed = clientOf({ url: 'http://127.0.0.1:1/api/v2', timeoutMs: 300 });
    await expect(closed.balance()).rejects.toBeInstanceOf(VendorUnreachableError);
  });

  it('refuses to call a private address unless the policy allows it', async () => {
    const refused = new HttpPanelClient({ url: panel.url, key: panel.key });
    await expect(refused.balance()).rejects.toThrow(/address is refused/);
  });
});

describe('HttpPanelClient reading odd answers', () => {
  let server: Server;
  let url = '';
  let next: [number, string] = [200, '{}'];

  beforeAll(async () => {
    server = createServer((_req, res) =>
      res.writeHead(next[0], { 'content-type': 'application/json' }).end(next[1]),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const client = () => new HttpPanelClient({ url, key: 'k', policy, timeoutMs: 2_000 });

  it('keeps money as the decimal text it was given, never through a float', async () => {
    next = [200, '{"balance": "0001.50", "currency": "USD"}'];
    expect(await client().balance()).toEqual({ balance: '1.50', currency: 'USD' });
    next = [200, '{"balance": 1.5, "currency": "EUR"}'];
    expect(await client().balance()).toEqual({ balance: '1.5', currency: 'EUR' });
    next = [200, '{"balance": "-2.10", "currency": "USD"}'];
    expect((await client().balance()).balance).toBe('-2.10');
    next = [200, '{"balance": "12,50", "currency": "USD"}'];
    await expect(client().balance()).rejects.toBeInstanceOf(VendorUnreachableError);
    next = [200, '{"charge": "-1", "status": "Completed", "remains": "0"}'];
    await expect(client().status('1')).rejects.toBeInstanceOf(VendorUnreachableError);
  });

  it('takes an order id with control characters or spaces for unreadable (it would be stored)', async () => {
    for (const order of ['"12\\u00003"', '"12 3"', '""', '1.5', 'null']) {
      next = [200, `{"order": ${order}}`];
      await expect(
        client().add({ service: '1', link: 'https://x.example', quantity: 1 }),
        order,
      ).rejects.toThrow(/order is not an id/);
    }
    next = [200, '{"order": " 7f3a "}'];
    expect(await client().add({ service: '1', link: 'https://x.example', quantity: 1 })).toEqual({
      order: '7f3a',
    });
  });

  it('answers multi-status and cancel for the orders asked about only', async () => {
    next = [
      200,
      '{"1": {"status": "Completed", "remains": "0"}, "1\\u0000": {"error": "x"}, "9": {"error": "y"}}',
    ];
    expect(Object.keys(await client().statuses(['1', '2']))).toEqual(['1']);
    next = [200, '[{"order": 1, "cancel": 1}, {"order": 9, "cancel": 1}]'];
    expect(await client().cancel(['1', '2'])).toEqual({ 1: { ok: true } });
  });

  it('reads statuses in any case and with spaces, and a negative remainder as none', async () => {
    next = [200, '{"charge": null, "start_count": "", "status": " IN PROGRESS ", "remains": "-3"}'];
    expect(await client().status('1')).toEqual({
      charge: null,
      start_count: null,
      status: 'In progress',
      remains: 0,
      currency: null,
    });
    next = [200, '{"status": "Exploded", "remains": "1"}'];
    await expect(client().status('1')).rejects.toThrow(/unreadably/);
  });

  it('leaves out a service it cannot read, and reads flags as 1/0, "1"/"0" or true/false', async () => {
    next = [
      200,
      JSON.stringify([
        { service: 7, name: 'A', rate: '1.2', min: '1', max: '9', refill: '1', cancel: 0 },
        { service: 8, name: 'B', rate: 'n/a', min: '1', max: '9' },
      ]),
    ];
    expect(await client().services()).toEqual([
      {
        service: '7',
        name: 'A',
        type: 'Default',
        category: '',
        rate: '1.2',
        min: 1,
        max: 9,
        refill: true,
        cancel: false,
      },
    ]);
  });

  it('takes a 4xx with {error} for a refusal, a 4xx page, a 429 or a 5xx for unreachable', async () => {
    next = [403, '{"error": "Invalid API key"}'];
    await expect(client().balance()).rejects.toThrow(new VendorRejectedError('Invalid API key'));
    for (const answer of [
      [403, '<html>Forbidden</html>'],
      [429, '{"error": "Too many requests"}'],
      [500, '{"error": "Internal error"}'],
      [302, ''],
    ] as [number, string][]) {
      next = answer;
      await expect(client().balance(), String(answer[0])).rejects.toBeInstanceOf(VendorUnreachableError);
    }
  });
});
