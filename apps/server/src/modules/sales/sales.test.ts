import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SALES_MESSAGES, USER_MESSAGES, type NewClient, type SalesClient } from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { auditLog, managerRequests, users } from '../../db/schema/index.js';

let t: TestApp;
type Staff = Awaited<ReturnType<typeof makeUser>>;
let admin: Staff, manager: Staff, otherManager: Staff, marketer: Staff;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const db = t.database.db;
  admin = await makeUser(db, { roles: ['admin', 'user'] });
  manager = await makeUser(db, { roles: ['manager', 'user'], full_name: 'Mary Manager' });
  otherManager = await makeUser(db, { roles: ['manager', 'user'] });
  marketer = await makeUser(db, { roles: ['marketer', 'user'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const admin$ = (method: HttpMethod, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const customer$ = (method: HttpMethod, url: string, headers: Headers) =>
  t.app.inject({ method, url: `/api/private/v1/${url}`, headers });
const clientOf = (managerId: number | null, overrides = {}) =>
  makeUser(t.database.db, { manager_id: managerId, ...overrides });
const auditActions = async (userId: number) =>
  (await t.deps.db.select().from(auditLog).where(eq(auditLog.target_user_id, userId))).map(
    (row) => row.action,
  );

describe('sales report: My clients', () => {
  it("a manager reads only their own clients, whatever manager_id says; the admin reads anyone's", async () => {
    const mine = await clientOf(manager.user.id);
    const theirs = await clientOf(otherManager.user.id);
    const ids = async (headers: Headers, query = '') =>
      ((await admin$('GET', `sales-reports?limit=100${query}`, headers)).json().data as SalesClient[]).map(
        (row) => row.id,
      );
    const managerSees = await ids(manager.auth, `&manager_id=${otherManager.user.id}`);
    expect(managerSees).toContain(mine.user.id);
    expect(managerSees).not.toContain(theirs.user.id);
    expect(await ids(admin.auth, `&manager_id=${otherManager.user.id}`)).toEqual([theirs.user.id]);
    expect(await ids(admin.auth)).toEqual(expect.arrayContaining([mine.user.id, theirs.user.id]));
  });

  it('a marketer, support or customer cannot open the sales report', async () => {
    expect((await admin$('GET', 'sales-reports', marketer.auth)).statusCode).toBe(403);
    const customer = await clientOf(null);
    expect((await admin$('GET', 'sales-reports', customer.auth)).statusCode).toBe(403);
    expect((await admin$('GET', 'sales-reports/totals', marketer.auth)).statusCode).toBe(403);
  });

  it('changes status and note, keeps each change with author and time, audited; filters by status', async () => {
    const client = await clientOf(manager.user.id);
    const status = await admin$('POST', 'sales-reports/change-status', manager.auth, {
      user_id: client.user.id,
      status: 'contacted',
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      message: SALES_MESSAGES.statusSaved,
      data: { status: 'contacted' },
    });
    const note = await admin$('POST', 'sales-reports/change-history-note', manager.auth, {
      user_id: client.user.id,
      note: 'Called, wants a demo\nnext week',
    });
    expect(note.json().data).toMatchObject({ status: 'contacted', note: 'Called, wants a demo\nnext week' });

    const history = (
      await admin$('GET', `sales-reports/history?user_id=${client.user.id}`, manager.auth)
    ).json();
    expect(history.data).toMatchObject([
      { status: 'contacted', note: 'Called, wants a demo\nnext week', author: { id: manager.user.id } },
      { status: 'contacted', note: '', author: { id: manager.user.id } },
    ]);
    expect((await auditActions(client.user.id)).sort()).toEqual([
      'sales.change-history-note',
      'sales.change-status',
    ]);

    const contacted = (await admin$('GET', 'sales-reports?status=contacted&limit=100', manager.auth)).json();
    expect(contacted.data.map((row: SalesClient) => row.id)).toEqual([client.user.id]);
  });

  it("refuses another manager's client (404, nothing changed) and bad input (422)", async () => {
    const theirs = await clientOf(otherManager.user.id);
    const res = await admin$('POST', 'sales-reports/change-status', manager.auth, {
      user_id: theirs.user.id,
      status: 'won',
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await admin$('GET', `sales-reports/history?user_id=${theirs.user.id}`, manager.auth)).statusCode,
    ).toBe(404);
    expect(await auditActions(theirs.user.id)).toEqual([]);
    const bad = await admin$('POST', 'sales-reports/change-history-note', manager.auth, {
      user_id: theirs.user.id,
      note: 'x'.repeat(2001),
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toHaveProperty('note');
    const badStatus = await admin$('POST', 'sales-reports/change-status', admin.auth, {
      user_id: theirs.user.id,
      status: 'nope',
    });
    expect(badStatus.statusCode).toBe(422);
  });

  it('exports the scope as CSV, formulas escaped', async () => {
    const client = await clientOf(manager.user.id, { nickname: `=cmd${Date.now() % 100000}` });
    const res = await admin$('GET', 'sales-reports/export', manager.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\n')[0]).toBe(
      'id,email,nickname,full_name,country,priceplan,manager,created_at,total_payments,total_spent,status,note',
    );
    expect(res.body).toContain(`'${client.user.nickname}`);
    expect(res.body).not.toContain(otherManager.user.email.split('@')[0] + '@example.com,');
  });
});

describe('sales report: New clients and personal-manager requests', () => {
  it('a customer requests a manager once; staff see it first; a manager assigns themselves; the card shows', async () => {
    const customer = await clientOf(null, { full_name: 'Rita Requester' });
    await clientOf(null);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/private/v1/managers/request',
      headers: customer.auth,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: SALES_MESSAGES.requestSent, data: { status: 'sent' } });
    // Two at once and one more later: still the one open request.
    const again = await Promise.all([0, 1].map(() => customer$('POST', 'managers/request', customer.auth)));
    expect(again.map((res) => res.statusCode).sort()).toEqual([200, 200]);
    expect(again[0]!.json().data.id).toBe(first.json().data.id);
    const rows = await t.deps.db
      .select()
      .from(managerRequests)
      .where(eq(managerRequests.user_id, customer.user.id));
    expect(rows).toHaveLength(1);

    const list = (await admin$('GET', 'sales-reports/new-clients?limit=100', manager.auth)).json();
    const flagged = (list.data as NewClient[]).filter((row) => row.requested_at !== null);
    expect(flagged[0]!.id).toBe(customer.user.id);
    expect(list.data[0].id).toBe(customer.user.id);
    // Staff are nobody's clients.
    expect((list.data as NewClient[]).map((row) => row.id)).not.toContain(marketer.user.id);

    // A manager may not give the client to someone else.
    const other = await admin$('POST', 'sales-reports/new-clients/change-manager', manager.auth, {
      user_id: customer.user.id,
      manager_id: otherManager.user.id,
    });
    expect(other.statusCode).toBe(403);
    // Two managers take the client at once: one wins, the other is told it is taken.
    const taken = await Promise.all(
      [manager, otherManager].map((staff) =>
        admin$('POST', 'sales-reports/new-clients/change-manager', staff.auth, {
          user_id: customer.user.id,
          manager_id: staff.user.id,
        }),
      ),
    );
    expect(taken.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = taken[0]!.statusCode === 200 ? manager : otherManager;
    const [after] = await t.deps.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(after!.manager_id).toBe(winner.user.id);
    expect(await auditActions(customer.user.id)).toEqual(['sales.change-manager']);

    const card = (await customer$('GET', 'managers', customer.auth)).json();
    expect(card.mine).toMatchObject({ id: winner.user.id, email: winner.user.email });
    expect(card.request).toMatchObject({ status: 'assigned' });
    expect(card.data.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([manager.user.id, otherManager.user.id]),
    );
    expect(card.data[0]).not.toHaveProperty('email');
    // The customer is told who their manager is.
    const notices = (await customer$('GET', 'notices', customer.auth)).json().data;
    expect(notices.map((notice: { text: string }) => notice.text)).toEqual([
      expect.stringContaining('is now your personal manager'),
    ]);
    // With a manager there is nothing to request.
    expect((await customer$('POST', 'managers/request', customer.auth)).statusCode).toBe(409);
  });

  it('a manager cannot take an admin, another staff account or themselves as a client', async () => {
    for (const [target, message] of [
      [admin, USER_MESSAGES.staffAccountMoney],
      [marketer, USER_MESSAGES.staffAccountMoney],
      [manager, USER_MESSAGES.ownAccountMoney],
    ] as const) {
      const res = await admin$('POST', 'sales-reports/new-clients/change-manager', manager.auth, {
        user_id: target.user.id,
        manager_id: manager.user.id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, target.user.id));
      expect(row!.manager_id).toBeNull();
    }
  });

  it('the admin may give any client any manager, but only a manager', async () => {
    const client = await clientOf(manager.user.id);
    const res = await admin$('POST', 'sales-reports/new-clients/change-manager', admin.auth, {
      user_id: client.user.id,
      manager_id: otherManager.user.id,
    });
    expect(res.statusCode).toBe(200);
    const notManager = await admin$('POST', 'sales-reports/new-clients/change-manager', admin.auth, {
      user_id: client.user.id,
      manager_id: marketer.user.id,
    });
    expect(notManager.statusCode).toBe(422);
    expect(errorsOf(notManager)).toHaveProperty('manager_id');
  });

  it("a customer's GET managers shows no other customer's manager", async () => {
    const withManager = await clientOf(manager.user.id);
    const without = await clientOf(null);
    expect((await customer$('GET', 'managers', withManager.auth)).json().mine.id).toBe(manager.user.id);
    expect((await customer$('GET', 'managers', without.auth)).json()).toMatchObject({
      mine: null,
      request: null,
    });
  });
});

describe('sales report: statistics', () => {
  it('counts statuses, payments and totals of the scope in the period; pages and exports last payments', async () => {
    const boss = await makeUser(t.database.db, { roles: ['manager', 'user'] });
    const payer = await clientOf(boss.user.id);
    await clientOf(boss.user.id);
    await makeTopUp(t.deps.db, payer.user.id, '100');
    await makeTopUp(t.deps.db, payer.user.id, '50.5');
    const outsider = await clientOf(manager.user.id);
    await makeTopUp(t.deps.db, outsider.user.id, '999');

    const totals = (await admin$('GET', 'sales-reports/totals', boss.auth)).json().data;
    expect(totals).toEqual({
      total_clients: 2,
      active_clients: 1,
      payments_committed: 2,
      payments_total: '150.5000',
    });
    const past = (
      await admin$('GET', 'sales-reports/totals?from=2000-01-01&to=2000-12-31', boss.auth)
    ).json();
    expect(past.data).toMatchObject({ total_clients: 2, payments_committed: 0, payments_total: '0.0000' });
    const statuses = (await admin$('GET', 'sales-reports/by-status', boss.auth)).json().data;
    expect(statuses).toContainEqual({ status: 'new', clients: 2 });
    const byPayments = (await admin$('GET', 'sales-reports/by-payments', boss.auth)).json().data;
    expect(byPayments).toHaveLength(1);
    expect(byPayments[0]).toMatchObject({ payments: 2, amount: '150.5000' });
    const last = (await admin$('GET', 'sales-reports/last-payments?limit=1', boss.auth)).json();
    expect(last.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(last.data[0]).toMatchObject({ amount: '50.5000', user: { id: payer.user.id } });
    const csv = await admin$('GET', 'sales-reports/last-payments/export', boss.auth);
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    const bad = await admin$('GET', 'sales-reports/totals?from=yesterday', boss.auth);
    expect(bad.statusCode).toBe(422);
  });
});

describe('clients report', () => {
  it('filters by country, manager and plan, id descending, and exports the whole filtered set', async () => {
    const a = await clientOf(otherManager.user.id, { country: 'NZ' });
    const b = await clientOf(otherManager.user.id, { country: 'NZ' });
    await clientOf(manager.user.id, { country: 'NZ' });
    const res = await admin$(
      'GET',
      `clients-report?country=nz&manager_id=${otherManager.user.id}&priceplan_id=0`,
      marketer.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((row: { id: number }) => row.id)).toEqual([b.user.id, a.user.id]);
    expect(res.json().data[0]).toMatchObject({ country: 'NZ', priceplan: 'Base', total_payments: '0.0000' });
    const csv = await admin$(
      'GET',
      `clients-report/export?country=NZ&manager_id=${otherManager.user.id}`,
      marketer.auth,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(String(b.user.id));
    expect((await admin$('GET', 'clients-report?country=XX', marketer.auth)).statusCode).toBe(422);
    // Staff accounts are nobody's clients.
    const all = (await admin$('GET', 'clients-report?limit=100', marketer.auth)).json();
    expect(all.data.map((row: { id: number }) => row.id)).not.toContain(manager.user.id);
    const customer = await clientOf(null);
    expect((await admin$('GET', 'clients-report', customer.auth)).statusCode).toBe(403);
  });
});
