import { DAY_MS, type AdminCampaign, type Campaign, type VendorMapping } from '@storelift/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { loopbackAllowed } from '../../../../test/outbound.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../../test/factories.js';
import { startStandInPanel, type StandInPanel } from '../../../../test/stand-in-panel.js';
import {
  campaignOrderDays,
  campaignOrders,
  notices,
  vendorOrders,
  vendors,
} from '../../../db/schema/index.js';
import type { PanelService } from '../../../providers/vendors/panel-protocol.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { readBalances } from '../../vendors/vendors.balances.js';
import { refillGuarantee } from '../../vendors/vendors.refill.js';
import { deliveryTick } from './campaigns.delivery.js';

/*
 * Delivery by panel vendors (providers/vendors/README.md) against stand-in panels over HTTP: mapping and routing
 * (country before any, min/max, balance), placement per day and keyword, batched status, Partial refunds,
 * Canceled re-routing then failure, cancel on pause, calls logged, balances and cost/margin for admins only.
 */

type Auth = { authorization: string };
let t: TestApp;
let customer: Auth;
let customerId: number;
let admin: Auth;
let adminId: number;
let panel: StandInPanel;
let other: StandInPanel;
let vendorId: number;
let otherId: number;
const ADMIN = '/api/admin/v1';
// Google Play direct installs on the base plan: 0.12 each.
const UNIT = 0.12;

const SERVICES: PanelService[] = [
  {
    service: '1',
    name: 'Installs',
    type: 'Default',
    category: 'GP',
    rate: '0.90',
    min: 10,
    max: 20000,
    refill: false,
    cancel: true,
  },
  {
    service: '2',
    name: 'Keyword installs',
    type: 'Default',
    category: 'GP',
    rate: '1.20',
    min: 10,
    max: 20000,
    refill: false,
    cancel: true,
  },
  {
    service: '3',
    name: 'Reviews',
    type: 'Custom Comments',
    category: 'GP',
    rate: '45.00',
    min: 1,
    max: 500,
    refill: true,
    cancel: false,
  },
  {
    service: '9',
    name: 'Bulk installs',
    type: 'Default',
    category: 'GP',
    rate: '0.50',
    min: 50,
    max: 5000,
    refill: false,
    cancel: false,
  },
];

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `${ADMIN}/${url}`, headers, ...(payload ? { payload } : {}) });
const main = async () => Number((await balancesOf(t.deps.db, customerId)).main);
const details = async (id: number): Promise<AdminCampaign> =>
  (await staff('GET', `campaigns/${id}`)).json().data;
const later = (ms: number) => new Date(Date.now() + ms);

async function order(overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await t.call('POST', 'campaigns', customer, direct(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const days = async (id: number) =>
  (await staff('POST', `campaigns/${id}/progress`))
    .json()
    .data.days.map((day: { installs_actual: number }) => day.installs_actual);

/** The stand-in's `add` requests, and their orders, made since `from` (an index into its request log). */
const adds = (on: StandInPanel, from = 0) =>
  on.requests.slice(from).filter((request) => request.action === 'add' && request.status === 200);
const ordersOfCampaign = (id: number) =>
  t.deps.db.select().from(vendorOrders).where(eq(vendorOrders.campaign_id, id));

async function panelVendor(name: string, on: StandInPanel, active = true) {
  const created = await staff('POST', 'vendors', {
    vendor: name,
    store: 1,
    products: [1, 2],
    api_url: on.url,
    api_key: on.key,
    is_active: active,
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().data).toMatchObject({ protocol: 'panel', balance: null });
  return created.json().data.id as number;
}

async function map(id: number, items: object[]) {
  const res = await staff('PUT', `vendors/${id}/mappings`, { items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as VendorMapping[];
}

beforeAll(async () => {
  panel = await startStandInPanel({ services: SERVICES, balance: '500.00' });
  other = await startStandInPanel({ services: SERVICES, balance: '500.00', key: 'other-key' });
  t = await buildTestApp({ workers: false, outbound: loopbackAllowed() });
  const user = await makeUser(t.deps.db);
  customer = user.auth;
  customerId = user.user.id;
  await makeApp(t.deps, customerId);
  await makeTopUp(t.deps.db, customerId, '900');
  const staffer = await makeUser(t.deps.db, { roles: ['admin'] });
  admin = staffer.auth;
  adminId = staffer.user.id;
  await t.deps.db.update(vendors).set({ is_active: false }).where(eq(vendors.seed_key, 'sandbox'));
  vendorId = await panelVendor('Panel A', panel);
  otherId = await panelVendor('Panel B', other, false);
  for (const id of [vendorId, otherId]) {
    const loaded = await staff('POST', `vendors/${id}/services/load`);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({
      currency: 'USD',
      data: expect.arrayContaining([expect.objectContaining({ service: '9', min: 50 })]),
    });
    // Installs: "any country" on the bulk service, the US's own mapping on service 1; keyword installs on 2.
    await map(id, [
      { product_type: 1, store: 1, country: null, service: '9' },
      { product_type: 1, store: 1, country: 'us', service: '1' },
      { product_type: 2, store: 1, service: '2' },
    ]);
  }
});
afterAll(async () => {
  await t.close();
  await Promise.all([panel.close(), other.close()]);
});

describe('panel vendors', () => {
  it('lists services and mappings with rates beside our price, and refuses bad mappings with 422', async () => {
    const services = (await staff('GET', `vendors/${vendorId}/services`)).json();
    expect(services.data).toHaveLength(4);
    const mappings = (await staff('GET', `vendors/${vendorId}/mappings`)).json().data as VendorMapping[];
    expect(mappings).toEqual([
      expect.objectContaining({
        product_type: 1,
        country: null,
        service: '9',
        rate: '0.50',
        min: 50,
        max: 5000,
        our_price: '120.00',
      }),
      expect.objectContaining({
        product_type: 1,
        country: 'US',
        service: '1',
        rate: '0.90',
        service_name: 'Installs',
      }),
      expect.objectContaining({ product_type: 2, country: null, service: '2', is_active: true }),
    ]);
    for (const items of [
      [{ product_type: 1, store: 3, service: '1' }],
      [{ product_type: 99, store: 1, service: '1' }],
      [{ product_type: 1, store: 1, service: '' }],
      [{ product_type: 1, store: 1, country: 'ZZ', service: '1' }],
      [{ product_type: 1, store: 1, service: 'x\u0000' }],
      [
        { product_type: 1, store: 1, service: '1' },
        { product_type: 1, store: 1, service: '2' },
      ],
    ]) {
      const res = await staff('PUT', `vendors/${vendorId}/mappings`, { items });
      expect(res.statusCode, JSON.stringify(items)).toBe(422);
    }
    expect((await staff('GET', `vendors/${vendorId}/mappings`)).json().data).toHaveLength(3);
    const customerCall = await staff('GET', `vendors/${vendorId}/mappings`, undefined, customer);
    expect(customerCall.statusCode).toBe(403);
  });

  it('places one order per day and keyword when the day starts, moves each day by its status, and logs every call', async () => {
    const from = panel.requests.length;
    const campaign = await order({ productType: 2, serializedChildKeywords: ['home workout', 'yoga'] });
    expect(campaign.status).toBe('active');
    expect((await details(campaign.id)).vendor_id).toBe(vendorId);
    await deliveryTick(t.deps, later(1000));
    const placed = adds(panel, from);
    expect(placed.map((add) => add.fields.keywords).sort()).toEqual(['home workout', 'yoga']);
    expect(placed[0]!.fields).toMatchObject({ service: '2', quantity: '10' });
    expect(placed[0]!.fields.link).toContain(`id=${campaign.package}`);
    expect(placed[0]!.fields.link).toContain('gl=US');

    panel.advance(4);
    await deliveryTick(t.deps, later(2000));
    expect((await days(campaign.id))[0]).toBe(8);
    expect((await details(campaign.id)).installs_actual).toBe(8);
    panel.advance();
    await deliveryTick(t.deps, later(3000));
    expect((await details(campaign.id)).installs_actual).toBe(20);
    expect(adds(panel, from)).toHaveLength(2); // day 2 has not started

    await deliveryTick(t.deps, later(DAY_MS + 1000));
    expect(adds(panel, from)).toHaveLength(4);
    const rows = await ordersOfCampaign(campaign.id);
    expect(rows.filter((row) => row.outcome === 'delivered')).toHaveLength(2);
    expect(rows.filter((row) => row.state === 'open')).toHaveLength(2);

    const calls = (await staff('GET', `campaigns/${campaign.id}/vendor-calls?limit=100`)).json();
    expect(calls.data.map((call: { action: string }) => call.action)).toEqual(
      expect.arrayContaining(['add', 'status']),
    );
    expect(
      calls.data.every(
        (call: { outcome: string; vendor: string }) => call.outcome === 'ok' && call.vendor === 'Panel A',
      ),
    ).toBe(true);

    // Cost and margin for admins only: the charges of its orders so far (4 × 10 keyword installs at 1.20 / 1000).
    const seen = await details(campaign.id);
    expect(seen.vendor_cost).toBe('0.0480');
    expect(Number(seen.margin)).toBeCloseTo(Number(seen.price) - 0.048, 4);
    // Staff who may see user orders but not vendors (a manager) get no figure, in the details and in the list.
    const manager = (await makeUser(t.deps.db, { roles: ['manager'] })).auth;
    const managed = (await staff('GET', `campaigns/${campaign.id}`, undefined, manager)).json().data;
    expect([managed.vendor_cost, managed.margin]).toEqual([null, null]);
    const managedList = (await staff('GET', 'campaigns?limit=100', undefined, manager)).json().data;
    expect(managedList.find((row: AdminCampaign) => row.id === campaign.id).vendor_cost).toBeNull();
    const own = await t.call('GET', `campaigns/${campaign.id}`, customer);
    expect(own.body).not.toMatch(/vendor_cost|margin|Panel A|charge"/);
    const list = (await t.call('GET', 'campaigns', customer)).body;
    expect(list).not.toMatch(/vendor_cost|margin|Panel A/);
    expect(
      (await staff('GET', `campaigns/${campaign.id}/vendor-calls`, undefined, customer)).statusCode,
    ).toBe(403);

    // The rest is delivered: the campaign completes once its last day's orders are.
    await deliveryTick(t.deps, later(2 * DAY_MS + 1000));
    panel.advance();
    await deliveryTick(t.deps, later(2 * DAY_MS + 2000));
    panel.advance();
    await deliveryTick(t.deps, later(2 * DAY_MS + 3000));
    expect(await details(campaign.id)).toMatchObject({ status: 'completed', installs_actual: 60 });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    expect(panel.violations).toEqual([]);
  });

  it('takes the country mapping before "any", and refuses a vendor whose service min/max do not fit or whose balance falls short', async () => {
    const us = await order();
    await deliveryTick(t.deps, later(1000));
    expect((await ordersOfCampaign(us.id))[0]).toMatchObject({
      vendor_id: vendorId,
      service: '1',
      quantity: 10,
    });
    await t.call('GET', `campaigns/${us.id}/cancel`, customer);

    // Germany has only "any country": the bulk service, whose minimum is 50 a day: no vendor takes 10 a day.
    const de = await order({ country: 'DE' });
    expect(de.status).toBe('pending');
    const bulk = await order({ country: 'DE', installs: 60, days: 1 });
    expect(bulk.status).toBe('active');
    expect((await details(bulk.id)).vendor_id).toBe(vendorId);
    // Staff choosing that vendor does not start it either: its service does not fit.
    expect((await staff('PUT', `campaigns/${de.id}/vendor`, { vendor_id: vendorId })).statusCode).toBe(200);
    await deliveryTick(t.deps, later(1000));
    expect(await details(de.id)).toMatchObject({ status: 'pending', vendor_id: vendorId });
    await t.call('GET', `campaigns/${de.id}/cancel`, customer);
    await t.call('GET', `campaigns/${bulk.id}/cancel`, customer);

    // A balance that does not cover the order at the service's rate (30 × 0.90 / 1000 = 0.027): it waits.
    panel.setBalance('0.02');
    await readBalances(t.deps);
    const short = await order();
    expect(short.status).toBe('pending');
    panel.setBalance('500.00');
    await readBalances(t.deps);
    await deliveryTick(t.deps, later(1000));
    expect((await details(short.id)).status).toBe('active');
    await t.call('GET', `campaigns/${short.id}/cancel`, customer);
    await deliveryTick(t.deps, later(2000));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('ends a Partial day with what was delivered and refunds the rest at the unit price', async () => {
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    const [row] = await ordersOfCampaign(campaign.id);
    const before = await main();
    panel.setOrder(row!.panel_order!, { status: 'Partial', remains: 4 });
    await deliveryTick(t.deps, later(2000));
    expect((await days(campaign.id))[0]).toBe(6);
    expect(await main()).toBeCloseTo(before + 4 * UNIT, 4);
    expect((await ordersOfCampaign(campaign.id))[0]).toMatchObject({
      state: 'closed',
      outcome: 'partial',
      remains: 4,
    });
    // The day is over: nothing more is placed for it.
    await deliveryTick(t.deps, later(3000));
    expect((await ordersOfCampaign(campaign.id)).filter((each) => each.day === 1)).toHaveLength(1);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    await t.call('GET', `campaigns/${campaign.id}/cancel`, customer);
    await deliveryTick(t.deps, later(4000));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('re-routes a Canceled day to another vendor once, then fails the day with a refund', async () => {
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    await staff('PUT', 'vendors/change-admin-vendors-activity', { id: otherId, is_active: true });
    const [first] = await ordersOfCampaign(campaign.id);
    panel.setOrder(first!.panel_order!, { status: 'Canceled', remains: 10 });
    const from = other.requests.length;
    await deliveryTick(t.deps, later(2000));
    await deliveryTick(t.deps, later(3000));
    expect(adds(other, from)).toHaveLength(1);
    const moved = (await ordersOfCampaign(campaign.id)).find((each) => each.vendor_id === otherId)!;
    expect(moved).toMatchObject({ rerouted: true, state: 'open', day: 1, quantity: 10 });
    expect((await ordersOfCampaign(campaign.id)).find((each) => each.id === first!.id)).toMatchObject({
      outcome: 'rerouted',
    });

    const before = await main();
    other.setOrder(moved.panel_order!, { status: 'Canceled', remains: 10 });
    await deliveryTick(t.deps, later(4000));
    await deliveryTick(t.deps, later(5000));
    expect(await main()).toBeCloseTo(before + 10 * UNIT, 4);
    const day1 = (await ordersOfCampaign(campaign.id)).filter((each) => each.day === 1);
    expect(day1).toHaveLength(2);
    expect(day1.every((each) => each.state === 'closed')).toBe(true);
    expect(await details(campaign.id)).toMatchObject({ status: 'active' });
    await staff('PUT', 'vendors/change-admin-vendors-activity', { id: otherId, is_active: false });
    await t.call('GET', `campaigns/${campaign.id}/cancel`, customer);
    await deliveryTick(t.deps, later(6000));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('cancels open orders at the panel on pause and places the rest of the day on resume', async () => {
    const campaign = await order();
    await deliveryTick(t.deps, later(1000));
    const [row] = await ordersOfCampaign(campaign.id);
    panel.advance(3);
    await deliveryTick(t.deps, later(2000));
    expect((await t.call('GET', `campaigns/${campaign.id}/pause`, customer)).statusCode).toBe(200);
    await deliveryTick(t.deps, later(3000));
    const cancel = panel.requests.filter((request) => request.action === 'cancel').at(-1)!;
    expect(cancel.fields.orders).toBe(row!.panel_order);
    await deliveryTick(t.deps, later(4000));
    expect((await ordersOfCampaign(campaign.id))[0]).toMatchObject({ state: 'closed', outcome: 'withdrawn' });
    expect((await days(campaign.id))[0]).toBe(3);

    const from = panel.requests.length;
    expect((await t.call('GET', `campaigns/${campaign.id}/resume`, customer)).statusCode).toBe(200);
    await deliveryTick(t.deps, later(5000));
    expect(adds(panel, from)).toHaveLength(1);
    expect(adds(panel, from)[0]!.fields.quantity).toBe('7');
    await t.call('GET', `campaigns/${campaign.id}/cancel`, customer);
    await deliveryTick(t.deps, later(6000));
    await deliveryTick(t.deps, later(7000));
    expect((await ordersOfCampaign(campaign.id)).every((each) => each.state === 'closed')).toBe(true);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('polls more than 100 open orders in calls of at most 100', async () => {
    const campaign = await order({ days: 1 });
    await t.call('GET', `campaigns/${campaign.id}/pause`, customer);
    await deliveryTick(t.deps, later(1000));
    await t.call('GET', `campaigns/${campaign.id}/resume`, customer);
    // 150 more keyword orders of one day each on this campaign, each placed at the panel.
    const extra = await t.deps.db
      .insert(campaignOrders)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          campaign_id: campaign.id,
          type: 1,
          keyword: `k${i}`,
          installs_total: 10,
        })),
      )
      .returning();
    await t.deps.db
      .insert(campaignOrderDays)
      .values(extra.map((each) => ({ order_id: each.id, day: 1, installs_total: 10 })));
    await t.deps.db.insert(vendorOrders).values(
      extra.map((each) => ({
        campaign_id: campaign.id,
        vendor_id: vendorId,
        order_id: each.id,
        day: 1,
        service: '1',
        quantity: 10,
        state: 'open',
        panel_order: panel.place({
          service: '1',
          link: 'https://play.google.com/store/apps/details?id=x',
          quantity: 10,
        }).order,
      })),
    );
    const from = panel.requests.length;
    await deliveryTick(t.deps, later(2000));
    const polls = panel.requests.slice(from).filter((request) => request.action === 'status');
    const sizes = polls.map(
      (request) => (request.fields.orders ?? request.fields.order ?? '').split(',').length,
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(151);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    await t.call('GET', `campaigns/${campaign.id}/cancel`, customer);
    await deliveryTick(t.deps, later(3000));
  });

  it("shows a status call that carried several campaigns' orders on each one's vendor calls", async () => {
    const [first, second] = [await order({ days: 1 }), await order({ days: 1 })];
    await deliveryTick(t.deps, later(1000)); // placed
    const from = panel.requests.length;
    await deliveryTick(t.deps, later(2000)); // polled together
    const polls = panel.requests.slice(from).filter((request) => request.action === 'status');
    expect(polls).toHaveLength(1);
    for (const campaign of [first!, second!]) {
      const calls = (await staff('GET', `campaigns/${campaign.id}/vendor-calls?limit=100`)).json().data;
      expect(calls.map((call: { action: string }) => call.action)).toContain('status');
    }
    for (const campaign of [first!, second!])
      await t.call('GET', `campaigns/${campaign.id}/cancel`, customer);
    await deliveryTick(t.deps, later(3000));
  });

  it("sends a reviews order's texts as comments, and refills them for the guarantee", async () => {
    const saved = await staff('PUT', `vendors/${vendorId}`, {
      vendor: 'Panel A',
      store: 1,
      products: [1, 2, 7],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await map(vendorId, [
      { product_type: 1, store: 1, country: null, service: '9' },
      { product_type: 1, store: 1, country: 'us', service: '1' },
      { product_type: 2, store: 1, service: '2' },
      { product_type: 7, store: 1, service: '3' },
    ]);
    const texts = Array.from({ length: 5 }, (_, i) => `Works well and saves me time,\nevery day ${i + 1}.`);
    const campaign = await order({
      productType: 7,
      installs: 5,
      days: 1,
      checkedTerms: true,
      reviewMode: 1,
      reviews: texts.map((body, i) => ({
        title: `Review ${i + 1}`,
        body,
        rates: 5,
        gender: 'both',
        language: 'english',
      })),
    });
    expect(campaign.status).toBe('active');
    await deliveryTick(t.deps, later(1000));
    const [row] = await ordersOfCampaign(campaign.id);
    expect(row).toMatchObject({ service: '3', quantity: 5 });
    expect(panel.orders.get(row!.panel_order!)!.comments).toEqual(
      texts.map((text) => text.replace(/\s+/g, ' ')),
    );
    panel.advance();
    await deliveryTick(t.deps, later(2000));
    expect(await details(campaign.id)).toMatchObject({ status: 'completed', installs_actual: 5 });

    const from = panel.requests.length;
    expect(await refillGuarantee(t.deps, campaign.id, 2)).toBe('refilled');
    expect(panel.requests.slice(from).map((request) => [request.action, request.fields.order])).toEqual([
      ['refill', row!.panel_order],
    ]);
    // A service that does not refill: a new review order, its cost read once from the panel.
    await t.deps.db
      .update(vendorOrders)
      .set({ service: '9' })
      .where(eq(vendorOrders.campaign_id, campaign.id));
    await map(vendorId, [
      { product_type: 1, store: 1, country: 'us', service: '1' },
      { product_type: 2, store: 1, service: '2' },
      { product_type: 7, store: 1, service: '9' },
    ]);
    expect(await refillGuarantee(t.deps, campaign.id, 2)).toBe('reordered');
    const reorder = (await ordersOfCampaign(campaign.id)).find((each) => each.id !== row!.id);
    expect(reorder).toMatchObject({ state: 'closed' });
    expect(reorder!.charge).not.toBeNull();
    expect(await refillGuarantee(t.deps, 999_999, 2)).toBe('unavailable');
    expect(panel.violations).toEqual([]);
  });

  it("shows each vendor's health, reads balances and tells staff once per crossing of the threshold", async () => {
    const saved = await staff('PUT', `vendors/${vendorId}`, {
      vendor: 'Panel A',
      store: 1,
      products: [1, 2],
      balance_threshold: '100',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ protocol: 'panel', balance_threshold: '100.00' });
    const lowNotices = async () =>
      (await t.deps.db.select().from(notices).where(eq(notices.user_id, adminId))).filter(
        (row) => row.key === 'vendorBalanceLow',
      );
    panel.setBalance('50.00');
    await readBalances(t.deps);
    await readBalances(t.deps);
    expect(await lowNotices()).toHaveLength(1);
    panel.setBalance('500.00');
    await readBalances(t.deps);
    panel.setBalance('20.00');
    await readBalances(t.deps);
    expect(await lowNotices()).toHaveLength(2);
    panel.setBalance('500.00');
    await readBalances(t.deps);

    const health = (await staff('GET', 'operations/vendors')).json().data;
    expect(health).toContainEqual(
      expect.objectContaining({
        vendor_id: vendorId,
        protocol: 'panel',
        balance: '500.00',
        currency: 'USD',
        balance_threshold: '100.00',
      }),
    );
    expect((await staff('GET', 'operations/vendors', undefined, customer)).statusCode).toBe(403);
    for (const bad of [
      { vendor: 'A', balance_threshold: '-1' },
      { vendor: 'A', balance_threshold: 'abc' },
      { vendor: 'A', protocol: 'soap' },
    ])
      expect((await staff('POST', 'vendors', bad)).statusCode, JSON.stringify(bad)).toBe(422);
  });
});
