import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, CAMPAIGN_MESSAGES, type AdminCampaign, type Campaign } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody as direct } from '../../../../test/factories.js';
import { campaigns } from '../../../db/schema/index.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { deliveryTick } from '../delivery/campaigns.delivery.js';

type Auth = { authorization: string };
let t: TestApp;
let customer: Auth;
let customerId: number;
let admin: { id: number; auth: Auth };
let support: Auth;

const ADMIN = '/api/admin/v1';
// Base plan, Google Play direct installs: 0.12 per install; 3 days × 10 = 3.6000.

async function order(body: object = direct(), headers: Auth = customer): Promise<Campaign> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/private/v1/campaigns',
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Auth = admin.auth) =>
  t.app.inject({ method, url: `${ADMIN}/${url}`, headers, ...(payload ? { payload } : {}) });
async function act(id: number, action: string, headers: Auth = admin.auth): Promise<AdminCampaign> {
  const res = await staff('GET', `campaigns/${id}/${action}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const main = async (userId = customerId) => Number((await balancesOf(t.deps.db, userId)).main);

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  customer = user.auth;
  customerId = user.user.id;
  await makeApp(t.deps, customerId);
  await makeTopUp(t.deps.db, customerId, '900');
  const boss = await makeUser(t.deps.db, { roles: ['admin'] });
  admin = { id: boss.user.id, auth: boss.auth };
  support = (await makeUser(t.deps.db, { roles: ['support'] })).auth;
});
afterAll(() => t.close());

describe('staff campaigns: access and list', () => {
  it('admits the user-orders roles only', async () => {
    expect((await staff('GET', 'campaigns', undefined, {} as Auth)).statusCode).toBe(401);
    expect((await staff('GET', 'campaigns', undefined, customer)).statusCode).toBe(403);
    const ppc = await makeUser(t.deps.db, { roles: ['ppc'] });
    expect((await staff('GET', 'campaigns', undefined, ppc.auth)).statusCode).toBe(403);
    const draft = await order(direct({ draft: true }));
    expect((await staff('GET', `campaigns/${draft.id}/start`, undefined, ppc.auth)).statusCode).toBe(403);
    expect((await staff('GET', 'campaigns', undefined, support)).statusCode).toBe(200);
  });

  it('lists every user’s campaigns with the owner, searched by e-mail, package or id', async () => {
    const draft = await order(direct({ draft: true }));
    const email = (await staff('GET', `campaigns/${draft.id}`)).json().data.user.email as string;
    const all = (await staff('GET', 'campaigns?limit=100')).json();
    expect(all.data[0].id).toBeGreaterThanOrEqual(draft.id); // newest first
    expect(all.data[0].user).toEqual({ id: customerId, email });
    expect((await staff('GET', `campaigns?search=${email}&limit=100`)).json().meta.total).toBe(
      all.meta.total,
    );
    expect(
      (await staff('GET', `campaigns?search=${draft.id}`)).json().data.map((c: Campaign) => c.id),
    ).toContain(draft.id);
    expect((await staff('GET', 'campaigns?search=nobody%40nowhere')).json().meta.total).toBe(0);
    const drafts = (await staff('GET', 'campaigns?status=draft&limit=100')).json().data as Campaign[];
    expect(drafts.every((c) => c.status === 'draft')).toBe(true);
    expect((await staff('GET', 'campaigns?status=bogus')).statusCode).toBe(422);
    expect((await staff('GET', 'campaigns?page=0')).statusCode).toBe(422);
    expect((await staff('GET', 'campaigns/999999')).statusCode).toBe(404);
    expect((await staff('GET', 'campaigns/abc/start')).statusCode).toBe(422);
  });

  it('lists only the campaigns with customer messages no one on staff has read when unread is set', async () => {
    const write = (id: number, text: string, headers = customer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/private/v1/campaigns/${id}/messages`,
        headers,
        payload: { text },
      });
    const [waiting, answered, staffOnly] = [
      await order(direct({ draft: true })),
      await order(direct({ draft: true })),
      await order(direct({ draft: true })),
    ];
    expect((await write(waiting.id, 'When will it start?')).statusCode).toBe(200);
    expect((await write(answered.id, 'Any news?')).statusCode).toBe(200);
    // Staff open that thread (which reads it) and write to the third campaign's customer.
    expect((await staff('GET', `campaigns/${answered.id}/messages`)).statusCode).toBe(200);
    expect((await staff('POST', `campaigns/${staffOnly.id}/messages`, { text: 'Hello' })).statusCode).toBe(
      200,
    );

    const ids = async (query: string) =>
      ((await staff('GET', `campaigns?limit=100&${query}`)).json().data as Campaign[]).map((c) => c.id);
    expect(await ids('unread=1')).toEqual([waiting.id]);
    expect(await ids('unread=true&search=nobody%40nowhere')).toEqual([]);
    expect(await ids('unread=0')).toEqual(expect.arrayContaining([waiting.id, answered.id, staffOnly.id]));
    expect((await staff('GET', 'campaigns?unread=maybe')).statusCode).toBe(422);
  });
});

describe('staff actions', () => {
  it('starts a draft now (charged), with the staff actor in the history; refuses what the status forbids', async () => {
    const before = await main();
    const draft = await order(direct({ draft: true }));
    const started = await act(draft.id, 'start', support);
    expect(started.status).toBe('active');
    expect(await main()).toBeCloseTo(before - 3.6, 4);
    const history = (await staff('POST', `campaigns/${draft.id}/status-history`)).json().data;
    expect(history.slice(-2).map((h: { to: string }) => h.to)).toEqual(['pending', 'active']);
    expect(history.at(-1).actor_id).not.toBe(customerId);
    for (const action of ['start', 'rejected', 'resume', 'archive', 'moderation']) {
      const res = await staff('GET', `campaigns/${draft.id}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe('This action is not allowed for a campaign in status active');
    }
    expect((await act(draft.id, 'pause')).status).toBe('pause');
    expect((await staff('GET', `campaigns/${draft.id}/pause`)).statusCode).toBe(409);
    expect((await act(draft.id, 'resume')).status).toBe('active');
    expect((await act(draft.id, 'cancel')).status).toBe('canceled');
    expect(await main()).toBeCloseTo(before, 4); // nothing delivered: all back
    expect((await staff('GET', `campaigns/${draft.id}/forced-completion`)).statusCode).toBe(409);
    expect((await act(draft.id, 'archive')).status).toBe('archived');
    expect((await staff('GET', `campaigns/${draft.id}/forced-draft`)).statusCode).toBe(409);
  });

  it('sends to moderation, then starts or rejects; a reject refunds what was charged', async () => {
    const first = await order(direct({ draft: true }));
    expect((await act(first.id, 'moderation')).status).toBe('moderation');
    expect((await act(first.id, 'start')).status).toBe('active');

    const before = await main();
    const paid = await order(); // charged and active; as a charged order waiting for moderation:
    await t.deps.db
      .update(campaigns)
      .set({ status: 'moderation', clock_at: null })
      .where(eq(campaigns.id, paid.id));
    expect(await main()).toBeCloseTo(before - 3.6, 4);
    const rejected = await t.app.inject({
      url: `${ADMIN}/campaigns/${paid.id}/rejected?reason=Bad%20app`,
      headers: admin.auth,
    });
    expect(rejected.json().data.status).toBe('rejected');
    expect(rejected.json().data.status_history.at(-1)).toMatchObject({ to: 'rejected', reason: 'Bad app' });
    expect(await main()).toBeCloseTo(before, 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('forced completion and forced draft refund the undelivered part', async () => {
    const before = await main();
    const running = await order();
    const startedAt = new Date(running.started_at!);
    await deliveryTick(t.deps, new Date(startedAt.getTime() + DAY_MS + 1000)); // day 1 delivered
    const completed = await act(running.id, 'forced-completion');
    expect(completed.status).toBe('completed');
    expect(completed.installs_actual).toBe(10);
    expect(await main()).toBeCloseTo(before - 1.2, 4); // 10 of 30 installs paid
    // Nothing more comes back once the undelivered part was refunded.
    expect((await act(running.id, 'forced-draft')).status).toBe('draft');
    expect(await main()).toBeCloseTo(before - 1.2, 4);

    const again = await order();
    await deliveryTick(t.deps, new Date(new Date(again.started_at!).getTime() + DAY_MS + 1000));
    const draft = await act(again.id, 'forced-draft');
    expect(draft).toMatchObject({ status: 'draft', installs_actual: 0 });
    expect(await main()).toBeCloseTo(before - 2.4, 4);
    const progress = (await staff('POST', `campaigns/${again.id}/progress`)).json().data;
    expect(progress.days).toEqual([1, 2, 3].map((day) => ({ day, installs_total: 10, installs_actual: 0 })));
    expect((await act(again.id, 'start')).status).toBe('active'); // a fresh start charges the full price
    expect(await main()).toBeCloseTo(before - 6, 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('answers the top-up message when the balance cannot cover a staff start', async () => {
    const poor = await makeUser(t.deps.db);
    await makeApp(t.deps, poor.user.id);
    const draft = await order(direct({ draft: true }), poor.auth);
    const res = await staff('GET', `campaigns/${draft.id}/start`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CAMPAIGN_MESSAGES.campaignTopUpToStart);
    expect((await staff('GET', `campaigns/${draft.id}`)).json().data.status).toBe('draft');
  });
});

describe('staff start with a start time', () => {
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const startWith = (id: number, query: string) => staff('GET', `campaigns/${id}/start?${query}`);

  it('delays a draft until then, charged only when it starts, with a durable job at that time', async () => {
    const before = await main();
    const draft = await order(direct({ draft: true }));
    const when = at(90);
    const res = await startWith(draft.id, `start_at=${encodeURIComponent(when)}&reason=Customer%20asked`);
    expect(res.statusCode, res.body).toBe(200);
    const delayed = res.json().data as AdminCampaign;
    expect(delayed).toMatchObject({ status: 'delayed', start_at: when });
    expect(delayed.status_history!.at(-1)).toMatchObject({
      from: 'draft',
      to: 'delayed',
      reason: 'Customer asked',
    });
    expect(await main()).toBeCloseTo(before, 4); // nothing charged yet
    const jobs = await t.database.sql.executeSql(
      `select start_after from pgboss.job where name = 'campaigns.start' and data->>'campaignId' = $1`,
      [String(draft.id)],
    );
    expect(
      jobs.rows.map((row) => new Date((row as { start_after: string }).start_after).toISOString()),
    ).toEqual([when]);
    // At its time the delivery tick (or the job) starts it and charges it.
    await deliveryTick(t.deps, new Date(Date.parse(when) + 1000));
    expect((await staff('GET', `campaigns/${draft.id}`)).json().data.status).toBe('active');
    expect(await main()).toBeCloseTo(before - 3.6, 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('schedules an approved moderation campaign without charging it twice', async () => {
    const before = await main();
    const paid = await order();
    await t.deps.db
      .update(campaigns)
      .set({ status: 'moderation', clock_at: null })
      .where(eq(campaigns.id, paid.id));
    const when = at(30);
    expect((await startWith(paid.id, `start_at=${encodeURIComponent(when)}`)).json().data.status).toBe(
      'delayed',
    );
    await deliveryTick(t.deps, new Date(Date.parse(when) + 1000));
    expect((await staff('GET', `campaigns/${paid.id}`)).json().data.status).toBe('active');
    expect(await main()).toBeCloseTo(before - 3.6, 4);
  });

  it('refuses an empty, unreadable or too early start time with 422 and changes nothing', async () => {
    const draft = await order(direct({ draft: true }));
    for (const [value, message] of [
      ['', CAMPAIGN_MESSAGES.campaignDateEmpty],
      ['not-a-time', 'Data is not valid'],
      [at(4), CAMPAIGN_MESSAGES.campaignStartTooSoon],
    ] as const) {
      const res = await startWith(draft.id, `start_at=${encodeURIComponent(value)}`);
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors.start_at).toEqual([message]);
    }
    expect((await staff('GET', `campaigns/${draft.id}`)).json().data.status).toBe('draft');
    // Another action's query takes no start time: it is ignored there, not an error.
    expect((await staff('GET', `campaigns/${draft.id}/moderation?start_at=x`)).statusCode).toBe(200);
  });
});

describe('staff update, partner, vendor, progress', () => {
  it('updates notes and partner, with a history row; refuses bad input with 422', async () => {
    const draft = await order(direct({ draft: true }));
    const res = await staff('PUT', `campaigns/${draft.id}`, {
      description: ' Checked by staff ',
      partner: 'acme',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ description: 'Checked by staff', partner: 'acme' });
    expect(res.json().data.status_history.at(-1)).toMatchObject({
      from: 'draft',
      to: 'draft',
      actor_id: admin.id,
    });
    expect((await staff('PUT', `campaigns/${draft.id}`, { description: 'Привет' })).statusCode).toBe(422);
    expect((await staff('PUT', `campaigns/${draft.id}`, { status: 'active' })).statusCode).toBe(422);
    expect((await staff('PUT', `campaigns/${draft.id}`, { partner: 5 })).statusCode).toBe(422);

    expect((await staff('GET', `campaigns/${draft.id}/partners`)).json().data).toEqual({
      id: draft.id,
      partner: 'acme',
    });
    expect(
      (await staff('POST', `campaigns/${draft.id}/partners`, { partner: '' })).json().data.partner,
    ).toBeNull();
    expect((await staff('POST', `campaigns/${draft.id}/partners`, {})).statusCode).toBe(422);
  });

  it('changes the vendor to an active one while the campaign runs', async () => {
    const created = await staff('POST', 'vendors', { vendor: 'Acme installs', store: 1, products: [1, 2] });
    expect(created.statusCode, created.body).toBe(201);
    const vendorId = created.json().data.id as number;
    const running = await order();
    const changed = await staff('PUT', `campaigns/${running.id}/vendor`, { vendor_id: vendorId });
    expect(changed.json().data).toMatchObject({ vendor_id: vendorId, vendor: 'Acme installs' });
    await staff('PUT', 'vendors/change-admin-vendors-activity', { id: vendorId, is_active: false });
    const inactive = await staff('PUT', `campaigns/${running.id}/vendor`, { vendor_id: vendorId });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toBe(CAMPAIGN_MESSAGES.vendorInactive);
    expect((await staff('PUT', `campaigns/${running.id}/vendor`, { vendor_id: 999999 })).statusCode).toBe(
      422,
    );
    expect((await staff('PUT', `campaigns/${running.id}/vendor`, { vendor_id: 'x' })).statusCode).toBe(422);
    await act(running.id, 'forced-completion');
    await staff('PUT', 'vendors/change-admin-vendors-activity', { id: vendorId, is_active: true });
    expect((await staff('PUT', `campaigns/${running.id}/vendor`, { vendor_id: vendorId })).statusCode).toBe(
      409,
    );
  });

  it("shows the customer their own changes as theirs and staff's as the system's, without vendor names or staff notes", async () => {
    const created = await staff('POST', 'vendors', { vendor: 'Backup vendor', store: 1, products: [1] });
    expect(created.statusCode, created.body).toBe(201);
    const running = await order();
    await staff('PUT', `campaigns/${running.id}/vendor`, { vendor_id: created.json().data.id });
    const note = encodeURIComponent('Client owes us: call before resuming');
    expect((await staff('GET', `campaigns/${running.id}/pause?reason=${note}`)).statusCode).toBe(200);
    const customerView: Campaign = (
      await t.app.inject({ url: `/api/private/v1/campaigns/${running.id}`, headers: customer })
    ).json().data;
    const history = customerView.status_history!;
    expect(history.slice(0, 3).map((change) => [change.to, change.actor_id])).toEqual([
      ['draft', customerId],
      ['pending', customerId],
      ['active', customerId],
    ]);
    expect(
      history.slice(3).map(({ from, to, actor_id, reason }) => ({ from, to, actor_id, reason })),
    ).toEqual([
      { from: 'active', to: 'active', actor_id: null, reason: null },
      { from: 'active', to: 'pause', actor_id: null, reason: null },
    ]);
    expect(JSON.stringify(history)).not.toMatch(/Backup vendor|call before/);

    // Staff see who did what and why.
    const staffView = (await staff('POST', `campaigns/${running.id}/status-history`)).json().data;
    expect(staffView.slice(3)).toMatchObject([
      { actor_id: admin.id, reason: 'Vendor: Backup vendor' },
      { to: 'pause', actor_id: admin.id, reason: 'Client owes us: call before resuming' },
    ]);
  });
});
