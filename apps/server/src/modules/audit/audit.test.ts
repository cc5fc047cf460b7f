import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  ACCESS_MESSAGES,
  PAYMENT_SYSTEMS,
  STAFF_ROLES,
  parseMoney,
  type AuditAction,
  type AuditEntry,
} from '@storelift/shared';
import { fakeDns } from '../../../test/outbound.js';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { roles } from '../../db/schema/index.js';
import { credit } from '../ledger/ledger.js';
import { insertPayment } from '../billing/payments.repo.js';

type Auth = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let admin: { id: number; email: string; auth: Auth };
let customer: { id: number; email: string; auth: Auth };

const staff = (method: Method, url: string, payload?: object, headers: Auth = admin.auth) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });

async function auditPage(query = ''): Promise<{ data: AuditEntry[]; meta: { total: number } }> {
  const res = await staff('GET', `audit?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Runs a staff change and answers the audit row it wrote, checking it wrote exactly one (of any action), in
 * the action's name, by the admin, on this request.
 */
async function auditedChange(action: AuditAction, change: () => Promise<LightMyRequestResponse>) {
  const total = (await auditPage()).meta.total;
  const res = await change();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const page = await auditPage();
  expect(page.meta.total, 'audit rows written').toBe(total + 1);
  const row = page.data[0]!;
  expect(row.action).toBe(action);
  expect(row.actor).toMatchObject({ id: admin.id, email: admin.email });
  expect(row.request_id).toBeTruthy();
  expect(row.ip).toBe('127.0.0.1');
  return row;
}

async function expectNoRow(change: () => Promise<LightMyRequestResponse>, status: number) {
  const total = (await auditPage()).meta.total;
  expect((await change()).statusCode).toBe(status);
  expect((await auditPage()).meta.total).toBe(total);
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false, outbound: fakeDns({ 'vendor.example.com': ['93.184.216.34'] }) });
  const boss = await makeUser(t.deps.db, { roles: ['admin'] });
  admin = { id: boss.user.id, email: boss.user.email, auth: boss.auth };
  const user = await makeUser(t.deps.db);
  customer = { id: user.user.id, email: user.user.email, auth: user.auth };
  await makeTopUp(t.deps.db, customer.id, '500');
});
afterAll(() => t.close());

describe('reading the audit log', () => {
  it.each([...STAFF_ROLES.filter((role) => role !== 'admin'), 'user' as const])(
    'refuses %s',
    async (role) => {
      const other = await makeUser(t.deps.db, { roles: [role] });
      expect((await staff('GET', 'audit', undefined, other.auth)).statusCode).toBe(403);
    },
  );

  it('filters by staff member, action, target user and days, and checks the range', async () => {
    const other = await makeUser(t.deps.db);
    for (const amount of ['5', '6'])
      await staff('PUT', 'payments/change-user-balance', { id: other.user.id, amount, account_id: 2 });
    const mine = await auditPage(`&target_user_id=${other.user.id}`);
    expect(mine.data.map((row) => (row.after as { amount: string }).amount)).toEqual(['6.0000', '5.0000']);
    const oldest = await auditPage(`&target_user_id=${other.user.id}&sortBy=asc`);
    expect(oldest.data.map((row) => (row.after as { amount: string }).amount)).toEqual(['5.0000', '6.0000']);
    expect(mine.data[0]!.target_user).toMatchObject({ id: other.user.id, email: other.user.email });
    expect((await auditPage(`&target_user=${other.user.email}`)).meta.total).toBe(2);
    expect((await auditPage(`&actor=${admin.email.slice(0, 8)}`)).meta.total).toBeGreaterThan(0);
    expect((await auditPage(`&actor=nobody-like-this`)).meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const day = `&target_user_id=${other.user.id}&from=${today}&to=${today}`;
    expect((await auditPage(day)).meta.total).toBe(2);
    expect((await auditPage(`&target_user_id=${other.user.id}&to=2000-01-01`)).meta.total).toBe(0);
    const backwards = await staff('GET', `audit?from=${today}&to=2000-01-01`);
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards).from).toEqual([ACCESS_MESSAGES.dateRangeInvalid]);
    expect((await staff('GET', 'audit?action=no.such')).statusCode).toBe(422);
  });
});

describe('money: one row per staff change', () => {
  it('a balance adjustment, with the balance before and after', async () => {
    const row = await auditedChange('users.change-balance', () =>
      staff('PUT', 'payments/change-user-balance', {
        id: customer.id,
        amount: '-20.5',
        account_id: 1,
        reason: 'Goodwill',
      }),
    );
    expect(row.target_user?.id).toBe(customer.id);
    expect(row.before).toEqual({ account: 'main', balance: '500.0000' });
    expect(row.after).toMatchObject({ account: 'main', balance: '479.5000', amount: '-20.5000' });
  });

  it('a balance change entered as a payment', async () => {
    const row = await auditedChange('users.change-balance', () =>
      staff('PUT', 'payments/change-user-balance', {
        id: customer.id,
        amount: '30',
        account_id: 1,
        paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
        payment_id: `audit-${Date.now()}`,
      }),
    );
    expect(row.before).toEqual({ account: 'main', balance: '479.5000' });
    expect(row.after).toMatchObject({ balance: '509.5000', payment_id: expect.any(Number) });
  });

  it('a payment edit, a refund and a delete; a refused delete writes nothing', async () => {
    const credited = await makeTopUp(t.deps.db, customer.id, '40');
    const edited = await auditedChange('payments.update', () =>
      staff('PUT', `payments/${credited.id}`, { description: 'Wire 42' }),
    );
    expect(edited.before).toMatchObject({ description: null });
    expect(edited.after).toMatchObject({ description: 'Wire 42' });
    await expectNoRow(() => staff('DELETE', `payments/${credited.id}`), 409);

    const refunded = await auditedChange('payments.refund', () =>
      staff('POST', `payments/${credited.id}/refund`, {}),
    );
    expect(refunded.before).toMatchObject({ status: 'credited', amount: '40.0000' });
    expect(refunded.after).toMatchObject({ status: 'refunded' });

    const pending = await insertPayment(t.deps.db, {
      user_id: customer.id,
      paysystem_id: PAYMENT_SYSTEMS.card,
      amount: '15.0000',
      total: '15.0000',
      status: 'pending',
      provider: 'sandbox',
    });
    const deleted = await auditedChange('payments.delete', () => staff('DELETE', `payments/${pending.id}`));
    expect(deleted).toMatchObject({ target_type: 'payment', target_id: String(pending.id), after: null });
    expect(deleted.before).toMatchObject({ status: 'pending', amount: '15.0000' });
  });

  it('a payment system switched off and on', async () => {
    const body = { id: PAYMENT_SYSTEMS.wise, is_active: false };
    const row = await auditedChange('paysystems.change-active', () =>
      staff('PUT', 'paysystems/change-is-active-paysystem', body),
    );
    expect([row.before, row.after]).toEqual([{ is_active: true }, { is_active: false }]);
    await staff('PUT', 'paysystems/change-is-active-paysystem', { ...body, is_active: true });
  });

  it('maintenance switched on and off, with its note', async () => {
    const on = await auditedChange('settings.maintenance', () =>
      staff('PUT', 'maintenance', { enabled: true, message: 'Moving the database' }),
    );
    expect([on.before, on.after]).toEqual([
      { enabled: false, message: null },
      { enabled: true, message: 'Moving the database' },
    ]);
    await staff('PUT', 'maintenance', { enabled: false });
  });

  it('payouts completed and canceled', async () => {
    await t.deps.db.transaction((tx) =>
      credit(tx, customer.id, 'referral', parseMoney('200'), { type: 'referral_commission' }),
    );
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call('POST', 'users/referral/payout', customer.auth, {
        amount: 60,
        method: 'paypal',
        details: 'me@example.com',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    const done = await auditedChange('payouts.complete', () =>
      staff('PUT', `referral/payouts/${ids[0]}/complete`, { note: 'Paid' }),
    );
    expect([done.before, done.after]).toEqual([
      { status: 'pending', amount: '60.0000' },
      { status: 'completed', amount: '60.0000', note: 'Paid' },
    ]);
    const canceled = await auditedChange('payouts.cancel', () =>
      staff('PUT', `referral/payouts/${ids[1]}/cancel`, {}),
    );
    expect(canceled.after).toMatchObject({ status: 'canceled' });
    await expectNoRow(() => staff('PUT', `referral/payouts/${ids[1]}/cancel`, {}), 409);
  });

  it("a user's plan set and the pricetags synced", async () => {
    const set = await auditedChange('plans.set-user-plan', () =>
      staff('PUT', `priceplans/user/${customer.id}`, { priceplan_id: 3 }),
    );
    expect([set.before, set.after]).toEqual([{ priceplan_id: 1 }, { priceplan_id: 3 }]);
    const synced = await auditedChange('plans.sync-pricetags', () =>
      staff('POST', `priceplans/pricetags/user/${customer.id}/sync`),
    );
    expect(synced.after).toEqual({ priceplan_id: 3 });
  });

  it('bonus program reviews', async () => {
    for (const type of ['forum_post', 'google_maps_review'])
      expect(
        (
          await t.call('POST', 'users/bonus-program', customer.auth, {
            type,
            link: 'https://example.com/post',
          })
        ).statusCode,
      ).toBe(201);
    const list = (await staff('GET', 'bonus-program/submissions?status=pending')).json().data as {
      id: number;
      type: string;
    }[];
    const forum = list.find((entry) => entry.type === 'forum_post')!;
    const maps = list.find((entry) => entry.type === 'google_maps_review')!;
    const approved = await auditedChange('bonus-program.approve', () =>
      staff('PUT', `bonus-program/submissions/${forum.id}/approve`, {}),
    );
    expect([approved.before, approved.after]).toEqual([
      { status: 'pending', reward: null },
      { status: 'approved', reward: '30.0000', note: null },
    ]);
    const rejected = await auditedChange('bonus-program.reject', () =>
      staff('PUT', `bonus-program/submissions/${maps.id}/reject`, { note: 'No review found' }),
    );
    expect(rejected.after).toEqual({ status: 'rejected', note: 'No review found' });
  });
});

describe('campaigns and vendors: one row per staff change', () => {
  it('staff actions, notes, partner and vendor of a campaign', async () => {
    await makeApp(t.deps, customer.id);
    const order = await t.call('POST', 'campaigns', customer.auth, directInstallsBody());
    expect(order.statusCode, order.body).toBe(201);
    const id = order.json().data.id as number;
    const paused = await auditedChange('campaigns.pause', () => staff('GET', `campaigns/${id}/pause`));
    expect(paused).toMatchObject({ target_type: 'campaign', target_id: String(id) });
    expect(paused.target_user?.id).toBe(customer.id);
    expect(paused.before).toMatchObject({ status: 'active' });
    expect(paused.after).toMatchObject({ status: 'pause' });
    await expectNoRow(() => staff('GET', `campaigns/${id}/pause`), 409);

    const notes = await auditedChange('campaigns.update', () =>
      staff('PUT', `campaigns/${id}`, { description: 'Checked by staff' }),
    );
    expect(notes.after).toMatchObject({ description: 'Checked by staff' });
    const partner = await auditedChange('campaigns.update', () =>
      staff('POST', `campaigns/${id}/partners`, { partner: 'Acme' }),
    );
    expect([partner.before, partner.after]).toMatchObject([{ partner: null }, { partner: 'Acme' }]);

    const vendor = (
      await staff('POST', 'vendors', { vendor: 'Audit vendor', products: [1], share: 50 })
    ).json().data;
    const moved = await auditedChange('campaigns.change-vendor', () =>
      staff('PUT', `campaigns/${id}/vendor`, { vendor_id: vendor.id }),
    );
    expect(moved.after).toMatchObject({ vendor_id: vendor.id });
  });

  it('vendors created, edited, switched and deleted, never with their API key', async () => {
    const body = {
      vendor: 'Keyed vendor',
      products: [1],
      share: 40,
      api_url: 'https://vendor.example.com/api',
      api_key: 'very-secret-key-123',
    };
    const created = await auditedChange('vendors.create', () => staff('POST', 'vendors', body));
    const id = Number(created.target_id);
    expect(created.after).toMatchObject({ name: 'Keyed vendor', share: '40.00', is_active: true });
    const updated = await auditedChange('vendors.update', () =>
      staff('PUT', `vendors/${id}`, { ...body, share: 60 }),
    );
    expect([updated.before, updated.after]).toMatchObject([{ share: '40.00' }, { share: '60.00' }]);
    const off = await auditedChange('vendors.activity', () =>
      staff('PUT', 'vendors/change-admin-vendors-activity', { id, is_active: false }),
    );
    expect([off.before, off.after]).toEqual([{ is_active: true }, { is_active: false }]);
    const country = await auditedChange('vendors.country-activity', () =>
      staff('PUT', 'vendors/change-admin-country-vendors-activity', { id, country: 'de', is_active: false }),
    );
    expect([country.before, country.after]).toEqual([
      { country: 'DE', is_active: true },
      { country: 'DE', is_active: false },
    ]);
    const deleted = await auditedChange('vendors.delete', () => staff('DELETE', `vendors/${id}`));
    expect(deleted.before).toMatchObject({ name: 'Keyed vendor' });
    const everything = JSON.stringify((await auditPage('&action=vendors.create')).data);
    expect(everything).not.toContain('very-secret-key-123');
    expect(everything).not.toContain('api_key');
  });
});

describe('permissions: one row per staff change', () => {
  it('roles, modules, functions and grants', async () => {
    const role = await auditedChange('roles.create', () => staff('POST', 'roles', { name: 'auditing' }));
    expect(role.after).toEqual({ name: 'auditing', guard_name: 'api' });
    const roleId = Number(role.target_id);
    const renamed = await auditedChange('roles.update', () =>
      staff('PUT', `roles/${roleId}`, { name: 'auditors' }),
    );
    expect([renamed.before, renamed.after]).toEqual([
      { name: 'auditing', guard_name: 'api' },
      { name: 'auditors', guard_name: 'api' },
    ]);

    const module = await auditedChange('modules.create', () =>
      staff('POST', 'modules', { name: 'Exports', namespace: 'admin', permission_name: 'exports' }),
    );
    const moduleId = Number(module.target_id);
    await auditedChange('modules.update', () =>
      staff('PUT', `modules/${moduleId}`, {
        name: 'CSV exports',
        namespace: 'admin',
        permission_name: 'exports',
      }),
    );
    const fn = await auditedChange('functions.create', () =>
      staff('POST', 'functions', {
        name: 'Run',
        namespace: 'exports',
        permission_name: 'exports.run',
        module_id: moduleId,
      }),
    );
    expect(fn.after).toEqual({
      name: 'Run',
      namespace: 'exports',
      permission_name: 'exports.run',
      module_id: moduleId,
    });
    await auditedChange('functions.update', () =>
      staff('PUT', `functions/${fn.target_id}`, {
        name: 'Run now',
        namespace: 'exports',
        permission_name: 'exports.run',
        module_id: moduleId,
      }),
    );

    const grants = await auditedChange('grants.update', () =>
      staff('PUT', `roles/${roleId}/grants`, { modules: [moduleId], functions: [Number(fn.target_id)] }),
    );
    expect([grants.before, grants.after]).toEqual([
      { role: 'auditors', modules: [], functions: [] },
      { role: 'auditors', modules: ['exports'], functions: ['exports.run'] },
    ]);
    const [adminRole] = await t.deps.db.select().from(roles).where(eq(roles.name, 'admin'));
    await expectNoRow(
      () => staff('PUT', `roles/${adminRole!.id}/grants`, { modules: [], functions: [] }),
      409,
    );

    await auditedChange('functions.delete', () => staff('DELETE', `functions/${fn.target_id}`));
    await auditedChange('modules.delete', () => staff('DELETE', `modules/${moduleId}`));
    const gone = await auditedChange('roles.delete', () => staff('DELETE', `roles/${roleId}`));
    expect([gone.before, gone.after]).toEqual([
      { name: 'auditors', guard_name: 'api', users_count: 0 },
      null,
    ]);
  });
});
