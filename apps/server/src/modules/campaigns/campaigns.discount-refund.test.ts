import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, type Campaign } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { apps, campaigns, marketingActions } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { deliveryTick } from './delivery/campaigns.delivery.js';

/*
 * A discount tier reached by the whole order stays on the part delivered before a cancel or a forced
 * completion only as far as that part reaches it alone (docs/marketing.md, Discounts): the delivered
 * installs are re-priced at their own tier and the rest is refunded.
 */

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = (await makeUser(t.deps.db, { roles: ['admin', 'user'] })).auth;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(marketingActions);
});

const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers: admin, ...(payload && { payload }) });

async function discount(tiers: { from: string; percent: string }[]) {
  const res = await staff('POST', 'marketing-actions', {
    type: 'campaign',
    name: 'Volume discount',
    starts_at: new Date(Date.now() - DAY_MS).toISOString(),
    tiers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A customer with 100.00 orders Google Play installs at 0.12: 10 a day for 3 days, 3.60 before the
 * discount; the sandbox then delivers the first day (10 installs, 1.20 at the list price).
 */
async function orderedAndOneDayDelivered() {
  const who = await makeUser(t.deps.db);
  await makeApp(t.deps, who.user.id);
  await makeTopUp(t.deps.db, who.user.id, '100');
  const ordered = await t.call('POST', 'campaigns', who.auth, directInstallsBody());
  expect(ordered.statusCode, ordered.body).toBe(201);
  const campaign = ordered.json().data as Campaign;
  const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  await deliveryTick(t.deps, new Date(row!.clock_at!.getTime() + DAY_MS));
  const [delivered] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  expect(delivered!.installs_actual).toBe(10);
  return { who, campaign };
}

/** The customer's main balance, what the campaign stays charged and its app's promotion value. */
async function money(userId: number, campaignId: number) {
  const [row] = await t.deps.db
    .select({ charged: campaigns.charged, promotion: apps.promotion_value })
    .from(campaigns)
    .innerJoin(apps, eq(apps.id, campaigns.app_id))
    .where(eq(campaigns.id, campaignId));
  return {
    main: (await balancesOf(t.deps.db, userId)).main,
    charged: Number(row!.charged).toFixed(4),
    promotion: Number(row!.promotion).toFixed(4),
  };
}

describe('the delivered part of a discounted campaign', () => {
  it('a cancel re-prices it at the list price when it reaches no tier alone, and refunds the rest', async () => {
    // From 3.00 of list price, 20 % off: the order (3.60) gets it, 0.096 a unit, 2.88 in all.
    await discount([{ from: '3', percent: '20' }]);
    const { who, campaign } = await orderedAndOneDayDelivered();
    expect(campaign).toMatchObject({ price: '2.8800', unit_price: '0.0960' });
    expect(await money(who.user.id, campaign.id)).toEqual({
      main: '97.1200',
      charged: '2.8800',
      promotion: '2.8800',
    });
    const canceled = await t.call('GET', `campaigns/${campaign.id}/cancel`, who.auth);
    expect(canceled.statusCode, canceled.body).toBe(200);
    // The 10 delivered installs (1.20 at the list price) reach no tier: they keep 1.20, 1.68 comes back.
    expect(await money(who.user.id, campaign.id)).toEqual({
      main: '98.8000',
      charged: '1.2000',
      promotion: '1.2000',
    });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a forced completion re-prices it at the lower tier it reaches alone', async () => {
    // 10 % off from 1.00, 20 % from 3.00: the order gets 20 %, its delivered first day (1.20) 10 %.
    await discount([
      { from: '1', percent: '10' },
      { from: '3', percent: '20' },
    ]);
    const { who, campaign } = await orderedAndOneDayDelivered();
    expect(campaign.price).toBe('2.8800');
    const forced = await staff('GET', `campaigns/${campaign.id}/forced-completion`);
    expect(forced.statusCode, forced.body).toBe(200);
    // 10 installs at 0.108 keep 1.08; 2.88 − 1.08 = 1.80 comes back.
    expect(await money(who.user.id, campaign.id)).toEqual({
      main: '98.9200',
      charged: '1.0800',
      promotion: '1.0800',
    });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('keeps the order’s tier when the delivered part reaches it alone', async () => {
    await discount([{ from: '1', percent: '20' }]);
    const { who, campaign } = await orderedAndOneDayDelivered();
    expect((await t.call('GET', `campaigns/${campaign.id}/cancel`, who.auth)).statusCode).toBe(200);
    // 10 installs at 0.096 keep 0.96; 1.92 comes back.
    expect(await money(who.user.id, campaign.id)).toEqual({
      main: '99.0400',
      charged: '0.9600',
      promotion: '0.9600',
    });
  });
});
