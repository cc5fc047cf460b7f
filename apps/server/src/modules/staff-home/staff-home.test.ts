import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StaffHomeCounts } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import {
  bonusSubmissions,
  campaigns,
  payments,
  referralPayouts,
  serverErrors,
} from '../../db/schema/index.js';

let t: TestApp;
type Auth = { authorization: string };
let admin: Auth;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

const home = async (auth: Auth) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/v1/home', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StaffHomeCounts;
};

describe('staff home', () => {
  it('counts what needs staff today, each list once', async () => {
    const before = await home(admin);
    // A new customer (no manager) with a received payment, a waiting campaign, a message, a payout request,
    // a bonus submission and a contact message; a refused callback.
    const customer = await makeUser(t.deps.db);
    const credited = await makeTopUp(t.deps.db, customer.user.id, '100');
    await t.deps.db.update(payments).set({ status: 'received' }).where(eq(payments.id, credited.id));
    await makeApp(t.deps, customer.user.id);
    const ordered = await t.call('POST', 'campaigns', customer.auth, directInstallsBody({ draft: true }));
    const campaignId = ordered.json().data.id as number;
    await t.deps.db.update(campaigns).set({ status: 'pending' }).where(eq(campaigns.id, campaignId));
    for (const text of ['When will it start?', 'Any news?'])
      expect(
        (await t.call('POST', `campaigns/${campaignId}/messages`, customer.auth, { text })).statusCode,
      ).toBe(200);
    await t.deps.db
      .insert(referralPayouts)
      .values({ user_id: customer.user.id, amount: '60', method: 'paypal', details: 'me@pp' });
    await t.deps.db
      .insert(bonusSubmissions)
      .values({ user_id: customer.user.id, type: 'forum_post', link: 'https://forum.example.com/p/1' });
    expect(
      (await t.call('POST', 'contacts', customer.auth, { subject: 'Hi', message: 'Help' })).statusCode,
    ).toBe(201);
    await t.deps.db
      .insert(serverErrors)
      .values({ source: 'callback', status: 403, message: 'Bad signature' });
    // An old refused callback is not today's.
    await t.deps.db.insert(serverErrors).values({
      source: 'callback',
      status: 403,
      message: 'Old',
      created_at: new Date(Date.now() - 2 * 86_400_000),
    });

    const after = await home(admin);
    expect(
      Object.fromEntries(
        Object.entries(after).map(([key, value]) => [key, value! - before[key as keyof StaffHomeCounts]!]),
      ),
    ).toEqual({
      payments_awaiting: 1,
      campaigns_waiting: 1,
      failed_callbacks: 1,
      new_clients: 1,
      unread_messages: 2,
      pending_payouts: 1,
      pending_bonus: 1,
      new_contact_messages: 1,
    });

    // Staff reading the thread clears its unread messages.
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/campaigns/${campaignId}/messages`,
      headers: admin,
    });
    expect((await home(admin)).unread_messages).toBe(before.unread_messages);
  });

  it('gives each count only to those who may open its list, and is for staff only', async () => {
    const support = (await makeUser(t.deps.db, { roles: ['support'] })).auth;
    const counts = await home(support);
    // Support has user payments, orders, payouts, bonus submissions and contact messages, not operations or sales.
    expect(counts).toMatchObject({ failed_callbacks: null, new_clients: null });
    for (const key of [
      'payments_awaiting',
      'campaigns_waiting',
      'unread_messages',
      'pending_payouts',
      'pending_bonus',
      'new_contact_messages',
    ] as const)
      expect(counts[key]).toEqual(expect.any(Number));
    const ppc = await home((await makeUser(t.deps.db, { roles: ['ppc'] })).auth);
    expect(ppc).toMatchObject({ campaigns_waiting: null, unread_messages: null, pending_bonus: null });
    expect(ppc.payments_awaiting).toEqual(expect.any(Number));

    const customer = (await makeUser(t.deps.db)).auth;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/v1/home', headers: customer })).statusCode,
    ).toBe(403);
  });
});
