import { DAY_MS } from '@storelift/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { hostileString, hostileValue } from '../../../test/fuzz.js';
import { loopbackAllowed } from '../../../test/outbound.js';
import { sandboxPanelAccount, sandboxPanelOrders, sandboxPanelRefills } from '../../db/schema/index.js';
import { HttpPanelClient } from '../../providers/vendors/panel-client.js';
import { SANDBOX_PANEL_SERVICES, sandboxPanelUrl } from './sandbox-panel.catalog.js';
import { SANDBOX_PANEL_START_MS, sandboxPanelFate } from './sandbox-panel.service.js';

let t: TestApp;
const KEY = 'sandbox-panel-test-key';
const link = 'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness';

beforeAll(async () => {
  t = await buildTestApp({
    workers: false,
    listen: true,
    config: { vendorSandboxPanelKey: KEY, vendorSandboxSpeed: 1 },
  });
});
afterAll(() => t.close());

/** One form-encoded call to the sandbox panel: its HTTP status and JSON answer. */
async function call(fields: Record<string, string>, key = KEY) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/panel/api/v2',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ key, ...fields }).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { error?: string } };
}

const answer = async (fields: Record<string, string>) => (await call(fields)).body;

/** Moves an order's (or refill's) placement back by `ms` of real time: the sandbox's clock runs from it. */
async function age(table: typeof sandboxPanelOrders | typeof sandboxPanelRefills, id: number, ms: number) {
  await t.deps.db
    .update(table)
    .set({ created_at: sql`${table.created_at} - ${`${ms} milliseconds`}::interval` })
    .where(eq(table.id, id));
}

describe('sandbox panel', () => {
  it('answers {error} with HTTP 200 for a wrong key, an unknown action or a bad field, never a 500', async () => {
    expect(await call({ action: 'balance' }, 'wrong')).toEqual({
      status: 200,
      body: { error: 'Invalid API key' },
    });
    expect((await call({ action: 'explode' })).body).toEqual({ error: 'Incorrect request: action' });
    for (const [field, value] of [
      ['link', 'https://play.google.com/\u0000'],
      ['link', 'not a link'],
      ['quantity', '1e3'],
      ['quantity', '0'],
      ['service', 'abc'],
    ]) {
      const res = await call({ action: 'add', service: '1001', link, quantity: '100', [field!]: value! });
      expect(res, `${field}=${value}`).toEqual({
        status: 200,
        body: { error: `Incorrect request: ${field}` },
      });
    }
    const nothing = await t.app.inject({ method: 'POST', url: '/sandbox/panel/api/v2', payload: {} });
    expect(nothing.json()).toEqual({ error: 'Invalid API key' });
  });

  it('lists its services per store with rates per 1000 as decimal strings', async () => {
    const services = (await call({ action: 'services' })).body as unknown as Record<string, unknown>[];
    expect(services).toHaveLength(SANDBOX_PANEL_SERVICES.length);
    expect(services[0]).toEqual({
      service: 1001,
      name: 'Google Play app installs',
      type: 'Default',
      category: 'Google Play',
      rate: '0.80',
      min: '1',
      max: '50000',
      refill: false,
      cancel: true,
    });
    expect(services.find((each) => each.service === 2003)).toMatchObject({
      type: 'Custom Comments',
      rate: '55.00',
      refill: true,
    });
  });

  it('takes orders, charges the balance, and delivers them over a day (a few end Partial or Canceled)', async () => {
    for (let i = 1; i <= 20; i++)
      expect(await answer({ action: 'add', service: '1001', link, quantity: '1000' })).toEqual({ order: i });
    // 20 × 1000 installs at 0.80 per 1000.
    expect(await answer({ action: 'balance' })).toEqual({ balance: '4984.00', currency: 'USD' });
    expect(sandboxPanelFate(13).outcome).toBe('Partial');
    expect(sandboxPanelFate(20).outcome).toBe('Canceled');
    expect(sandboxPanelFate(1).outcome).toBe('Completed');

    expect(await answer({ action: 'status', order: '1' })).toMatchObject({
      charge: '0.80',
      status: 'Pending',
      remains: '1000',
      currency: 'USD',
    });
    // Pending for its first minutes, then what it delivered since it was placed: a day's quantity over the day.
    await age(sandboxPanelOrders, 1, SANDBOX_PANEL_START_MS);
    expect(await answer({ action: 'status', order: '1' })).toMatchObject({
      status: 'In progress',
      remains: '994',
    });
    await age(sandboxPanelOrders, 1, DAY_MS / 4 - SANDBOX_PANEL_START_MS);
    expect(await answer({ action: 'status', order: '1' })).toMatchObject({
      status: 'In progress',
      remains: '750',
    });
    for (const id of [1, 13, 20]) await age(sandboxPanelOrders, id, DAY_MS);
    const stop = sandboxPanelFate(13).stop;
    const partialRemains = 1000 - Math.floor(1000 * stop);
    const many = await answer({ action: 'status', orders: '1,13,20,999' });
    expect(many).toEqual({
      1: expect.objectContaining({ status: 'Completed', remains: '0', charge: '0.80' }),
      13: expect.objectContaining({ status: 'Partial', remains: String(partialRemains) }),
      20: expect.objectContaining({ status: 'Canceled', remains: '1000', charge: '0.00' }),
      999: { error: 'Incorrect order ID' },
    });
    // What was not delivered went back to the balance, once (a second read refunds nothing more).
    const refunded = 0.8 + (0.8 * partialRemains) / 1000;
    await answer({ action: 'status', orders: '13,20' });
    const { balance } = (await answer({ action: 'balance' })) as { balance: string };
    expect(Number(balance)).toBeCloseTo(4984 + refunded, 5);
  });

  it('reads at most 100 orders in one status call', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(i + 1));
    expect(await answer({ action: 'status' })).toEqual({ error: 'Incorrect request: order' });
    expect(await answer({ action: 'status', orders: ids.join(',') })).toEqual({
      error: 'Incorrect request: orders',
    });
    expect(Object.keys(await answer({ action: 'status', orders: ids.slice(0, 100).join(',') }))).toHaveLength(
      100,
    );
  });

  it('takes reviews with one comment per line, and refills them once delivered', async () => {
    const comments = 'Great app\nWorks offline';
    expect(await answer({ action: 'add', service: '1003', link, quantity: '3', comments })).toEqual({
      error: 'Send one comment per line, as many as the quantity',
    });
    const { order } = (await answer({ action: 'add', service: '1003', link, quantity: '2', comments })) as {
      order: number;
    };
    expect(await answer({ action: 'refill', order: String(order) })).toEqual({
      error: 'Order is not completed yet',
    });
    await age(sandboxPanelOrders, order, DAY_MS);
    const { refill } = (await answer({ action: 'refill', order: String(order) })) as { refill: number };
    expect(await answer({ action: 'refill_status', refill: String(refill) })).toEqual({ status: 'Pending' });
    await age(sandboxPanelRefills, refill, 60 * 60_000);
    expect(await answer({ action: 'refill_status', refill: String(refill) })).toEqual({
      status: 'Completed',
    });
    expect(await answer({ action: 'refill', order: '2' })).toEqual({
      error: 'Refill is not available for this service',
    });
    expect(await answer({ action: 'refill_status', refill: '999' })).toEqual({
      error: 'Incorrect refill ID',
    });
  });

  it('cancels a running order with what it delivered (the rest refunded), and answers each order', async () => {
    const { order } = (await answer({ action: 'add', service: '1001', link, quantity: '100' })) as {
      order: number;
    };
    await age(sandboxPanelOrders, order, DAY_MS / 2);
    const before = Number(((await answer({ action: 'balance' })) as { balance: string }).balance);
    expect(await call({ action: 'cancel', orders: `${order},1,999` })).toEqual({
      status: 200,
      body: [
        { order, cancel: 1 },
        { order: 1, cancel: { error: 'Order is already finished' } },
        { order: 999, cancel: { error: 'Incorrect order ID' } },
      ],
    });
    expect(await answer({ action: 'status', order: String(order) })).toMatchObject({
      status: 'Partial',
      remains: '50',
      charge: '0.04',
    });
    const after = Number(((await answer({ action: 'balance' })) as { balance: string }).balance);
    expect(after - before).toBeCloseTo(0.04, 5);
  });

  it('refuses an order the balance does not cover', async () => {
    await t.deps.db.update(sandboxPanelAccount).set({ balance: '0.01' });
    expect(await answer({ action: 'add', service: '1001', link, quantity: '100' })).toEqual({
      error: 'Not enough funds on balance',
    });
    expect(await answer({ action: 'add', service: '1001', link, quantity: '50001' })).toEqual({
      error: 'Quantity must be from 1 to 50000',
    });
    await t.deps.db.update(sandboxPanelAccount).set({ balance: '5000' });
  });

  it('is spoken to by the panel client over HTTP like any vendor panel', async () => {
    const calls: string[] = [];
    const client = new HttpPanelClient({
      url: sandboxPanelUrl(t.config),
      key: KEY,
      policy: loopbackAllowed(),
      onCall: (each) => calls.push(`${each.action}:${each.outcome}`),
    });
    expect((await client.services()).map((each) => each.service)).toEqual(
      SANDBOX_PANEL_SERVICES.map((each) => each.service),
    );
    const { order } = await client.add({
      service: '2001',
      link: 'https://apps.apple.com/app/id1',
      quantity: 50,
    });
    expect(await client.status(order)).toMatchObject({ status: 'Pending', remains: 50, charge: '0.06' });
    expect(await client.balance()).toEqual({ balance: '4999.94', currency: 'USD' });
    await expect(client.refill(order)).rejects.toThrow(/^Refill is not available for this service$/);
    expect(calls).toEqual(['services:ok', 'add:ok', 'status:ok', 'balance:ok', 'refill:refused']);
  });

  it('is left out of the API reference', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/sandbox'))).toEqual([]);
  });

  it('answers hostile fields of every action (form or JSON) with {error} or an answer, never a 5xx', async () => {
    const actions = ['services', 'add', 'status', 'balance', 'refill', 'refill_status', 'cancel'];
    const fields = [
      'service',
      'link',
      'quantity',
      'runs',
      'interval',
      'comments',
      'keywords',
      'order',
      'orders',
      'refill',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actions),
        fc.dictionary(fc.constantFrom(...fields), hostileString),
        fc.dictionary(fc.constantFrom(...fields), hostileValue),
        async (action, form, json) => {
          const asForm = await t.app.inject({
            method: 'POST',
            url: '/sandbox/panel/api/v2',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ ...form, key: KEY, action }).toString(),
          });
          const asJson = await t.app.inject({
            method: 'POST',
            url: '/sandbox/panel/api/v2',
            payload: { ...json, key: KEY, action },
          });
          for (const res of [asForm, asJson]) expect(res.statusCode, res.body).toBe(200);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('sandbox panel where sandboxes are not allowed', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({ workers: false, config: { production: true, sandbox: false } });
  });
  afterAll(() => production.close());

  it('does not exist', async () => {
    const res = await production.app.inject({
      method: 'POST',
      url: '/sandbox/panel/api/v2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key: 'sandbox-panel-key', action: 'balance' }).toString(),
    });
    expect(res.statusCode).toBe(404);
  });
});
