import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import {
  ACCESS_MESSAGES,
  MESSAGES,
  PERMISSION_FUNCTIONS,
  STAFF_ROLES,
  type Role,
  type RoleGrants,
} from '@storelift/shared';
import { buildTestApp, createTestStore, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { functions, modules, roleFunctionGrants, roles, settings, userRoles } from '../../db/schema/index.js';
import { registerAuth, requirePermissions } from '../sessions/auth.plugin.js';

type Auth = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ADMIN_BASE = '/api/admin/v1';
const ALL_ROLES = [...STAFF_ROLES, 'user'] as const satisfies readonly Role[];

/*
 * Who may call each operation of the admin API, written from staff-admin §2 (route table) and §6 (the admin's
 * capabilities), independently of the seed and the guards. Every admin operation of the OpenAPI document must
 * be listed: a new admin route fails this test until it says who may call it.
 */
const ADMIN: readonly Role[] = ['admin'];
const STAFF: readonly Role[] = STAFF_ROLES;
const ORDERS: readonly Role[] = ['admin', 'manager', 'support', 'marketer'];
const MARKETING: readonly Role[] = ['admin', 'manager', 'support', 'marketer'];
const PLANS: readonly Role[] = ['admin', 'manager'];
const BLOG: readonly Role[] = ['admin', 'marketer'];
const SUPPORT_DESK: readonly Role[] = ['admin', 'manager', 'support'];
const EXPECTED: Record<string, readonly Role[]> = {
  'GET /users': STAFF,
  'GET /transactions': STAFF,
  'GET /payments': STAFF,
  'PUT /payments/change-user-balance': ADMIN,
  'PUT /payments/{id}': ADMIN,
  'DELETE /payments/{id}': ADMIN,
  'POST /payments/{id}/refund': ADMIN,
  // Reconciliation of bank, Wise and Payoneer statements: seen by staff, credited or set aside by the admin.
  'GET /reconciliation/statements': STAFF,
  'POST /reconciliation/statements': ADMIN,
  'GET /reconciliation/lines': STAFF,
  'GET /reconciliation/candidates': ADMIN,
  'POST /reconciliation/lines/{id}/assign': ADMIN,
  'POST /reconciliation/lines/{id}/ignore': ADMIN,
  // Transfers between accounts (payment system 34) on user payments; their limits in core settings.
  'GET /transfers': STAFF,
  'POST /transfers/{id}/reverse': ADMIN,
  'GET /transfer-settings': ADMIN,
  'PUT /transfer-settings': ADMIN,
  'GET /paysystems': ADMIN,
  // Our receiving details for bank transfer, Wise and Payoneer (core settings).
  'GET /receiving-details': ADMIN,
  'PUT /receiving-details': ADMIN,
  'PUT /paysystems/change-is-active-paysystem': ADMIN,
  'PUT /priceplans/user/{id}': PLANS,
  'POST /priceplans/pricetags/user/{id}/sync': PLANS,
  'GET /referral/payouts': STAFF,
  'PUT /referral/payouts/{id}/cancel': ADMIN,
  'PUT /referral/payouts/{id}/complete': ADMIN,
  'GET /bonus-program/submissions': MARKETING,
  'PUT /bonus-program/submissions/{id}/approve': MARKETING,
  'PUT /bonus-program/submissions/{id}/reject': MARKETING,
  'GET /campaigns': ORDERS,
  'GET /campaigns/{id}': ORDERS,
  // What a keyword-installs campaign did to the ranks, as its owner sees it.
  'GET /campaigns/{id}/impact': ORDERS,
  'PUT /campaigns/{id}': ORDERS,
  'GET /campaigns/{id}/partners': ORDERS,
  'POST /campaigns/{id}/partners': ADMIN,
  'PUT /campaigns/{id}/vendor': ADMIN,
  'POST /campaigns/{id}/status-history': ORDERS,
  'POST /campaigns/{id}/progress': ORDERS,
  'GET /campaigns/{id}/start': ORDERS,
  'GET /campaigns/{id}/rejected': ORDERS,
  'GET /campaigns/{id}/pause': ORDERS,
  'GET /campaigns/{id}/cancel': ORDERS,
  'GET /campaigns/{id}/resume': ORDERS,
  'GET /campaigns/{id}/archive': ORDERS,
  'GET /campaigns/{id}/moderation': ORDERS,
  'GET /campaigns/{id}/forced-completion': ADMIN,
  'GET /campaigns/{id}/forced-draft': ADMIN,
  'GET /vendors/get-list': ADMIN,
  'GET /vendors': ADMIN,
  'POST /vendors': ADMIN,
  'PUT /vendors/change-admin-vendors-activity': ADMIN,
  'PUT /vendors/change-admin-country-vendors-activity': ADMIN,
  'GET /vendors/{id}': ADMIN,
  'PUT /vendors/{id}': ADMIN,
  'DELETE /vendors/{id}': ADMIN,
  'POST /vendors/{id}/services/load': ADMIN,
  'GET /vendors/{id}/services': ADMIN,
  'GET /vendors/{id}/mappings': ADMIN,
  'PUT /vendors/{id}/mappings': ADMIN,
  'GET /campaigns/{id}/vendor-calls': ORDERS,
  'GET /operations/vendors': ADMIN,
  'GET /roles': ADMIN,
  'POST /roles': ADMIN,
  'GET /roles/{id}': ADMIN,
  'PUT /roles/{id}': ADMIN,
  'DELETE /roles/{id}': ADMIN,
  'GET /roles/{id}/grants': ADMIN,
  'PUT /roles/{id}/grants': ADMIN,
  'GET /modules': ADMIN,
  'POST /modules': ADMIN,
  'GET /modules/{id}': ADMIN,
  'PUT /modules/{id}': ADMIN,
  'DELETE /modules/{id}': ADMIN,
  'GET /functions': ADMIN,
  'POST /functions': ADMIN,
  'GET /functions/{id}': ADMIN,
  'PUT /functions/{id}': ADMIN,
  'DELETE /functions/{id}': ADMIN,
  'GET /audit': ADMIN,
  'GET /maintenance': ADMIN,
  'PUT /maintenance': ADMIN,
  // Staff money pages (user payments and invoices, user apps, reflinks, CPI accounts).
  'GET /payments/export': STAFF,
  'GET /payments/invoice/{id}': STAFF,
  'POST /payments/invoice/{id}': ADMIN,
  'DELETE /payments/invoice/{id}': ADMIN,
  'GET /apps': ORDERS,
  'GET /reflinks': STAFF,
  'POST /reflinks': ADMIN,
  'PUT /reflinks/{id}': ADMIN,
  'DELETE /reflinks/{id}': ADMIN,
  // The internal blog's editor (issue 15).
  'GET /blog-posts': BLOG,
  'POST /blog-posts': BLOG,
  'PUT /blog-posts/{id}': BLOG,
  'DELETE /blog-posts/{id}': BLOG,
  // Marketing actions: the page's staff read them, the admin and marketers manage them; the ads report.
  'GET /marketing-actions': MARKETING,
  'GET /marketing-actions/filters': MARKETING,
  'GET /marketing-actions/{id}': MARKETING,
  'POST /marketing-actions': ['admin', 'marketer'],
  'PUT /marketing-actions/{id}': ['admin', 'marketer'],
  'DELETE /marketing-actions/{id}': ['admin', 'marketer'],
  'GET /marketing-settings': MARKETING,
  'PUT /marketing-settings': ADMIN,
  'GET /google-ads-report': ['admin', 'ppc', 'marketer'],
  'POST /google-ads-report': ['admin', 'ppc', 'marketer'],
  'PUT /google-ads-report/{id}': ['admin', 'ppc', 'marketer'],
  'DELETE /google-ads-report/{id}': ['admin', 'ppc', 'marketer'],
  'GET /campaigns/cpi-accounts': STAFF,
  'POST /campaigns/cpi-accounts': ADMIN,
  'PUT /campaigns/cpi-accounts/{id}': ADMIN,
  'PUT /campaigns/cpi-accounts/{id}/deactivate': ADMIN,
  'DELETE /campaigns/cpi-accounts/{id}': ADMIN,
  // User lists and user details (issue 13).
  'PUT /users': ADMIN,
  'DELETE /users/{id}': ADMIN,
  'PUT /users/{id}/activate': ADMIN,
  'PUT /users/{id}/deactivate': ADMIN,
  'POST /users/{id}/resend-verification': STAFF,
  'GET /managers': STAFF,
  'GET /sales-reports': PLANS,
  'GET /sales-reports/export': PLANS,
  'POST /sales-reports/change-status': PLANS,
  'POST /sales-reports/change-history-note': PLANS,
  'GET /sales-reports/history': PLANS,
  'GET /sales-reports/new-clients': PLANS,
  'POST /sales-reports/new-clients/change-manager': PLANS,
  'GET /sales-reports/by-status': PLANS,
  'GET /sales-reports/by-payments': PLANS,
  'GET /sales-reports/totals': PLANS,
  'GET /sales-reports/last-payments': PLANS,
  'GET /sales-reports/last-payments/export': PLANS,
  'GET /clients-report': STAFF,
  'GET /clients-report/export': STAFF,
  'GET /users/referrals': STAFF,
  'POST /users/referrals': ADMIN,
  'DELETE /users/referrals/{id}': ADMIN,
  'GET /users/{id}/apps': STAFF,
  'PUT /paysystems/{id}': ADMIN,
  'GET /products': ADMIN,
  'PUT /products': ADMIN,
  'GET /email-templates': ADMIN,
  'PUT /email-templates': ADMIN,
  'POST /email-templates/preview': ADMIN,
  // Access lists, log in as a user, operations (docs/staff-tools.md).
  'GET /user-access-list': ['admin', 'manager', 'support'],
  'POST /user-access-list': ADMIN,
  'DELETE /user-access-list/{id}': ADMIN,
  'POST /auth/change-user-account': ADMIN,
  'GET /operations/queues': ADMIN,
  'GET /operations/failed-jobs': ADMIN,
  'POST /operations/failed-jobs/{queue}/{id}/retry': ADMIN,
  'GET /operations/failures': ADMIN,
  'GET /server-errors': ADMIN,
  'GET /resellers/requests': STAFF,
  'PUT /resellers/requests/{id}/approve': PLANS,
  'PUT /resellers/requests/{id}/reject': PLANS,
  'GET /contact-messages': SUPPORT_DESK,
  'PUT /contact-messages/{id}/handle': SUPPORT_DESK,
  'PUT /contact-messages/{id}/reopen': SUPPORT_DESK,
  // The staff home: every staff member; each count also needs its list's permission (staff-home.test.ts).
  'GET /home': STAFF,
  // Notices, notice templates and campaign messages (docs/notices.md).
  'GET /notices': STAFF,
  'POST /notices': ['admin', 'manager', 'support'],
  'GET /notices/notice-templates': ['admin', 'manager', 'support'],
  'POST /notices/notice-templates': ['admin', 'manager', 'support'],
  'PUT /notices/notice-templates/{id}': ['admin', 'manager', 'support'],
  'DELETE /notices/notice-templates/{id}': ['admin', 'manager', 'support'],
  'GET /campaign-messages/unread': ORDERS,
  'GET /campaigns/{id}/messages': ORDERS,
  'POST /campaigns/{id}/messages': ORDERS,
};

/** Functions a handler checks itself (they depend on the body or shape the answer), not a route's guard. */
const CHECKED_IN_HANDLERS: readonly string[] = [
  'campaigns.set-partner',
  'bonus-program.override-reward',
  'sales-report.all-managers',
];

/** An id no row has: an allowed caller gets 404 or 422, never a change. */
const NO_SUCH_ID = '2147483647';

let t: TestApp;
const tokens = {} as Record<Role, Auth>;

const inject = (app: TestApp, method: Method, url: string, headers: Auth, payload?: object) =>
  app.app.inject({ method, url: `${ADMIN_BASE}/${url}`, headers, ...(payload && { payload }) });
const call = (method: Method, url: string, headers: Auth = tokens.admin, payload?: object) =>
  inject(t, method, url, headers, payload);

async function roleId(name: string) {
  const [row] = await t.deps.db.select().from(roles).where(eq(roles.name, name));
  return row!.id;
}

async function grantsOf(name: string): Promise<RoleGrants> {
  const res = await call('GET', `roles/${await roleId(name)}/grants`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The body that replaces a role's grants, from its matrix with some permission names taken out or put in. */
function grantsBody(matrix: RoleGrants, change: { revoke?: string[]; grant?: string[] } = {}) {
  const held = (item: { permission_name: string; granted: boolean }) =>
    !change.revoke?.includes(item.permission_name) &&
    (item.granted || !!change.grant?.includes(item.permission_name));
  return {
    modules: matrix.modules.filter(held).map((module) => module.id),
    functions: matrix.modules.flatMap((module) => module.functions.filter(held).map((fn) => fn.id)),
  };
}

async function setGrants(name: string, change: { revoke?: string[]; grant?: string[] }) {
  const res = await call(
    'PUT',
    `roles/${await roleId(name)}/grants`,
    tokens.admin,
    grantsBody(await grantsOf(name), change),
  );
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  for (const role of ALL_ROLES) tokens[role] = (await makeUser(t.deps.db, { roles: [role] })).auth;
});
afterAll(() => t.close());

describe('every admin operation × every role', () => {
  it('lists every admin operation of the OpenAPI document, and only those', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(ADMIN_BASE))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.slice(ADMIN_BASE.length)}`),
      );
    expect(operations.sort()).toEqual(Object.keys(EXPECTED).sort());
    // The reference says which permission each operation needs, once.
    expect(doc.paths[`${ADMIN_BASE}/payments/change-user-balance`]!.put!.description).toBe(
      'Needs the permission `users.change-balance`.',
    );
    expect(doc.paths[`${ADMIN_BASE}/vendors`]!.get!.description).toBe('Needs the permission `vendors`.');
  });

  it.each(Object.entries(EXPECTED))('%s admits exactly %j', async (operation, allowed) => {
    const [method, path] = operation.split(' ') as [Method, string];
    const url = path.slice(1).replaceAll('{id}', NO_SUCH_ID);
    for (const role of ALL_ROLES) {
      const res = await call(
        method,
        url,
        tokens[role],
        method === 'POST' || method === 'PUT' ? {} : undefined,
      );
      expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
      if (allowed.includes(role)) expect([401, 403], `${role} refused`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${role} let through`).toBe(403);
    }
    expect((await call(method, url, {} as Auth)).statusCode).toBe(401);
  });

  it('gives every function of the catalogue something to guard', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const declared = new Set(
      Object.values(doc.paths)
        .flatMap((methods) => Object.values(methods))
        .flatMap((operation) => [...(operation.description ?? '').matchAll(/permission `([^`]+)`/g)])
        .map((match) => match[1]),
    );
    const unguarded = PERMISSION_FUNCTIONS.map((fn) => fn.permission).filter(
      (permission) => !declared.has(permission) && !CHECKED_IN_HANDLERS.includes(permission),
    );
    expect(unguarded).toEqual([]);
  });

  it('drops the function that guarded nothing from a database seeded with it (migration 0027)', async () => {
    const { db } = t.deps;
    const [module] = await db.select().from(modules).where(eq(modules.permission_name, 'user-details'));
    const [fn] = await db
      .insert(functions)
      .values({
        module_id: module!.id,
        name: 'Delete a transaction',
        namespace: 'transactions',
        permission_name: 'transactions.delete',
      })
      .returning();
    await db.insert(roleFunctionGrants).values({ role_id: await roleId('admin'), function_id: fn!.id });
    const version = async () =>
      Number((await db.select().from(settings).where(eq(settings.key, 'grants_version')))[0]!.value);
    const before = await version();

    const migration = await readFile(
      new URL('../../../drizzle/0027_remove_transactions_delete.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    expect(await db.select().from(functions).where(eq(functions.id, fn!.id))).toEqual([]);
    expect(
      await db.select().from(roleFunctionGrants).where(eq(roleFunctionGrants.function_id, fn!.id)),
    ).toEqual([]);
    expect(await version()).toBe(before + 1);
    const me = await t.app.inject({ method: 'POST', url: '/api/private/v1/me', headers: tokens.admin });
    expect(me.json().permissions).not.toContain('transactions.delete');
  });

  it('keeps the partner of an update for the admin (staff-admin §6), the notes for the page', async () => {
    const url = `campaigns/${NO_SUCH_ID}`;
    expect((await call('PUT', url, tokens.manager, { partner: 'Acme' })).statusCode).toBe(403);
    expect((await call('PUT', url, tokens.manager, { description: 'Note' })).statusCode).toBe(404);
    expect((await call('PUT', url, tokens.admin, { partner: 'Acme' })).statusCode).toBe(404);
  });
});

describe('POST me', () => {
  it("answers the caller's permission names, as the grants say", async () => {
    const me = async (auth: Auth) =>
      (await t.app.inject({ method: 'POST', url: '/api/private/v1/me', headers: auth })).json()
        .permissions as string[];
    const manager = await me(tokens.manager);
    expect(manager).toEqual(
      expect.arrayContaining(['user-lists', 'user-orders', 'sales-report', 'users.set-price-plan']),
    );
    expect(manager).not.toContain('vendors');
    expect(manager).not.toContain('users.change-balance');
    const admin = await me(tokens.admin);
    expect(admin).toEqual(
      expect.arrayContaining(['roles', 'log-viewer', 'users.change-balance', 'users.login-as']),
    );
    expect(await me(tokens.user)).toEqual([]);
  });
});

describe('revoking a grant', () => {
  it('refuses the role at once, module or function, and admits it again when granted back', async () => {
    expect((await call('GET', 'campaigns', tokens.manager)).statusCode).toBe(200);
    await setGrants('manager', { revoke: ['user-orders'] });
    expect((await call('GET', 'campaigns', tokens.manager)).statusCode).toBe(403);
    // Other roles keep it.
    expect((await call('GET', 'campaigns', tokens.support)).statusCode).toBe(200);

    const plan = `priceplans/user/${NO_SUCH_ID}`;
    expect((await call('PUT', plan, tokens.manager, { priceplan_id: 1 })).statusCode).toBe(404);
    await setGrants('manager', { revoke: ['users.set-price-plan'] });
    expect((await call('PUT', plan, tokens.manager, { priceplan_id: 1 })).statusCode).toBe(403);

    await setGrants('manager', { grant: ['user-orders', 'users.set-price-plan'] });
    expect((await call('GET', 'campaigns', tokens.manager)).statusCode).toBe(200);
    expect((await call('PUT', plan, tokens.manager, { priceplan_id: 1 })).statusCode).toBe(404);
  });

  it('lets a role of the staff own do what its grants say', async () => {
    const created = await call('POST', 'roles', tokens.admin, { name: 'auditor' });
    expect(created.statusCode, created.body).toBe(201);
    const auditor = await makeUser(t.deps.db);
    await t.deps.db.insert(userRoles).values({ user_id: auditor.user.id, role_id: created.json().data.id });
    expect((await call('GET', 'users', auditor.auth)).statusCode).toBe(403);
    await setGrants('auditor', { grant: ['user-lists'] });
    expect((await call('GET', 'users', auditor.auth)).statusCode).toBe(200);
    expect((await call('GET', 'vendors', auditor.auth)).statusCode).toBe(403);
  });

  it('never takes the roles page from the admin role (no lock-out)', async () => {
    const matrix = await grantsOf('admin');
    const res = await call(
      'PUT',
      `roles/${matrix.role.id}/grants`,
      tokens.admin,
      grantsBody(matrix, { revoke: ['roles'] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCESS_MESSAGES.adminKeepsRoles);
    expect((await call('GET', 'roles', tokens.admin)).statusCode).toBe(200);
    const unknown = await call('PUT', `roles/${matrix.role.id}/grants`, tokens.admin, {
      modules: [Number(NO_SUCH_ID)],
      functions: [],
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown).modules).toEqual([ACCESS_MESSAGES.grantUnknown]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  it('drops the cached grants of the other process at its next request', async () => {
    const store = await createTestStore();
    const first = await buildTestApp({ store, workers: false });
    const second = await buildTestApp({ store, workers: false });
    try {
      const admin = await makeUser(first.deps.db, { roles: ['admin'] });
      const manager = await makeUser(first.deps.db, { roles: ['manager'] });
      // The second process caches the grants with the manager holding user orders.
      expect((await inject(second, 'GET', 'campaigns', manager.auth)).statusCode).toBe(200);
      const [managerRole] = await first.deps.db.select().from(roles).where(eq(roles.name, 'manager'));
      const matrix = (await inject(first, 'GET', `roles/${managerRole!.id}/grants`, admin.auth)).json().data;
      const revoke = await inject(
        first,
        'PUT',
        `roles/${managerRole!.id}/grants`,
        admin.auth,
        grantsBody(matrix, { revoke: ['user-orders'] }),
      );
      expect(revoke.statusCode, revoke.body).toBe(200);
      expect((await inject(second, 'GET', 'campaigns', manager.auth)).statusCode).toBe(403);
      expect((await inject(first, 'GET', 'campaigns', manager.auth)).statusCode).toBe(403);
    } finally {
      await second.close();
      await first.close();
      await store.drop();
    }
  });
});

describe('roles', () => {
  it('pages and searches roles, ten by default, with their user counts', async () => {
    const list = await call('GET', 'roles?search=man');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta.per_page).toBe(10);
    expect(body.data.map((role: { name: string }) => role.name)).toEqual(['manager']);
    expect(body.data[0]).toMatchObject({ builtin: true, guard_name: 'api' });
    expect(body.data[0].users_count).toBeGreaterThanOrEqual(1);
  });

  it('validates names and refuses a taken one', async () => {
    for (const name of ['', 'Has Space', 'nul\u0000', 'x'.repeat(51)]) {
      const res = await call('POST', 'roles', tokens.admin, { name });
      expect(res.statusCode, name).toBe(422);
      expect(errorsOf(res).name).toBeDefined();
    }
    const taken = await call('POST', 'roles', tokens.admin, { name: 'support' });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken).name).toEqual([ACCESS_MESSAGES.roleNameTaken]);
  });

  it('keeps built-in roles: no rename, no delete; the guard name may change', async () => {
    const id = await roleId('support');
    expect((await call('PUT', `roles/${id}`, tokens.admin, { name: 'helpdesk' })).statusCode).toBe(409);
    const guard = await call('PUT', `roles/${id}`, tokens.admin, { name: 'support', guard_name: 'web' });
    expect(guard.statusCode, guard.body).toBe(200);
    expect(guard.json().data.guard_name).toBe('web');
    const del = await call('DELETE', `roles/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(ACCESS_MESSAGES.roleBuiltin);
  });

  it('deletes a role in use only by moving its users to another role', async () => {
    const created = (
      await call('POST', 'roles', tokens.admin, { name: 'seasonal', guard_name: 'api' })
    ).json().data;
    const holder = await makeUser(t.deps.db);
    await t.deps.db.insert(userRoles).values({ user_id: holder.user.id, role_id: created.id });
    const refused = await call('DELETE', `roles/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This role is held by 1 users: choose a role to move them to first');
    expect((await call('DELETE', `roles/${created.id}?move_to=${created.id}`)).statusCode).toBe(422);
    const moved = await call('DELETE', `roles/${created.id}?move_to=${await roleId('support')}`);
    expect(moved.statusCode, moved.body).toBe(200);
    const me = await t.app.inject({ method: 'POST', url: '/api/private/v1/me', headers: holder.auth });
    expect(me.json().roles).toEqual(['user', 'support']);
    expect((await call('GET', `roles/${created.id}`)).statusCode).toBe(404);
  });
});

describe('modules and functions', () => {
  it('keeps the permission names the server checks, and lets staff rename and add their own', async () => {
    const modules = (await call('GET', 'modules?search=vendors')).json().data;
    const vendors = modules.find(
      (module: { permission_name: string }) => module.permission_name === 'vendors',
    );
    expect(vendors).toMatchObject({ builtin: true, namespace: 'admin' });
    const body = { name: 'Suppliers', namespace: 'admin', permission_name: 'vendors' };
    const renamed = await call('PUT', `modules/${vendors.id}`, tokens.admin, body);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Suppliers');
    expect(
      (await call('PUT', `modules/${vendors.id}`, tokens.admin, { ...body, permission_name: 'suppliers' }))
        .statusCode,
    ).toBe(409);
    expect((await call('DELETE', `modules/${vendors.id}`)).statusCode).toBe(409);

    const taken = await call('POST', 'modules', tokens.admin, {
      name: 'X',
      namespace: 'admin',
      permission_name: 'users.update',
    });
    expect(errorsOf(taken).permission_name).toEqual([ACCESS_MESSAGES.permissionNameTaken]);
    const invalid = await call('POST', 'modules', tokens.admin, {
      name: 'Bad\u0000',
      namespace: 'Admin Area',
      permission_name: 'a b',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(errorsOf(invalid)).sort()).toEqual(['name', 'namespace', 'permission_name']);

    const module = (
      await call('POST', 'modules', tokens.admin, {
        name: 'Reports',
        namespace: 'admin',
        permission_name: 'reports',
      })
    ).json().data;
    const fn = await call('POST', 'functions', tokens.admin, {
      name: 'Export',
      namespace: 'reports',
      permission_name: 'reports.export',
      module_id: module.id,
    });
    expect(fn.statusCode, fn.body).toBe(201);
    expect(fn.json().data.module).toMatchObject({ id: module.id, name: 'Reports' });
    const busy = await call('DELETE', `modules/${module.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(ACCESS_MESSAGES.moduleHasFunctions);
    expect((await call('DELETE', `functions/${fn.json().data.id}`)).statusCode).toBe(200);
    const gone = await call('DELETE', `modules/${module.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('lists functions by module and keeps the built-in ones', async () => {
    const orders = (await call('GET', 'modules?search=user-orders')).json().data[0];
    const list = await call('GET', `functions?module_id=${orders.id}&limit=100`);
    expect(
      list
        .json()
        .data.map((fn: { permission_name: string }) => fn.permission_name)
        .sort(),
    ).toEqual([
      'campaigns.change-vendor',
      'campaigns.forced-completion',
      'campaigns.forced-draft',
      'campaigns.set-partner',
    ]);
    const forced = list
      .json()
      .data.find((fn: { permission_name: string }) => fn.permission_name === 'campaigns.forced-draft');
    expect((await call('DELETE', `functions/${forced.id}`)).statusCode).toBe(409);
    const unknown = await call('POST', 'functions', tokens.admin, {
      name: 'X',
      namespace: 'x',
      permission_name: 'x.y',
      module_id: Number(NO_SUCH_ID),
    });
    expect(errorsOf(unknown).module_id).toEqual([ACCESS_MESSAGES.moduleUnknown]);
  });
});

describe('declaring permissions', () => {
  it('refuses to start an admin route that declares no permission', async () => {
    const app = Fastify();
    app.decorate('deps', t.deps);
    registerAuth(app);
    void app.register(async (admin) => {
      requirePermissions(admin);
      admin.get('/declared', { onRequest: admin.permit('vendors') }, async () => ({}));
      admin.get('/forgotten', { onRequest: admin.allow(['admin']) }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('GET /forgotten declares no permission');
    await app.close().catch(() => {});
  });

  it('answers 403 with the usual message to a signed-in customer', async () => {
    const res = await call('GET', 'vendors', tokens.user);
    expect(res.json().message).toBe(MESSAGES.forbidden);
  });
});
