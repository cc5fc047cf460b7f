import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_PLANS, PRODUCT_TYPES, USER_MESSAGES, type PricePlan, type Pricetag } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ url: `/api/private/v1/${url}`, headers });
const current = async (auth: Headers) => (await get('priceplans/current', auth)).json().data;
const price = (tags: Pricetag[], appstore: number, type: number) =>
  tags.find((tag) => tag.appstore_id === appstore && tag.type === type)?.price;

describe('GET priceplans', () => {
  it('lists the nine plans with thresholds, next plans and price tables (limit 0 = all)', async () => {
    const { auth } = await makeUser(t.database.db);
    const res = await get('priceplans?limit=0&page=1', auth);
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as PricePlan[];
    expect(plans.map((plan) => plan.name)).toEqual([...PRICE_PLANS]);
    expect(res.json().meta).toMatchObject({ total: 9, current_page: 1, last_page: 1 });
    expect(plans[0]).toMatchObject({
      name: 'Base',
      threshold: '0.0000',
      next: { name: 'Bronze', threshold: '1000.0000' },
    });
    expect(plans[6]).toMatchObject({ name: 'VIP', discount: '30.0000', next: null });
    expect(plans[7]).toMatchObject({
      name: 'Reseller Base',
      is_reseller: true,
      next: { name: 'Reseller Gold' },
    });
    expect(plans.map((plan) => Number(plan.threshold)).slice(0, 7)).toEqual([
      0, 1000, 3000, 7000, 15000, 30000, 60000,
    ]);
    const vip = plans[6]!.prices;
    expect(vip).toHaveLength(14);
    expect(
      price(
        vip.map((p) => ({ ...p, is_active: true })),
        1,
        PRODUCT_TYPES.package,
      ),
    ).toBe('0.0840');
    expect(
      price(
        vip.map((p) => ({ ...p, is_active: true })),
        1,
        PRODUCT_TYPES.cpi,
      ),
    ).toBe('0.1500');
    const paged = (await get('priceplans?limit=4&page=3', auth)).json();
    expect(paged.data.map((plan: PricePlan) => plan.name)).toEqual(['Reseller Gold']);
    expect(paged.meta).toMatchObject({ total: 9, last_page: 3 });
  });
});

describe('GET priceplans/current', () => {
  it('starts on Base with its pricetags and the way to Bronze', async () => {
    const { auth } = await makeUser(t.database.db);
    expect(await current(auth)).toMatchObject({
      name: 'Base',
      next: { name: 'Bronze', threshold: '1000.0000' },
      total_payments: '0.0000',
      left_to_next: '1000.0000',
      progress: 0,
    });
    const tags = (await current(auth)).pricetags as Pricetag[];
    expect(tags).toHaveLength(14);
    expect(tags[0]).toEqual({ is_active: true, appstore_id: 1, type: 1, price: '0.1200' });
  });

  it('moves up when credited payments cross a threshold, and re-prices the pricetags', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '600');
    expect(await current(auth)).toMatchObject({ name: 'Base', left_to_next: '400.0000', progress: 60 });
    await makeTopUp(t.deps.db, user.id, '400');
    const bronze = await current(auth);
    expect(bronze).toMatchObject({
      name: 'Bronze',
      next: { name: 'Silver' },
      total_payments: '1000.0000',
      progress: 0,
    });
    expect(price(bronze.pricetags, 1, PRODUCT_TYPES.package)).toBe('0.1140');
    await makeTopUp(t.deps.db, user.id, '9000');
    expect(await current(auth)).toMatchObject({ name: 'Gold', left_to_next: '5000.0000' });
    await makeTopUp(t.deps.db, user.id, '60000');
    expect(await current(auth)).toMatchObject({ name: 'VIP', next: null, left_to_next: null, progress: 100 });
  });
});

describe('staff and plans', () => {
  it('lets a manager put a user on a reseller plan, which payments then never leave', async () => {
    const manager = await makeUser(t.database.db, { roles: ['manager'] });
    const support = await makeUser(t.database.db, { roles: ['support'] });
    const { auth, user } = await makeUser(t.database.db);
    const put = (headers: Headers, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/v1/priceplans/user/${user.id}`,
        headers,
        payload: body,
      });
    expect((await put(support.auth, { priceplan_id: 8 })).statusCode).toBe(403);
    expect((await put(auth, { priceplan_id: 8 })).statusCode).toBe(403);
    const res = await put(manager.auth, { priceplan_id: 8 });
    expect(res.statusCode).toBe(200);
    expect(price(res.json().data, 2, PRODUCT_TYPES.keyword)).toBe('0.2400');
    expect(await current(auth)).toMatchObject({
      name: 'Reseller Base',
      is_reseller: true,
      next: { name: 'Reseller Gold' },
    });
    await makeTopUp(t.deps.db, user.id, '20000');
    expect((await current(auth)).name).toBe('Reseller Base');
    expect((await put(manager.auth, { priceplan_id: 99 })).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/priceplans/user/999999',
      headers: manager.auth,
      payload: { priceplan_id: 2 },
    });
    expect(unknown.statusCode).toBe(404);
    const sync = await t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/priceplans/pricetags/user/${user.id}/sync`,
      headers: manager.auth,
    });
    expect(sync.statusCode).toBe(200);
    expect(sync.json().data).toHaveLength(14);
  });

  it('never lets a manager move their own account or another staff account to a reseller plan', async () => {
    const manager = await makeUser(t.database.db, { roles: ['manager', 'user'] });
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    for (const [target, message] of [
      [manager, USER_MESSAGES.ownAccountMoney],
      [admin, USER_MESSAGES.staffAccountMoney],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/v1/priceplans/user/${target.user.id}`,
        headers: manager.auth,
        payload: { priceplan_id: 9 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
      expect((await current(target.auth)).name).toBe('Base');
    }
  });
});
