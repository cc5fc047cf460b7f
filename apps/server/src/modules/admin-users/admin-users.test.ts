import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, {
    roles: ['admin', 'user'],
    email: 'boss@example.com',
    nickname: 'boss',
  });
  for (let i = 0; i < 12; i++) {
    await makeUser(t.database.db, {
      email: `customer${String(i).padStart(2, '0')}@example.com`,
      nickname: `customer${i}`,
    });
  }
  await makeUser(t.database.db, { roles: ['ppc', 'user'], email: 'ads@example.com', nickname: 'ads-person' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ url: `/api/admin/v1/${url}`, headers });

describe('admin area access', () => {
  it('refuses visitors with 401 and customers with 403', async () => {
    expect((await get('users', {})).statusCode).toBe(401);
    const customer = await makeUser(t.database.db);
    expect((await get('users', customer.auth)).statusCode).toBe(403);
    expect((await get('roles', customer.auth)).statusCode).toBe(403);
  });

  it.each(STAFF_ROLES)('lets %s list users, and only admin list roles', async (role) => {
    const staff = await makeUser(t.database.db, { roles: [role] });
    expect((await get('users', staff.auth)).statusCode).toBe(200);
    expect((await get('roles', staff.auth)).statusCode).toBe(role === 'admin' ? 200 : 403);
  });
});

describe('GET users', () => {
  it('pages newest first by default', async () => {
    const res = (await get('users')).json();
    expect(res.data).toHaveLength(10);
    expect(res.meta).toMatchObject({ current_page: 1, per_page: 10 });
    expect(res.meta.last_page).toBe(Math.ceil(res.meta.total / 10));
    const created = res.data.map((user: { created_at: string }) => user.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(res.data[0]).not.toHaveProperty('password_hash');
    const page2 = (await get('users?page=2')).json();
    expect(page2.meta.current_page).toBe(2);
    expect(page2.data[0].id).not.toBe(res.data[0].id);
  });

  it('searches e-mail, nickname and full name, treating wildcards literally', async () => {
    const res = (await get('users?search=customer0')).json();
    expect(res.meta.total).toBe(10);
    expect((await get('users?search=ADS-PERSON')).json().data.map((u: { email: string }) => u.email)).toEqual(
      ['ads@example.com'],
    );
    expect((await get('users?search=%25')).json().meta.total).toBe(0);
  });

  it('filters by role and sorts by a column', async () => {
    const ppc = (await get('users?role=ppc')).json();
    expect(ppc.data.every((user: { roles: string[] }) => user.roles.includes('ppc'))).toBe(true);
    expect(ppc.data.map((u: { email: string }) => u.email)).toContain('ads@example.com');
    const sorted = (await get('users?orderBy=email&sortBy=asc&limit=3')).json();
    expect(sorted.data.map((u: { email: string }) => u.email)).toEqual([
      'ads@example.com',
      'boss@example.com',
      'customer00@example.com',
    ]);
  });

  it('refuses bad query values with 422', async () => {
    for (const query of [
      'orderBy=password_hash',
      'sortBy=sideways',
      'page=0',
      'limit=1000',
      'verified=maybe',
    ]) {
      const res = await get(`users?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });
});

describe('GET roles', () => {
  it('lists the roles', async () => {
    const res = (await get('roles')).json();
    expect(res.data.map((role: { name: string }) => role.name)).toEqual([
      'admin',
      'user',
      'manager',
      'support',
      'ppc',
      'marketer',
    ]);
    expect(res.data[0].guard_name).toBe('api');
  });
});
