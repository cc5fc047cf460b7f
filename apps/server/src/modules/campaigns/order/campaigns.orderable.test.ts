import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, DAY_MS, type AdminCampaign, type Campaign } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../../test/build-test-app.js';
import {
  ControllableStore,
  directInstallsBody,
  makeApp,
  makeTopUp,
  makeUser,
} from '../../../../test/factories.js';
import { campaigns, reviewGuarantees } from '../../../db/schema/index.js';
import { checkGuarantees } from '../delivery/campaigns.guarantee-check.js';
import { deliveryTick } from '../delivery/campaigns.delivery.js';

/*
 * What the deployment sells follows what it can deliver: guaranteed reviews only where the store provider
 * can check reviews (a guarantee it cannot check shows as not monitored). CPI without an ad network:
 * production.test.ts and campaigns.routing.test.ts.
 */

type Auth = { authorization: string };
let t: TestApp;
let store: ControllableStore;
let auth: Auth;
let admin: Auth;
let userId: number;

const guaranteedBody = () =>
  directInstallsBody({
    productType: 5,
    installs: 5,
    days: 1,
    checkedTerms: true,
    reviewMode: 2,
  });
const orderable = async (): Promise<number[]> =>
  (await t.app.inject({ url: '/api/private/v1/constants' })).json().data.orderableProductTypes;
const guaranteeOf = async (id: number, as: 'customer' | 'staff') =>
  as === 'customer'
    ? ((await t.call('GET', `campaigns/${id}`, auth)).json().data as Campaign).guarantee
    : (
        (await t.app.inject({ url: `/api/admin/v1/campaigns/${id}`, headers: admin })).json()
          .data as AdminCampaign
      ).guarantee;

beforeAll(async () => {
  store = new ControllableStore();
  t = await buildTestApp({ workers: false, storeProvider: store });
  const user = await makeUser(t.deps.db);
  auth = user.auth;
  userId = user.user.id;
  await makeApp(t.deps, userId);
  await makeTopUp(t.deps.db, userId, '500');
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

describe('guaranteed reviews and the store provider', () => {
  it('sells the guarantee only where the store can check reviews, and shows an unchecked one as not monitored', async () => {
    // The offline catalog checks reviews and the sandbox ad network runs CPI: everything is sold.
    expect(await orderable()).toEqual([1, 2, 4, 5, 6, 7, 8]);
    const ordered = await t.call('POST', 'campaigns', auth, guaranteedBody());
    expect(ordered.statusCode, ordered.body).toBe(201);
    const { id } = ordered.json().data as Campaign;
    const approved = await t.app.inject({ url: `/api/admin/v1/campaigns/${id}/start`, headers: admin });
    expect(approved.statusCode, approved.body).toBe(200);
    await deliveryTick(t.deps, new Date(Date.now() + 2 * DAY_MS));
    expect(await guaranteeOf(id, 'customer')).toMatchObject({ delivered: 5, monitored: true });

    // A store that cannot tell whether a review is still shown (the live one).
    store.canCheckReviews = false;
    expect(await orderable()).toEqual([1, 2, 4, 6, 7, 8]);
    const before = await t.deps.db.$count(campaigns, eq(campaigns.user_id, userId));
    for (const call of ['campaigns', 'campaigns/quote']) {
      const refused = await t.call('POST', call, auth, guaranteedBody());
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorsOf(refused).productType).toEqual([CAMPAIGN_MESSAGES.campaignGuaranteeUnavailable]);
    }
    expect(await t.deps.db.$count(campaigns, eq(campaigns.user_id, userId))).toBe(before);
    // Plain reviews are still sold.
    const plain = await t.call('POST', 'campaigns/quote', auth, { ...guaranteedBody(), productType: 7 });
    expect(plain.statusCode, plain.body).toBe(200);

    // The guarantee sold before is not checked, and both the customer and staff see it is not.
    await checkGuarantees(t.deps, new Date(Date.now() + 3 * DAY_MS));
    const [row] = await t.deps.db.select().from(reviewGuarantees).where(eq(reviewGuarantees.campaign_id, id));
    expect(row!.checked_at).toBeNull();
    expect(await guaranteeOf(id, 'customer')).toMatchObject({ monitored: false });
    expect(await guaranteeOf(id, 'staff')).toMatchObject({ monitored: false });
  });
});
