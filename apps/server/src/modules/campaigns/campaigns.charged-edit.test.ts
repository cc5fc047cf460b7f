import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, MESSAGES, formatMoney, parseMoney, type Campaign } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../test/factories.js';
import { transactions, vendors } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { deliveryTick } from './delivery/campaigns.delivery.js';

/*
 * Editing a campaign that is already charged (docs/campaigns.md, Lifecycle: edit). Staff can make a charged
 * campaign delayed (an approved guaranteed-reviews order, or one that waited for a vendor), and a delayed
 * campaign is editable: the product type stays, and the price difference is settled in the edit's
 * transaction — charged when higher, refunded against the campaign's charge when lower.
 */

type Auth = { authorization: string };
let t: TestApp;
let admin: Auth;
let sandboxId: number;

/** Google Play base prices: direct installs 0.12, guaranteed review 2.50. */
const review = (n: number) => ({
  title: `Review ${n}`,
  body: 'Works well and saves me time every day.',
  rates: 5,
  gender: 'both',
  language: 'english',
});
const guaranteed = () =>
  direct({ productType: 5, installs: 1, days: 1, checkedTerms: true, reviews: [review(1)] });
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const staff = (url: string) => t.app.inject({ method: 'GET', url: `/api/admin/v1/${url}`, headers: admin });

/** A customer with the demo app tracked and `money` on the main balance. */
async function customer(money: string) {
  const user = await makeUser(t.deps.db);
  await makeApp(t.deps, user.user.id);
  await makeTopUp(t.deps.db, user.user.id, money);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    t.call(method, url, user.auth, body);
  return {
    id: user.user.id,
    call,
    main: async () => (await balancesOf(t.deps.db, user.user.id)).main,
    details: async (id: number): Promise<Campaign> => (await call('GET', `campaigns/${id}`)).json().data,
  };
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function order(who: Customer, body: object): Promise<Campaign> {
  const res = await who.call('POST', 'campaigns', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Staff "start with a start time": the charged campaign becomes delayed until `startAt`. */
async function delay(id: number, startAt: string) {
  const res = await staff(`campaigns/${id}/start?start_at=${encodeURIComponent(startAt)}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('delayed');
}

/**
 * A charged, delayed direct-installs campaign: ordered while no vendor takes it (charged, waiting in
 * pending), then given a start time by staff.
 */
async function chargedDelayed(who: Customer, body: object, startAt: string): Promise<Campaign> {
  const ordered = await order(who, body);
  expect(ordered.status).toBe('pending');
  await delay(ordered.id, startAt);
  return who.details(ordered.id);
}

const ledgerProblems = async () => (await checkLedger(t.deps.db)).problems;

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
  const [sandbox] = await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
  sandboxId = sandbox!.id;
  // No vendor takes anything: orders are charged and wait in pending until staff act.
  await t.deps.db.update(vendors).set({ is_active: false }).where(eq(vendors.id, sandboxId));
});
afterAll(() => t.close());

describe('editing a charged campaign (PUT campaigns/{id})', () => {
  it('refuses the free upgrade: a 2.50 guaranteed review cannot become 300,000 installs', async () => {
    const who = await customer('10');
    const ordered = await order(who, guaranteed());
    expect(ordered).toMatchObject({ status: 'moderation', price: '2.5000' });
    expect(await who.main()).toBe('7.5000');
    const startAt = inHours(2);
    await delay(ordered.id, startAt);

    const res = await who.call(
      'PUT',
      `campaigns/${ordered.id}`,
      direct({ installs: 5000, days: 60, start_at: startAt }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).productType).toEqual([CAMPAIGN_MESSAGES.campaignProductFixed]);
    const after = await who.details(ordered.id);
    expect(after).toMatchObject({ status: 'delayed', type: 5, price: '2.5000', installs_total: 1 });
    expect(after.status_history!.map((h) => h.reason)).not.toContain('Edited');
    expect(await who.main()).toBe('7.5000');
    expect(await ledgerProblems()).toEqual([]);
  });

  it('charges the difference of a dearer edit in the same transaction; the start charges nothing more', async () => {
    const who = await customer('20');
    const startAt = inHours(3);
    const c = await chargedDelayed(who, direct({ installs: 10, days: 3 }), startAt);
    expect(c.price).toBe('3.6000');
    expect(await who.main()).toBe('16.4000');

    const res = await who.call(
      'PUT',
      `campaigns/${c.id}`,
      direct({ installs: 20, days: 3, start_at: startAt }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited: Campaign = res.json().data;
    expect(edited).toMatchObject({ status: 'delayed', price: '7.2000', installs_total: 60 });
    expect(edited.status_history!.at(-1)).toMatchObject({
      from: 'delayed',
      to: 'delayed',
      reason: 'Edited; charged 3.6000 more',
    });
    expect(await who.main()).toBe('12.8000');
    expect(await ledgerProblems()).toEqual([]);

    // At its start time a vendor takes it: nothing is charged again, and a cancel refunds all 7.20.
    await t.deps.db.update(vendors).set({ is_active: true }).where(eq(vendors.id, sandboxId));
    try {
      await deliveryTick(t.deps, new Date(Date.parse(startAt) + 1000));
    } finally {
      await t.deps.db.update(vendors).set({ is_active: false }).where(eq(vendors.id, sandboxId));
    }
    expect((await who.details(c.id)).status).toBe('active');
    expect(await who.main()).toBe('12.8000');
    expect((await who.call('GET', `campaigns/${c.id}/cancel`)).statusCode).toBe(200);
    expect(await who.main()).toBe('20.0000');
    expect(await ledgerProblems()).toEqual([]);
  });

  it('refuses a dearer edit the balance cannot cover with 422, and changes nothing', async () => {
    const who = await customer('5');
    const startAt = inHours(3);
    const c = await chargedDelayed(who, direct({ installs: 10, days: 3 }), startAt);
    expect(await who.main()).toBe('1.4000');
    const res = await who.call(
      'PUT',
      `campaigns/${c.id}`,
      direct({ installs: 20, days: 3, start_at: startAt }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).balance).toEqual([MESSAGES.insufficientBalance]);
    const after = await who.details(c.id);
    expect(after).toMatchObject({
      status: 'delayed',
      price: '3.6000',
      installs_total: 30,
      start_at: startAt,
    });
    expect(after.orders![0]!.sequence.map((d) => d.installs_total)).toEqual([10, 10, 10]);
    expect(after.status_history).toHaveLength(c.status_history!.length);
    expect(await who.main()).toBe('1.4000');
    expect(await ledgerProblems()).toEqual([]);
  });

  it('refunds the difference of a cheaper edit against the charge; a cancel then refunds the rest', async () => {
    const who = await customer('20');
    const startAt = inHours(3);
    const c = await chargedDelayed(who, direct({ installs: 10, days: 3 }), startAt);
    // Dearer first (a second charge), then cheaper than the start: the refund spans both charges.
    const dearer = await who.call(
      'PUT',
      `campaigns/${c.id}`,
      direct({ installs: 20, days: 3, start_at: startAt }),
    );
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(await who.main()).toBe('12.8000');
    const res = await who.call(
      'PUT',
      `campaigns/${c.id}`,
      direct({ installs: 5, days: 3, start_at: startAt }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited: Campaign = res.json().data;
    expect(edited).toMatchObject({ status: 'delayed', price: '1.8000' });
    expect(edited.status_history!.at(-1)!.reason).toBe('Edited; refunded 5.4000');
    expect(await who.main()).toBe('18.2000');
    const refunds = await t.deps.db
      .select({ amount: transactions.amount })
      .from(transactions)
      .where(and(eq(transactions.user_id, who.id), eq(transactions.type, 'refund')));
    expect(refunds.reduce((sum, row) => sum + parseMoney(row.amount), 0n)).toBe(parseMoney('5.4'));
    expect(await ledgerProblems()).toEqual([]);

    expect((await who.call('GET', `campaigns/${c.id}/cancel`)).statusCode).toBe(200);
    expect(await who.main()).toBe('20.0000');
    expect(await ledgerProblems()).toEqual([]);
  });

  it('settles two edits sent at once: the campaign is charged exactly its final price', async () => {
    const who = await customer('20');
    const startAt = inHours(3);
    const c = await chargedDelayed(who, direct({ installs: 10, days: 3 }), startAt);
    const [a, b] = await Promise.all([
      who.call('PUT', `campaigns/${c.id}`, direct({ installs: 30, days: 3, start_at: startAt })),
      who.call('PUT', `campaigns/${c.id}`, direct({ installs: 5, days: 3, start_at: startAt })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = await who.details(c.id);
    expect(['10.8000', '1.8000']).toContain(final.price);
    expect(await who.main()).toBe(formatMoney(parseMoney('20') - parseMoney(final.price)));
    expect(await ledgerProblems()).toEqual([]);
    expect((await who.call('GET', `campaigns/${c.id}/cancel`)).statusCode).toBe(200);
    expect(await who.main()).toBe('20.0000');
  });

  it('keeps the product type of a draft too, and edits an uncharged draft without money', async () => {
    const who = await customer('20');
    const draft = await order(who, direct({ draft: true }));
    const other = await who.call('PUT', `campaigns/${draft.id}`, guaranteed());
    expect(other.statusCode).toBe(422);
    expect(errorsOf(other).productType).toEqual([CAMPAIGN_MESSAGES.campaignProductFixed]);
    const res = await who.call('PUT', `campaigns/${draft.id}`, direct({ installs: 40 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'draft', price: '14.4000' });
    expect(res.json().data.status_history.at(-1).reason).toBe('Edited');
    expect(await who.main()).toBe('20.0000');
  });
});
