import { DAY_MS } from '@storelift/shared';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminCampaign, Campaign } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { loopbackAllowed } from '../../../../test/outbound.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../../test/factories.js';
import { transactions, vendors } from '../../../db/schema/index.js';
import type { VendorOrder } from '../../../providers/vendors/vendor-provider.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { deliveryTick } from './campaigns.delivery.js';

/**
 * A vendor's HTTP API stand-in (providers/vendors/README.md protocol): keeps the orders it took, answers
 * their progress from what the test sets, and records every call.
 */
class StandIn {
  server: Server;
  url = '';
  orders = new Map<string, { body: VendorOrder; state: string; reason?: string; delivered: number[] }>();
  calls: { method: string; path: string; authorization: string | undefined }[] = [];
  /** Status to answer a new order with (a refusal), or to answer every call with (e.g. 503). */
  refuseOrders: number | null = null;
  down: number | null = null;
  /** How long each answer takes, and the most calls that were open at once. */
  delayMs = 0;
  inFlight = 0;
  maxInFlight = 0;

  constructor() {
    this.server = createServer((req, res) => {
      let raw = '';
      this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const path = req.url ?? '';
        this.calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
        const answer = (status: number, body: object) =>
          setTimeout(() => {
            this.inFlight -= 1;
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
          }, this.delayMs);
        if (this.down) return answer(this.down, { error: 'down' });
        if (req.method === 'POST' && path === '/orders') {
          if (this.refuseOrders) return answer(this.refuseOrders, { error: 'No capacity for this app' });
          const body = JSON.parse(raw) as VendorOrder;
          const ref = `v-${body.id}`;
          if (!this.orders.has(ref)) this.orders.set(ref, { body, state: 'running', delivered: [] });
          return answer(201, { ref, state: 'running' });
        }
        const [, , ref, action] = path.split('/');
        const order = this.orders.get(decodeURIComponent(ref ?? ''));
        if (!order) return answer(404, { error: 'unknown order' });
        if (req.method === 'POST') {
          order.state = { pause: 'paused', resume: 'running', cancel: 'canceled' }[action!] ?? order.state;
          return answer(200, { state: order.state });
        }
        return answer(200, {
          state: order.state,
          reason: order.reason,
          orders: order.body.orders.map((each) => ({
            id: each.id,
            days: each.sequence.map((day, index) => ({
              day: day.day,
              installs_actual: order.delivered[index] ?? day.installs_actual,
            })),
          })),
        });
      });
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The order placed for a campaign (the latest placement). */
  orderOf(campaignId: number) {
    return [...this.orders.values()].filter((order) => order.body.campaign_id === campaignId).at(-1);
  }

  /** The pause, resume and cancel calls a campaign's orders got. */
  actionsOn(campaignId: number) {
    const refs = [...this.orders.entries()].filter(([, order]) => order.body.campaign_id === campaignId);
    return this.calls
      .filter(
        (call) => call.method === 'POST' && refs.some(([ref]) => call.path.startsWith(`/orders/${ref}/`)),
      )
      .map((call) => call.path.split('/')[3]);
  }
}

type Auth = { authorization: string };
let t: TestApp;
let customer: Auth;
let customerId: number;
let admin: Auth;
let vendorId: number;
let sandboxId: number;
const standIn = new StandIn();
const ADMIN = '/api/admin/v1';
// Google Play direct installs on the base plan: 0.12 each; 3 days × 10 = 30 installs = 3.6000.

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `${ADMIN}/${url}`, headers: admin, ...(payload ? { payload } : {}) });
const main = async () => (await balancesOf(t.deps.db, customerId)).main;
const details = async (id: number): Promise<AdminCampaign> =>
  (await staff('GET', `campaigns/${id}`)).json().data;

async function order(): Promise<Campaign> {
  const res = await t.call('POST', 'campaigns', customer, direct());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  await standIn.start();
  t = await buildTestApp({ workers: false, outbound: loopbackAllowed() });
  const user = await makeUser(t.deps.db);
  customer = user.auth;
  customerId = user.user.id;
  await makeApp(t.deps, customerId);
  await makeTopUp(t.deps.db, customerId, '900');
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
  const [sandbox] = await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
  sandboxId = sandbox!.id;
  await staff('PUT', 'vendors/change-admin-vendors-activity', { id: sandboxId, is_active: false });
  const created = await staff('POST', 'vendors', {
    vendor: 'Acme API',
    store: 1,
    products: [1, 2],
    api_url: `${standIn.url}/`,
    api_key: 'secret-key',
    protocol: 'json',
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().data).toMatchObject({ api_url: `${standIn.url}/`, has_api_key: true });
  expect(created.body).not.toContain('secret-key');
  vendorId = created.json().data.id;
});
beforeEach(() => {
  standIn.refuseOrders = null;
  standIn.down = null;
  standIn.delayMs = 0;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => standIn.server.close(resolve));
});

describe('an HTTP vendor', () => {
  it('receives the order and delivery follows its answers, pause and resume included', async () => {
    const campaign = await order();
    expect((await details(campaign.id)).vendor_id).toBe(vendorId);
    await deliveryTick(t.deps, later(1000));
    const placed = standIn.orderOf(campaign.id)!;
    expect(placed.body).toMatchObject({
      campaign_id: campaign.id,
      store: 1,
      package: campaign.package,
      country: 'US',
      product_type: 1,
      days: 3,
      keywords: [],
    });
    expect(placed.body.orders[0]!.sequence).toEqual([
      { day: 1, installs_total: 10, installs_actual: 0 },
      { day: 2, installs_total: 10, installs_actual: 0 },
      { day: 3, installs_total: 10, installs_actual: 0 },
    ]);
    expect(standIn.calls.at(-1)!.authorization).toBe('Bearer secret-key');

    placed.delivered = [10, 4];
    await deliveryTick(t.deps, later(2000));
    const progress = (await staff('POST', `campaigns/${campaign.id}/progress`)).json().data;
    expect(progress.installs_actual).toBe(14);
    expect(progress.days.map((day: { installs_actual: number }) => day.installs_actual)).toEqual([10, 4, 0]);
    // The sandbox clock does not deliver a campaign an HTTP vendor has: days later, only its answers count.
    await deliveryTick(t.deps, later(5 * DAY_MS));
    expect((await details(campaign.id)).installs_actual).toBe(14);

    expect((await t.call('GET', `campaigns/${campaign.id}/pause`, customer)).statusCode).toBe(200);
    await deliveryTick(t.deps, later(5 * DAY_MS + 1000));
    expect(placed.state).toBe('paused');
    expect((await t.call('GET', `campaigns/${campaign.id}/resume`, customer)).statusCode).toBe(200);
    await deliveryTick(t.deps, later(5 * DAY_MS + 2000));
    expect(placed.state).toBe('running');

    placed.delivered = [10, 10, 10];
    placed.state = 'completed';
    await deliveryTick(t.deps, later(5 * DAY_MS + 3000));
    const done = await details(campaign.id);
    expect(done).toMatchObject({ status: 'completed', installs_actual: 30 });
    expect(done.status_history!.at(-1)).toMatchObject({ from: 'active', to: 'completed', actor_id: null });
  });

  it('fails the campaign when the vendor reports failure, refunding the undelivered part', async () => {
    const before = await main();
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    const placed = standIn.orderOf(campaign.id)!;
    placed.delivered = [10, 2];
    await deliveryTick(t.deps, later(2000));
    placed.state = 'failed';
    placed.reason = 'Account banned by the store';
    await deliveryTick(t.deps, later(3000));
    const failed = await details(campaign.id);
    expect(failed).toMatchObject({ status: 'failed', installs_actual: 12 });
    expect(failed.status_history!.at(-1)).toMatchObject({
      from: 'active',
      to: 'failed',
      actor_id: null,
      reason: 'Vendor failure: Account banned by the store',
    });
    // Charged 3.6000, 12 installs delivered (1.4400): 2.1600 back.
    expect(await main()).toBe((Number(before) - 1.44).toFixed(4));
    const refunds = await t.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.reference_id, String(campaign.id)), eq(transactions.type, 'refund')));
    expect(refunds.map((row) => row.amount)).toEqual(['2.1600']);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    // The failed campaign is not asked about again.
    const calls = standIn.calls.length;
    await deliveryTick(t.deps, later(4000));
    expect(standIn.calls.length).toBe(calls);
  });

  it('fails a campaign whose order the vendor refuses, refunding all of it', async () => {
    const before = await main();
    standIn.refuseOrders = 422;
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    const failed = await details(campaign.id);
    expect(failed.status).toBe('failed');
    expect(failed.status_history!.at(-1)!.reason).toBe(
      // Our wording and the status only: the vendor's own body never reaches the history.
      'Vendor failure: The vendor refused the request (HTTP 422)',
    );
    expect(await main()).toBe(before);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('retries an unreachable vendor, and fails the campaign once it stays so past the limit', async () => {
    const before = await main();
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    standIn.orderOf(campaign.id)!.delivered = [5];
    await deliveryTick(t.deps, later(2000));
    standIn.down = 503;
    await deliveryTick(t.deps, later(60_000));
    await deliveryTick(t.deps, later(59 * 60_000));
    expect((await details(campaign.id)).status).toBe('active');
    await deliveryTick(t.deps, later(62 * 60_000));
    const failed = await details(campaign.id);
    expect(failed).toMatchObject({ status: 'failed', installs_actual: 5 });
    expect(failed.status_history!.at(-1)!.reason).toMatch(/^Vendor failure: unreachable for over 60 minutes/);
    expect(await main()).toBe((Number(before) - 0.6).toFixed(4));
  });

  it('a canceled campaign is refunded by the last report and canceled at the vendor', async () => {
    const before = await main();
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    standIn.orderOf(campaign.id)!.delivered = [7];
    await deliveryTick(t.deps, later(2000));
    expect((await t.call('GET', `campaigns/${campaign.id}/cancel`, customer)).statusCode).toBe(200);
    expect(await main()).toBe((Number(before) - 0.84).toFixed(4));
    await deliveryTick(t.deps, later(3000));
    expect(standIn.orderOf(campaign.id)!.state).toBe('canceled');
    expect(standIn.actionsOn(campaign.id)).toEqual(['cancel']);
  });
});

describe('the tick and a slow vendor', () => {
  it('calls the vendor for several campaigns at once rather than one after another', async () => {
    const ordered = [await order(), await order(), await order(), await order()];
    standIn.delayMs = 150;
    standIn.maxInFlight = 0;
    await deliveryTick(t.deps, later(1000));
    expect(standIn.maxInFlight).toBeGreaterThanOrEqual(4);
    for (const campaign of ordered) expect(standIn.orderOf(campaign.id)?.state).toBe('running');
  });
});

describe('staff vendor change', () => {
  it('moves a running campaign between the HTTP vendor and the sandbox, carrying what was delivered', async () => {
    await staff('PUT', 'vendors/change-admin-vendors-activity', { id: sandboxId, is_active: true });
    const campaign = await order();
    const startedAt = new Date((await details(campaign.id)).started_at!).getTime();
    const at = (ms: number) => new Date(startedAt + ms);
    if ((await details(campaign.id)).vendor_id !== vendorId)
      await staff('PUT', `campaigns/${campaign.id}/vendor`, { vendor_id: vendorId });
    await deliveryTick(t.deps, at(1000));
    const first = standIn.orderOf(campaign.id)!;
    first.delivered = [6];
    await deliveryTick(t.deps, at(2000));

    // To the sandbox: canceled at the vendor, then the sandbox's clock delivers (day 1 over: all 10 of it).
    const moved = await staff('PUT', `campaigns/${campaign.id}/vendor`, { vendor_id: sandboxId });
    expect(moved.json().data).toMatchObject({
      vendor_id: sandboxId,
      vendor: 'Sandbox vendor',
      installs_actual: 6,
    });
    await deliveryTick(t.deps, at(DAY_MS + 60_000));
    expect(first.state).toBe('canceled');
    expect((await details(campaign.id)).installs_actual).toBe(10);

    // Back to the HTTP vendor: a new order with what is delivered already.
    await staff('PUT', `campaigns/${campaign.id}/vendor`, { vendor_id: vendorId });
    await deliveryTick(t.deps, at(DAY_MS + 120_000));
    const second = standIn.orderOf(campaign.id)!;
    expect(second).not.toBe(first);
    expect(second.body.orders[0]!.sequence.map((day) => day.installs_actual)).toEqual([10, 0, 0]);
    second.delivered = [10, 3];
    await deliveryTick(t.deps, at(DAY_MS + 180_000));
    expect((await details(campaign.id)).installs_actual).toBe(13);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
