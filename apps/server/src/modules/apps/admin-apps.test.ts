import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_STORES, type AdminApp } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { apps } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let payer: Awaited<ReturnType<typeof makeUser>>;
let free: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
  payer = await makeUser(t.database.db);
  free = await makeUser(t.database.db);
  await makeTopUp(t.deps.db, payer.user.id, '25');
  await makeApp(t.deps, payer.user.id);
  await makeApp(t.deps, payer.user.id, {
    appstore: APP_STORES.APP_STORE,
    package: DEMO_APPS.appStore.puzzle,
  });
  const banned = await makeApp(t.deps, free.user.id, { package: DEMO_APPS.googlePlay.puzzle });
  await t.deps.db.update(apps).set({ is_alive: false }).where(eq(apps.id, banned.id));
});
afterAll(() => t.close());

const list = async (query: string, auth = admin.auth) => {
  const res = await t.app.inject({ url: `/api/admin/v1/apps?${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AdminApp[]; meta: { total: number } };
};
const owners = (rows: AdminApp[]) => rows.map((row) => row.user.id);

describe('GET apps (staff user apps)', () => {
  it('lists every customer’s apps with their owner, newest first, paged', async () => {
    const all = await list('limit=2');
    expect(all.meta.total).toBe(3);
    expect(all.data).toHaveLength(2);
    expect(all.data[0]!.user).toEqual({
      id: free.user.id,
      email: free.user.email,
      nickname: free.user.nickname,
      total_payments: '0.0000',
    });
    expect((await list('limit=2&page=2')).data).toHaveLength(1);
  });

  it('filters by store, the all-apps filter, only paid and search in a column', async () => {
    expect(owners((await list('appstoreId=2')).data)).toEqual([payer.user.id]);
    expect((await list('allAppsFilter=ban')).data.map((row) => row.package)).toEqual([
      DEMO_APPS.googlePlay.puzzle,
    ]);
    expect((await list('allAppsFilter=alive')).meta.total).toBe(2);
    const paid = await list('only_paid=1');
    expect(owners(paid.data)).toEqual([payer.user.id, payer.user.id]);
    expect(paid.data[0]!.user.total_payments).toBe('25.0000');
    expect((await list(`search=${free.user.email}&searchColumn=email`)).meta.total).toBe(1);
    expect((await list(`search=${free.user.email}&searchColumn=title`)).meta.total).toBe(0);
    expect((await list('search=demo.fitness&searchColumn=package')).meta.total).toBe(1);
    expect((await list('search=100%25_')).meta.total).toBe(0);
  });

  it('sorts by title either way', async () => {
    const up = (await list('orderBy=title&sortBy=asc')).data.map((row) => row.title.toLowerCase());
    expect(up).toEqual([...up].sort());
    const down = (await list('orderBy=title&sortBy=desc')).data.map((row) => row.title.toLowerCase());
    expect(down).toEqual([...up].reverse());
  });

  it('answers 422 on bad filters and 403 to roles without the page', async () => {
    for (const query of [
      'appstoreId=3',
      'allAppsFilter=x',
      'orderBy=user_id',
      'limit=500',
      'searchColumn=x',
    ]) {
      expect(
        (await t.app.inject({ url: `/api/admin/v1/apps?${query}`, headers: admin.auth })).statusCode,
      ).toBe(422);
    }
    const ppc = await makeUser(t.database.db, { roles: ['ppc'] });
    expect((await t.app.inject({ url: '/api/admin/v1/apps', headers: ppc.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/v1/apps', headers: payer.auth })).statusCode).toBe(403);
  });
});
