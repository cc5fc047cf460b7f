import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, STAFF_MONEY_MESSAGES, type Campaign, type CpiAccount } from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { auditLog, campaignCpi } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let customer: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false, listen: true });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
  customer = await makeUser(t.database.db);
  await makeApp(t.deps, customer.user.id);
  await makeTopUp(t.deps.db, customer.user.id, '1000');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: HttpMethod, url: string, headers: Headers = admin.auth, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const body = (overrides: Record<string, unknown> = {}) => ({
  id_key: `act-${Math.floor(Math.random() * 1e9)}`,
  name: 'Main ads account',
  network: 'Sandbox',
  currency: 'usd',
  daily_limit: '15',
  ...overrides,
});
async function create(overrides: Record<string, unknown> = {}): Promise<CpiAccount> {
  const res = await call('POST', 'campaigns/cpi-accounts', admin.auth, body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** A CPI campaign ordered to start now (daily budget 10): where it ends up and on which account. */
async function orderCpi() {
  const res = await t.call('POST', 'campaigns', customer.auth, {
    productType: 4,
    packageId: DEMO_APPS.googlePlay.fitness,
    appstore: 1,
    country: 'US',
    cpiGeo: ['europe'],
    cpiLevels: ['high'],
    cpiHeadline1: 'FitPulse workouts',
    cpiHeadline2: 'Train at home',
    cpiAdAssets: 'Short home workouts without equipment, a step counter and weekly plans.',
  });
  expect(res.statusCode, res.body).toBe(201);
  const campaign = res.json().data as Campaign;
  const [cpi] = await t.deps.db.select().from(campaignCpi).where(eq(campaignCpi.campaign_id, campaign.id));
  return { campaign, account: cpi!.cpi_account_id };
}

describe('CPI accounts', () => {
  it('runs CPI campaigns on the network’s default account while none is configured', async () => {
    const { campaign, account } = await orderCpi();
    expect(campaign.status).toBe('active');
    expect(account).toBeNull();
  });

  it('assigns an active account with room under its daily limit; a full or deactivated one takes none', async () => {
    const first = await create({ daily_limit: '15' });
    const one = await orderCpi();
    expect(one.campaign.status).toBe('active');
    expect(one.account).toBe(first.id);
    // 10 of 15 used: a second campaign of 10 does not fit and waits, charged, saying why.
    const two = await orderCpi();
    expect(two.campaign.status).toBe('pending');
    expect(two.account).toBeNull();
    const history = (await t.call('GET', `campaigns/${two.campaign.id}`, customer.auth)).json().data;
    expect(JSON.stringify(history)).toContain(CAMPAIGN_MESSAGES.campaignWaitingCpiAccount);

    const listed = (await call('GET', `campaigns/cpi-accounts?search=${first.id_key}`)).json().data;
    expect(listed[0]).toMatchObject({ daily_used: '10.0000', campaigns: 1, currency: 'USD' });

    // A deactivated account takes no new campaigns, even with room.
    await call(
      'PUT',
      `campaigns/cpi-accounts/${first.id}`,
      admin.auth,
      body({ id_key: first.id_key, daily_limit: '100' }),
    );
    const off = await call('PUT', `campaigns/cpi-accounts/${first.id}/deactivate`);
    expect(off.json()).toMatchObject({
      message: STAFF_MONEY_MESSAGES.cpiAccountDeactivated,
      data: { is_active: false },
    });
    const three = await orderCpi();
    expect(three.campaign.status).toBe('pending');
    const second = await create({ daily_limit: '100' });
    const four = await orderCpi();
    expect(four.account).toBe(second.id);

    // An account a campaign ran on is deactivated, not deleted; an unused one is deleted.
    const used = await call('DELETE', `campaigns/cpi-accounts/${first.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(STAFF_MONEY_MESSAGES.cpiAccountInUse);
    const spare = await create();
    expect((await call('DELETE', `campaigns/cpi-accounts/${spare.id}`)).json()).toEqual({
      message: STAFF_MONEY_MESSAGES.cpiAccountDeleted,
      count: 1,
    });
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target_id, String(first.id)));
    expect(actions.map((row) => row.action).filter((a) => a.startsWith('cpi-accounts.'))).toEqual([
      'cpi-accounts.create',
      'cpi-accounts.update',
      'cpi-accounts.deactivate',
    ]);
  });

  it('answers the spec’s duplicate ID message with code 1062, in any case and for two saves at once', async () => {
    const made = await create({ id_key: 'ACT-DUP-1' });
    const again = await call('POST', 'campaigns/cpi-accounts', admin.auth, body({ id_key: 'act-dup-1' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'ID key is duplicated. Please provide an unique ID.',
      code: '1062',
      errors: { id_key: ['ID key is duplicated. Please provide an unique ID.'] },
      error_codes: { id_key: [{ code: 'staffMoney.cpiAccountDuplicate' }] },
    });
    const other = await create();
    const renamed = await call(
      'PUT',
      `campaigns/cpi-accounts/${other.id}`,
      admin.auth,
      body({ id_key: made.id_key }),
    );
    expect(renamed.json().code).toBe('1062');
    // Saving an account under its own key is no duplicate.
    expect(
      (await call('PUT', `campaigns/cpi-accounts/${made.id}`, admin.auth, body({ id_key: made.id_key })))
        .statusCode,
    ).toBe(200);
    const racing = await Promise.all(
      [1, 2, 3].map(() => call('POST', 'campaigns/cpi-accounts', admin.auth, body({ id_key: 'race-key' }))),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('refuses bad input with 422 and lets only the admin manage', async () => {
    for (const bad of [
      { id_key: '' },
      { name: 'x\u0007' },
      { currency: 'dollars' },
      { daily_limit: '0' },
      { daily_limit: '-5' },
      { daily_limit: '99999999999999' },
      { is_active: 'yes' },
    ]) {
      const res = await call('POST', 'campaigns/cpi-accounts', admin.auth, body(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(errorsOf(res)).length).toBeGreaterThan(0);
    }
    const made = await create();
    for (const role of ['manager', 'support', 'ppc', 'marketer'] as const) {
      const staff = await makeUser(t.database.db, { roles: [role] });
      expect((await call('GET', 'campaigns/cpi-accounts', staff.auth)).statusCode, role).toBe(200);
      expect((await call('POST', 'campaigns/cpi-accounts', staff.auth, body())).statusCode, role).toBe(403);
      expect((await call('PUT', `campaigns/cpi-accounts/${made.id}/deactivate`, staff.auth)).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `campaigns/cpi-accounts/${made.id}`, staff.auth)).statusCode).toBe(403);
    }
    expect((await call('GET', 'campaigns/cpi-accounts', customer.auth)).statusCode).toBe(403);
  });
});
