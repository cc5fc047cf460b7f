import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_STORES, type AdminCampaign, type Campaign } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../test/factories.js';
import { apps, vendors } from '../../db/schema/index.js';
import { seedReference } from '../../db/seed.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { seedVendors } from '../vendors/vendors.service.js';
import { candidatesFor, pickByShare } from '../vendors/vendors.routing.js';

type Auth = { authorization: string };
let t: TestApp;
let customer: Auth;
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

/** Orders a campaign that starts now and answers the vendor it went to (staff view). */
async function routedVendor(body: object): Promise<number | null> {
  const res = await t.call('POST', 'campaigns', customer, body);
  expect(res.statusCode, res.body).toBe(201);
  const campaign: Campaign = res.json().data;
  expect(campaign.status).toBe('active');
  const view: AdminCampaign = (await staff('GET', `campaigns/${campaign.id}`)).json().data;
  return view.vendor_id;
}

const appStoreDirect = (overrides: object = {}) =>
  direct({ appstore: APP_STORES.APP_STORE, packageId: DEMO_APPS.appStore.fitness, ...overrides });

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  customer = user.auth;
  await makeApp(t.deps, user.user.id);
  await makeApp(t.deps, user.user.id, {
    appstore: APP_STORES.APP_STORE,
    package: DEMO_APPS.appStore.fitness,
  });
  await makeTopUp(t.deps.db, user.user.id, '900');
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
  const [sandbox] = await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
  sandboxId = sandbox!.id;
  // Routing among the vendors below only; the sandbox vendor stays the fallback.
  await setActive(sandboxId, false);
});
afterAll(() => t.close());

describe('vendor routing at launch', () => {
  it('picks by store, country, product and the activity switches; else the sandbox vendor', async () => {
    const play = await vendor({ vendor: 'Play only', store: 1, products: [1] });
    const apple = await vendor({ vendor: 'Apple', store: 2, products: [1, 2] });
    const germany = await vendor({ vendor: 'Germany', country: 'DE', products: [1, 2] });
    const keywordsOff = await vendor({ vendor: 'Keywords, off', store: 1, products: [2], is_active: false });

    expect(await routedVendor(direct())).toBe(play);
    expect(await routedVendor(appStoreDirect())).toBe(apple);
    // Keyword installs on Google Play in the US: only an inactive vendor and a German one list type 2.
    const keywordOrder = direct({ productType: 2, serializedChildKeywords: ['home workout'] });
    expect(await routedVendor(keywordOrder)).toBe(sandboxId);
    await setActive(keywordsOff, true);
    expect(await routedVendor(keywordOrder)).toBe(keywordsOff);
    await setActive(keywordsOff, false);

    // Germany: the Google Play vendor and the German one both match until Play only is off there.
    await setCountryActive(play, 'DE', false);
    expect(await routedVendor(direct({ country: 'DE' }))).toBe(germany);
    await setCountryActive(germany, 'DE', false);
    expect(await routedVendor(direct({ country: 'DE' }))).toBe(sandboxId);
    await setCountryActive(play, 'DE', true);
    expect(await routedVendor(direct({ country: 'DE' }))).toBe(play);
    await setActive(play, false);
    expect(await routedVendor(direct())).toBe(sandboxId);
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
    const candidates = await candidatesFor(t.deps.db, {
      id: campaign.id,
      appstore: 1,
      country_id: campaign.country.id,
      product_type: 1,
      app_id: campaign.app!.id,
    });
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
