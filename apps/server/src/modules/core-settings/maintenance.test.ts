import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@storelift/shared';
import { buildTestApp, createTestStore, type TestApp } from '../../../test/build-test-app.js';
import { makeUser, PASSWORD } from '../../../test/factories.js';
import { readMaintenance } from './core-settings.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

const maintenance = (headers: Record<string, string>, body?: object) =>
  t.app.inject({
    method: body ? 'PUT' : 'GET',
    url: '/api/admin/v1/maintenance',
    headers,
    ...(body && { payload: body }),
  });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/private/v1/login', payload: { email, password: PASSWORD } });

describe('PUT and GET maintenance (admin)', () => {
  it('switches maintenance on with a note: customers and other staff get 503, admins sign in and end it', async () => {
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const manager = await makeUser(t.database.db, { roles: ['manager', 'user'] });
    const customer = await makeUser(t.database.db);
    expect((await maintenance(admin.auth)).json()).toEqual({ data: { enabled: false, message: null } });

    const on = await maintenance(admin.auth, {
      enabled: true,
      message: '  Database upgrade, back at 14:00 ',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      data: { enabled: true, message: 'Database upgrade, back at 14:00' },
      message: MESSAGES.actionSaved,
    });

    const refused = await login(customer.user.email);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'Maintenance is in progress', code: 'maintenance' });
    expect((await login(manager.user.email)).statusCode).toBe(503);
    expect((await maintenance(manager.auth)).statusCode).toBe(503);
    const signedIn = await login(admin.user.email);
    expect(signedIn.statusCode).toBe(200);
    const adminAuth = { authorization: `Bearer ${signedIn.json().access_token}` };
    expect((await maintenance(adminAuth)).json().data.enabled).toBe(true);

    const off = await maintenance(adminAuth, { enabled: false });
    expect(off.json().data).toEqual({ enabled: false, message: null });
    expect((await login(customer.user.email)).statusCode).toBe(200);
  });

  it('refuses visitors, customers and staff below admin, and a bad body, changing nothing', async () => {
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const customer = await makeUser(t.database.db);
    expect((await maintenance({}, { enabled: true })).statusCode).toBe(401);
    expect((await maintenance(customer.auth, { enabled: true })).statusCode).toBe(403);
    for (const role of ['manager', 'support', 'ppc', 'marketer'] as const) {
      const staff = await makeUser(t.database.db, { roles: [role, 'user'] });
      expect((await maintenance(staff.auth, { enabled: true })).statusCode).toBe(403);
      expect((await maintenance(staff.auth)).statusCode).toBe(403);
    }
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, message: 'x'.repeat(501) }]) {
      const bad = await maintenance(admin.auth, body);
      expect(bad.statusCode).toBe(422);
    }
    expect(await readMaintenance(t.database.db)).toEqual({ enabled: false, message: null });
  });
});

const cli = fileURLToPath(new URL('./maintenance-cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));

describe('npm run maintenance', () => {
  it('switches maintenance on and off in the database of a stopped server, and refuses bad arguments', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      const server = await buildTestApp({ store, workers: false });
      const customer = await makeUser(server.database.db);
      const env = {
        ...process.env,
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      };
      const run = (...args: string[]) =>
        spawnSync(tsx, [cli, ...args], { env, encoding: 'utf8', timeout: 60_000 });
      if (!store.databaseUrl) {
        // PGlite belongs to one process: the CLI refuses while the server holds the database.
        const busy = run('on');
        expect(busy.status).toBe(2);
        expect(busy.stderr).toContain('is in use by process');
      }
      await server.close();

      const on = run('on', 'Moving', 'to', 'a', 'new', 'server');
      expect(on.status, on.stderr).toBe(0);
      expect(on.stdout).toContain('Maintenance is on: Moving to a new server');
      const bad = run('maybe');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('Usage: npm run maintenance -- on|off');

      const restarted = await buildTestApp({ store, workers: false });
      try {
        const refused = await restarted.call(
          'POST',
          'login',
          {},
          { email: customer.user.email, password: PASSWORD },
        );
        expect(refused.statusCode).toBe(503);
      } finally {
        await restarted.close();
      }
      const off = run('off');
      expect(off.status, off.stderr).toBe(0);
      expect(off.stdout).toContain('Maintenance is off');
    } finally {
      await store.drop();
    }
    // Each run of the CLI starts Node, compiles it and opens the database.
  }, 120_000);
});
