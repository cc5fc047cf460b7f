import { DAY_MS } from '@storelift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Campaign, CampaignsWidget } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../test/factories.js';
import { campaigns, transactions } from '../../db/schema/index.js';

let t: TestApp;
type Auth = { authorization: string };
interface Customer {
  id: number;
  auth: Auth;
}
let alice: Customer;
let bob: Customer;

const API = '/api/private/v1';
// Base plan on Google Play: direct installs 0.12 each; `direct()` orders 10 a day for 3 days.
const PRICE = '3.6000';

async function customer(): Promise<Customer> {
  const { user, auth } = await makeUser(t.deps.db);
  await makeApp(t.deps, user.id);
  await makeTopUp(t.deps.db, user.id, '900');
  return { id: user.id, auth };
}
async function order(who: Customer, body: object = direct()): Promise<Campaign> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/campaigns`,
    headers: who.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function act(who: Customer, id: number, action: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/campaigns/${id}/${action}`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function widget(who: Customer): Promise<CampaignsWidget> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/widgets/campaigns`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** Moves the ledger rows of these campaigns back in time. */
async function ageLedger(ids: number[], days: number) {
  await t.deps.db
    .update(transactions)
    .set({ created_at: new Date(Date.now() - days * DAY_MS) })
    .where(
      and(
        eq(transactions.reference_type, 'campaign'),
        inArray(
          transactions.reference_id,
          ids.map((id) => String(id)),
        ),
      ),
    );
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  alice = await customer();
  bob = await customer();
});
afterAll(() => t.close());

describe('GET widgets/campaigns', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/widgets/campaigns` });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API}/widgets/campaigns`,
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('answers zeros, no running campaigns and nothing spent for a customer without campaigns', async () => {
    const data = await widget(alice);
    expect(Object.values(data.counts).every((count) => count === 0)).toBe(true);
    expect(Object.keys(data.counts).sort()).toEqual(
      [
        'active',
        'all',
        'archived',
        'canceled',
        'completed',
        'delayed',
        'draft',
        'failed',
        'moderation',
        'paused',
        'pending',
        'rejected',
      ].sort(),
    );
    expect(data.running).toEqual([]);
    expect(data.spent).toBe('0.0000');
  });

  it("counts the caller's campaigns per tab as GET campaigns does and lists the 5 newest running ones", async () => {
    // Another customer's campaigns come first, so their ids sit among the caller's.
    const bobs = [await order(bob), await order(bob, direct({ draft: true }))];

    const draft = await order(alice, direct({ draft: true }));
    const delayed = await order(
      alice,
      direct({ start_at: new Date(Date.now() + 60 * 60_000).toISOString() }),
    );
    const paused = await order(alice);
    await act(alice, paused.id, 'pause');
    const canceled = await order(alice);
    await act(alice, canceled.id, 'cancel');
    const completed = await order(alice);
    await t.deps.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, completed.id));
    const archived = await order(alice);
    await act(alice, archived.id, 'cancel');
    await act(alice, archived.id, 'archive');
    const active = [await order(alice), await order(alice), await order(alice), await order(alice)];
    expect(active.every((c) => c.status === 'active')).toBe(true);

    const data = await widget(alice);
    expect(data.counts).toEqual({
      all: 9,
      active: 4,
      paused: 1,
      draft: 1,
      delayed: 1,
      failed: 0,
      completed: 1,
      canceled: 1,
      archived: 1,
      moderation: 0,
      pending: 0,
      rejected: 0,
    });
    const list = await t.app.inject({ method: 'GET', url: `${API}/campaigns`, headers: alice.auth });
    expect(data.counts).toEqual(list.json().counts);

    // Newest first: the four active ones, then the paused one; the older delayed one is the sixth.
    expect(data.running.map((c) => c.id)).toEqual([...active.map((c) => c.id).reverse(), paused.id]);
    expect(data.running.map((c) => c.status)).toEqual(['active', 'active', 'active', 'active', 'pause']);
    const [newest] = data.running;
    expect(newest).toMatchObject({
      type: 1,
      installs_total: 30,
      installs_actual: 0,
      price: PRICE,
      app: { title: expect.any(String) },
      country: { code: 'US' },
    });
    const ids = data.running.map((c) => c.id);
    for (const other of [draft, canceled, completed, archived, ...bobs]) expect(ids).not.toContain(other.id);

    // With fewer than five running, the delayed one shows too.
    await act(alice, active[0]!.id, 'cancel');
    await act(alice, active[1]!.id, 'cancel');
    const fewer = await widget(alice);
    expect(fewer.running.map((c) => c.id)).toEqual([active[3]!.id, active[2]!.id, paused.id, delayed.id]);
    expect(fewer.counts).toMatchObject({ all: 9, active: 2, canceled: 3 });

    // The other customer sees only theirs.
    const theirs = await widget(bob);
    expect(theirs.counts).toMatchObject({ all: 2, active: 1, draft: 1 });
    expect(theirs.running.map((c) => c.id)).toEqual([bobs[0]!.id]);
    expect(theirs.spent).toBe(PRICE);
  });

  it('sums what the last 30 days charged for campaigns, less refunds, never below zero', async () => {
    // Alice: 8 orders charged (all but the draft and the delayed one), 4 of them refunded in full.
    expect((await widget(alice)).spent).toBe('14.4000');

    // A charge 31 days old is out of the window.
    const { running } = await widget(alice);
    await ageLedger([running[0]!.id], 31);
    expect((await widget(alice)).spent).toBe('10.8000');
    // 29 days old is still in.
    await ageLedger([running[0]!.id], 29);
    expect((await widget(alice)).spent).toBe('14.4000');

    // Bob's only charge is old; its refund now gives money back, which is not negative spending.
    const [bobs] = (await widget(bob)).running;
    await ageLedger([bobs!.id], 40);
    await act(bob, bobs!.id, 'cancel');
    expect((await widget(bob)).spent).toBe('0.0000');
  });
});
