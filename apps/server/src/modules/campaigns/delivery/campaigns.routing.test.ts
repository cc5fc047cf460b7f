import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  APP_STORES,
  CAMPAIGN_MESSAGES,
  createCampaignBodySchema,
  formatMoney,
  parseMoney,
  type AdminCampaign,
  type Campaign,
} from '@storelift/shared';
import { loopbackAllowed } from '../../../../test/outbound.js';
import { buildTestApp, errorsOf, type TestApp } from '../../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../../test/factories.js';
import { apps, vendors } from '../../../db/schema/index.js';
import { seedReference } from '../../../seed.js';
import { DEMO_APPS } from '../../../providers/store/offline/demo-apps.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { seedVendors } from '../../vendors/vendors.service.js';
import { candidatesFor, pickByShare } from '../../vendors/vendors.routing.js';
import { cpiSweep } from '../cpi/campaigns.cpi-charging.js';
import { deliveryTick, startDue } from './campaigns.delivery.js';
import { createCampaign } from '../campaigns.service.js';

type Auth = { authorization: string };
let t: TestApp;
let customer: Auth;
let customerId: number;
let admin: Auth;
let sandboxId: number;
const ADMIN = '/api/admin/v1';

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `${ADMIN}/${url}`, headers: admin, ...(payload ? { payload } : {}) });

async function vendor(body: object): Promise<number> {
  const res = await staff('POST', 'vendors', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const setActive = (id: number, is_active: boolean) =>
  staff('PUT', 'vendors/change-admin-vendors-activity', { id, is_active });
const setCountryActive = (id: number, country: string, is_active: boolean) =>
  staff('PUT', 'vendors/change-admin-country-vendors-activity', { id, country, is_active });

/**
 * Orders a campaign that starts now and answers the vendor it went to (staff view), or `waiting` when no
 * vendor can take it (it is charged and waits in pending).
 */
async function routedVendor(body: object): Promise<number | 'waiting'> {
  const res = await t.call('POST', 'campaigns', customer, body);
  expect(res.statusCode, res.body).toBe(201);
  const campaign: Campaign = res.json().data;
  const view: AdminCampaign = (await staff('GET', `campaigns/${campaign.id}`)).json().data;
  if (campaign.status === 'pending') {
    expect(view.vendor_id).toBeNull();
    return 'waiting';
  }
  expect(campaign.status).toBe('active');
  return view.vendor_id!;
}

const appStoreDirect = (overrides: object = {}) =>
  direct({ appstore: APP_STORES.APP_STORE, packageId: DEMO_APPS.appStore.fitness, ...overrides });

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  customer = user.auth;
  customerId = user.user.id;
  await makeApp(t.deps, user.user.id);
  await makeApp(t.deps, user.user.id, {
    appstore: APP_STORES.APP_STORE,
    package: DEMO_APPS.appStore.fitness,
  });
  await makeTopUp(t.deps.db, user.user.id, '900');
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
  const [sandbox] = await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
  sandboxId = sandbox!.id;
  // Routing among the vendors below only: a deactivated sandbox vendor is no fallback.
  await setActive(sandboxId, false);
});
afterAll(() => t.close());

describe('vendor routing at launch', () => {
  it('picks by store, country, product and the activity switches; else the campaign waits', async () => {
    const play = await vendor({ vendor: 'Play only', store: 1, products: [1] });
    const apple = await vendor({ vendor: 'Apple', store: 2, products: [1, 2] });
    const germany = await vendor({ vendor: 'Germany', country: 'DE', products: [1, 2] });
    const keywordsOff = await vendor({ vendor: 'Keywords, off', store: 1, products: [2], is_active: false });

    expect(await routedVendor(direct())).toBe(play);
    expect(await routedVendor(appStoreDirect())).toBe(apple);
    // Keyword installs on Google Play in the US: only an inactive vendor and a German one list type 2.
    const keywordOrder = direct({ productType: 2, serializedChildKeywords: ['home workout'] });
    expect(await routedVendor(keywordOrder)).toBe('waiting');
    await setActive(keywordsOff, true);
    expect(await routedVendor(keywordOrder)).toBe(keywordsOff);
    await setActive(keywordsOff, false);

    // Germany: the Google Play vendor and the German one both match until Play only is off there.
    await setCountryActive(play, 'DE', false);
    expect(await routedVendor(direct({ country: 'DE' }))).toBe(germany);
    await setCountryActive(germany, 'DE', false);
    expect(await routedVendor(direct({ country: 'DE' }))).toBe('waiting');
    await setCountryActive(play, 'DE', true);
    expect(await routedVendor(direct({ country: 'DE' }))).toBe(play);
    await setActive(play, false);
    expect(await routedVendor(direct())).toBe('waiting');
    await setActive(play, true);
  });

  it('sends a mature app only to vendors that take mature apps', async () => {
    const [fitness] = await t.deps.db.select().from(apps).where(eq(apps.package, DEMO_APPS.appStore.fitness));
    await t.deps.db.update(apps).set({ content_rating: '17+' }).where(eq(apps.id, fitness!.id));
    const mature = await vendor({ vendor: 'Mature ok', store: 2, products: [1], mature: true });
    expect(await routedVendor(appStoreDirect())).toBe(mature);
    await t.deps.db.update(apps).set({ content_rating: '4+' }).where(eq(apps.id, fitness!.id));
    const twice = [await routedVendor(appStoreDirect()), await routedVendor(appStoreDirect())];
    expect(twice.every((id) => id !== sandboxId)).toBe(true);
  });

  it('weighs vendors by share, the same way every time for a campaign', async () => {
    const big = { id: 1, share: '75.00' };
    const small = { id: 2, share: '25.00' };
    const picks = Array.from({ length: 2000 }, (_, id) => pickByShare([big, small], id + 1)!.id);
    const bigShare = picks.filter((id) => id === 1).length / picks.length;
    expect(bigShare).toBeGreaterThan(0.72);
    expect(bigShare).toBeLessThan(0.78);
    expect(pickByShare([big, small], 1234)).toBe(pickByShare([big, small], 1234));
    expect(pickByShare([{ id: 3, share: '0.00' }], 5)).toBeUndefined();

    // Through HTTP: the campaign lands where the weighted pick over the matching vendors says.
    await vendor({ vendor: 'Play, small share', store: 1, products: [1], share: 10 });
    const res = await t.call('POST', 'campaigns', customer, direct());
    const campaign: Campaign = res.json().data;
    const candidates = await candidatesFor(
      t.deps.db,
      {
        id: campaign.id,
        appstore: 1,
        country_id: campaign.country.id,
        product_type: 1,
        app_id: campaign.app!.id,
      },
      true,
    );
    expect(candidates.length).toBeGreaterThan(1);
    const view: AdminCampaign = (await staff('GET', `campaigns/${campaign.id}`)).json().data;
    expect(view.vendor_id).toBe(pickByShare(candidates, campaign.id)!.id);
    expect(view.vendor).toBe(candidates.find((each) => each.id === view.vendor_id)!.name);
  });

  it('keeps the vendor staff chose before the start', async () => {
    const chosen = await vendor({ vendor: 'Chosen', products: [] });
    const draft: Campaign = (await t.call('POST', 'campaigns', customer, direct({ draft: true }))).json()
      .data;
    expect((await staff('PUT', `campaigns/${draft.id}/vendor`, { vendor_id: chosen })).statusCode).toBe(200);
    expect((await t.call('GET', `campaigns/${draft.id}/start`, customer)).statusCode).toBe(200);
    expect(((await staff('GET', `campaigns/${draft.id}`)).json().data as AdminCampaign).vendor_id).toBe(
      chosen,
    );
  });
});

describe('the sandbox vendor seed', () => {
  it('adds one sandbox vendor however often and however concurrently it runs, with every product', async () => {
    await Promise.all([seedVendors(t.deps.db), seedVendors(t.deps.db), seedReference(t.deps.db)]);
    const seeded = await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({
      id: sandboxId,
      name: 'Sandbox vendor',
      products: [1, 2, 4, 5, 6, 7, 8],
    });
    // Staff renamed it: the seed still knows it is there.
    await staff('PUT', `vendors/${sandboxId}`, { vendor: 'Renamed sandbox', products: [1] });
    await seedVendors(t.deps.db);
    const all = await t.deps.db.select({ name: vendors.name }).from(vendors);
    expect(all.filter((row) => /sandbox/i.test(row.name)).map((row) => row.name)).toEqual([
      'Renamed sandbox',
    ]);
  });
});

describe('a campaign no vendor can take', () => {
  const main = async () => (await balancesOf(t.deps.db, customerId)).main;
  const impressions = () => direct({ productType: 8, installs: 100, days: 2 });

  it('is charged and waits in pending with a note staff see, until the tick hands it to a vendor', async () => {
    const before = await main();
    const res = await t.call('POST', 'campaigns', customer, impressions());
    expect(res.statusCode, res.body).toBe(201);
    const waiting: Campaign = res.json().data;
    expect(waiting).toMatchObject({ status: 'pending', price: '2.0000', started_at: null });
    expect(waiting.status_history!.at(-1)).toMatchObject({
      from: 'draft',
      to: 'pending',
      reason: CAMPAIGN_MESSAGES.campaignWaitingVendor,
    });
    expect(await main()).toBe(formatMoney(parseMoney(before) - parseMoney('2')));

    // Staff find it under "waiting for a vendor", with the note.
    const listed = await staff('GET', 'campaigns?status=pending&limit=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (listed.json().data as AdminCampaign[]).find((each) => each.id === waiting.id);
    expect(row).toMatchObject({ status: 'pending', waiting_reason: CAMPAIGN_MESSAGES.campaignWaitingVendor });
    const active = await staff('GET', 'campaigns?status=active&limit=100');
    expect((active.json().data as AdminCampaign[])[0]!.waiting_reason).toBeNull();

    // A tick while still no vendor can take it changes nothing; a cancel refunds the whole charge.
    await deliveryTick(t.deps);
    const still: AdminCampaign = (await staff('GET', `campaigns/${waiting.id}`)).json().data;
    expect(still.status_history).toHaveLength(waiting.status_history!.length);
    const other: Campaign = (await t.call('POST', 'campaigns', customer, impressions())).json().data;
    expect(other.status).toBe('pending');
    expect((await t.call('GET', `campaigns/${other.id}/cancel`, customer)).statusCode).toBe(200);
    expect(await main()).toBe(formatMoney(parseMoney(before) - parseMoney('2')));

    // A vendor for impressions: the next tick starts the waiting campaign, charged once.
    const taker = await vendor({ vendor: 'Impressions', products: [8] });
    await deliveryTick(t.deps);
    const started: AdminCampaign = (await staff('GET', `campaigns/${waiting.id}`)).json().data;
    expect(started).toMatchObject({
      status: 'active',
      vendor_id: taker,
      vendor: 'Impressions',
      waiting_reason: null,
    });
    expect(started.started_at).not.toBeNull();
    expect(started.status_history!.at(-1)).toMatchObject({ from: 'pending', to: 'active', actor_id: null });
    expect(await main()).toBe(formatMoney(parseMoney(before) - parseMoney('2')));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    await setActive(taker, false);
  });
});

describe('production without SANDBOX=1: no sandbox vendor, no sandbox ad network', () => {
  let off: TestApp;
  let offAdmin: Auth;
  let buyer: Auth;
  let buyerId: number;
  const buyerMain = async () => (await balancesOf(off.deps.db, buyerId)).main;
  const offStaff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    off.app.inject({ method, url: `${ADMIN}/${url}`, headers: offAdmin, ...(payload ? { payload } : {}) });
  const cpiBody = {
    productType: 4,
    packageId: DEMO_APPS.googlePlay.fitness,
    appstore: 1,
    country: 'US',
    cpiGeo: ['europe'],
    cpiLevels: ['high'],
    cpiHeadline1: 'FitPulse workouts',
    cpiHeadline2: 'Train at home',
    cpiAdAssets: 'Short home workouts without equipment, a step counter and weekly plans.',
  };

  beforeAll(async () => {
    // Its API vendor is a closed port on loopback: allowed by the tests' escape hatch only.
    off = await buildTestApp({ workers: false, config: { sandbox: false }, outbound: loopbackAllowed() });
    offAdmin = (await makeUser(off.deps.db, { roles: ['admin'] })).auth;
    const user = await makeUser(off.deps.db);
    buyer = user.auth;
    buyerId = user.user.id;
    await makeApp(off.deps, user.user.id);
    await makeTopUp(off.deps.db, user.user.id, '100');
  });
  afterAll(() => off.close());

  it('never routes to the sandbox vendor or a vendor without an API, and staff are not offered it', async () => {
    const [sandbox] = await off.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
    expect(sandbox?.is_active ?? false).toBe(true);
    const names = async (url: string) =>
      ((await offStaff('GET', url)).json().data as { vendor: string }[]).map((each) => each.vendor);
    expect(await names('vendors/get-list')).not.toContain(sandbox!.name);
    expect(await names('vendors?limit=100')).not.toContain(sandbox!.name);

    const res = await off.call('POST', 'campaigns', buyer, direct());
    expect(res.statusCode, res.body).toBe(201);
    const waiting: Campaign = res.json().data;
    expect(waiting.status).toBe('pending');

    const created = await offStaff('POST', 'vendors', { vendor: 'No API', products: [1] });
    expect(created.statusCode, created.body).toBe(201);
    const noApi = created.json().data.id as number;
    await deliveryTick(off.deps);
    expect((await off.call('GET', `campaigns/${waiting.id}`, buyer)).json().data.status).toBe('pending');
    for (const id of [sandbox!.id, noApi]) {
      const moved = await offStaff('PUT', `campaigns/${waiting.id}/vendor`, { vendor_id: id });
      expect(moved.statusCode, moved.body).toBe(422);
      expect(errorsOf(moved).vendor_id).toBeDefined();
    }

    const api = await offStaff('POST', 'vendors', {
      vendor: 'With API',
      products: [1],
      api_url: 'http://127.0.0.1:9/',
      protocol: 'json',
    });
    expect(api.statusCode, api.body).toBe(201);
    await deliveryTick(off.deps);
    const started: AdminCampaign = (await offStaff('GET', `campaigns/${waiting.id}`)).json().data;
    expect(started).toMatchObject({ status: 'active', vendor_id: api.json().data.id });
  });

  it('refuses a CPI order without an ad network; one delayed while a network ran waits for one when due, and a cancel refunds it at once', async () => {
    const before = await buyerMain();
    for (const call of ['campaigns', 'campaigns/quote']) {
      const refused = await off.call('POST', call, buyer, cpiBody);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorsOf(refused).productType).toEqual([CAMPAIGN_MESSAGES.campaignCpiUnavailable]);
    }
    expect(await buyerMain()).toBe(before);

    // Ordered with a delayed start while the sandbox ad network ran (sandboxes were turned off since).
    const startAt = new Date(Date.now() + 3_600_000);
    const body = createCampaignBodySchema.parse({ ...cpiBody, start_at: startAt.toISOString() });
    const delayed = await createCampaign(
      { ...off.deps, config: { ...off.deps.config, sandbox: true } },
      buyerId,
      body,
    );
    await startDue(off.deps, delayed.data.id, new Date(startAt.getTime() + 1000));
    const waiting: Campaign = (await off.call('GET', `campaigns/${delayed.data.id}`, buyer)).json().data;
    expect(waiting).toMatchObject({ status: 'pending', price: '20.0000', started_at: null });
    expect(await buyerMain()).toBe(formatMoney(parseMoney(before) - parseMoney('20')));
    expect(waiting.status_history!.at(-1)!.reason).toBe(CAMPAIGN_MESSAGES.campaignWaitingAdNetwork);
    await cpiSweep(off.deps, new Date(Date.now() + 3 * 24 * 3_600_000));
    await deliveryTick(off.deps);
    const still: Campaign = (await off.call('GET', `campaigns/${waiting.id}`, buyer)).json().data;
    expect(still).toMatchObject({ status: 'pending', installs_actual: 0 });
    expect(still.cpi).toMatchObject({ spent: '0.0000', prepaid_left: '20.0000' });

    const canceled = await off.call('GET', `campaigns/${waiting.id}/cancel`, buyer);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.cpi).toMatchObject({ prepaid_left: '0.0000', refund_due_at: null });
    expect(await buyerMain()).toBe(before);
    expect((await checkLedger(off.deps.db)).problems).toEqual([]);
  });
});
