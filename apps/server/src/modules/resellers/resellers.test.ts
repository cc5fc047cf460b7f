import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAGES_MESSAGES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { auditLog, billingProfiles, pricetags } from '../../db/schema/index.js';

let t: TestApp;
let manager: Awaited<ReturnType<typeof makeUser>>;
let support: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  manager = await makeUser(t.database.db, { roles: ['manager'] });
  support = await makeUser(t.database.db, { roles: ['support'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const form = (overrides: Record<string, unknown> = {}) => ({
  customer_sources: 'My ASO agency site and two forums',
  suppliers: 'None yet',
  monthly_installs: 20000,
  channels: ['seo', 'forums_blogs'],
  services: ['android_installs', 'aso'],
  ...overrides,
});
const send = (auth: Headers, body: object = form()) => t.call('POST', 'resellers', auth, body);
const review = (
  id: number,
  action: 'approve' | 'reject',
  headers: Headers = manager.auth,
  payload?: object,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/v1/resellers/requests/${id}/${action}`,
    headers,
    ...(payload && { payload }),
  });
const planOf = async (userId: number) =>
  (await t.deps.db.select().from(billingProfiles).where(eq(billingProfiles.user_id, userId)))[0]!
    .price_plan_id;

describe('resellers program', () => {
  it('needs a session', async () => {
    expect((await t.call('GET', 'resellers', {})).statusCode).toBe(401);
    expect((await send({})).statusCode).toBe(401);
  });

  it('shows the criteria of §6 and takes one pending request at a time', async () => {
    const { auth } = await makeUser(t.database.db);
    const before = (await t.call('GET', 'resellers', auth)).json();
    expect(before).toMatchObject({
      data: null,
      is_reseller: false,
      priceplan: 'Base',
      criteria: { min_spent: '1000.0000', spent: '0.0000', meets_spent: false },
    });
    const sent = await send(auth);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: PAGES_MESSAGES.resellerSent,
      data: { status: 'pending', channels: ['seo', 'forums_blogs'], monthly_installs: 20000 },
    });
    const again = await send(auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAGES_MESSAGES.resellerPending);
    expect((await t.call('GET', 'resellers', auth)).json().data.status).toBe('pending');
  });

  it('makes one request of two sent at once', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const answers = await Promise.all([send(auth), send(auth), send(auth)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/resellers/requests?user_id=${user.id}`,
      headers: manager.auth,
    });
    expect(list.json().meta.total).toBe(1);
  });

  it('refuses a form without a service or a channel, or with hostile text, with 422 and stores nothing', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const cases: [object, string][] = [
      [form({ channels: [] }), 'channels'],
      [form({ services: [] }), 'services'],
      [form({ services: undefined }), 'services'],
      [form({ channels: ['seo', 'seo'] }), 'channels'],
      [form({ channels: ['tv'] }), 'channels.0'],
      [form({ customer_sources: '' }), 'customer_sources'],
      [form({ customer_sources: 'bad\u0000text' }), 'customer_sources'],
      [form({ suppliers: 'x'.repeat(2001) }), 'suppliers'],
      [form({ monthly_installs: -1 }), 'monthly_installs'],
      [form({ monthly_installs: 1.5 }), 'monthly_installs'],
      [form({ monthly_installs: 1e12 }), 'monthly_installs'],
      [form({ monthly_installs: '12' }), 'monthly_installs'],
    ];
    for (const [body, field] of cases) {
      const res = await send(auth, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    expect((await send(auth, form({ channels: [] }))).json().errors.channels).toEqual([
      PAGES_MESSAGES.resellerChannelRequired,
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/resellers/requests?user_id=${user.id}`,
      headers: manager.auth,
    });
    expect(list.json().meta.total).toBe(0);
    // Multi-line text and any script are kept as text.
    const ok = await send(auth, form({ customer_sources: 'line one\nline <script>alert(1)</script> два' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.customer_sources).toBe('line one\nline <script>alert(1)</script> два');
  });

  it('a manager approves: the user moves to the reseller plan with its pricetags, audited, once', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const { id } = (await send(auth)).json().data;
    // Support reads the requests (user details) but may not review them.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/resellers/requests?status=pending&user_id=${user.id}`,
      headers: support.auth,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ id, user: { id: user.id } });
    expect((await review(id, 'approve', support.auth)).statusCode).toBe(403);
    expect((await review(id, 'approve', auth)).statusCode).toBe(403);
    // Only a reseller plan can be given.
    expect((await review(id, 'approve', manager.auth, { priceplan_id: 7 })).statusCode).toBe(422);

    const [first, second] = await Promise.all([review(id, 'approve'), review(id, 'approve')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await planOf(user.id)).toBe(8);
    const tags = await t.deps.db.select().from(pricetags).where(eq(pricetags.user_id, user.id));
    expect(tags.length).toBeGreaterThan(0);
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resellers.approve'), eq(auditLog.target_id, String(id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: { status: 'pending', priceplan_id: 1 } });

    const mine = (await t.call('GET', 'resellers', auth)).json();
    expect(mine).toMatchObject({
      is_reseller: true,
      priceplan: 'Reseller Base',
      data: { status: 'approved', priceplan: 'Reseller Base' },
    });
    // A reseller has nothing left to ask for.
    const again = await send(auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAGES_MESSAGES.resellerAlready);
  });

  it('a rejected user may apply again; an admin can pick the reseller plan; staff never review their own', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const { id } = (await send(auth)).json().data;
    const rejected = await review(id, 'reject', manager.auth, { note: 'Tell us about your site' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', note: 'Tell us about your site' });
    expect((await review(id, 'approve')).statusCode).toBe(409);
    expect((await review(id, 'reject', manager.auth, { note: 'a\u0007b' })).statusCode).toBe(422);
    expect(await planOf(user.id)).toBe(1);
    expect((await t.call('GET', 'resellers', auth)).json().data.status).toBe('rejected');

    const next = (await send(auth)).json().data;
    expect(next.id).not.toBe(id);
    const admin = await makeUser(t.database.db, { roles: ['admin'] });
    const approved = await review(next.id, 'approve', admin.auth, { priceplan_id: 9 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await planOf(user.id)).toBe(9);

    const own = (await send(manager.auth)).json().data;
    expect((await review(own.id, 'approve')).statusCode).toBe(403);
    expect((await review(2147483647, 'approve')).statusCode).toBe(404);
    expect((await review(0, 'approve')).statusCode).toBe(422);
  });

  it('never shows another user their request', async () => {
    const a = await makeUser(t.database.db);
    const b = await makeUser(t.database.db);
    await send(a.auth, form({ customer_sources: 'secret of A' }));
    expect((await t.call('GET', 'resellers', b.auth)).json().data).toBeNull();
    // The admin list is staff only.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/resellers/requests',
      headers: b.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});
