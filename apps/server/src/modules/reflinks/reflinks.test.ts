import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STAFF_MONEY_MESSAGES, type Reflink } from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser, registerBody } from '../../../test/factories.js';
import { accounts, auditLog, billingProfiles, users } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: HttpMethod, url: string, headers: Headers = admin.auth, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring partner',
  code: `SPRING${Math.floor(Math.random() * 1e6)}`,
  category: 'partners',
  bonus: '5.00',
  email: 'partner@example.com',
  ...overrides,
});
async function signUpWith(ref: string) {
  const payload = registerBody({ ref });
  const res = await t.app.inject({ method: 'POST', url: '/api/private/v1/register', payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const [user] = await t.deps.db
    .select()
    .from(users)
    .where(eq(users.email, payload.email as string));
  return user!;
}
const balancesOf = async (userId: number) => {
  const rows = await t.deps.db.select().from(accounts).where(eq(accounts.user_id, userId));
  return Object.fromEntries(rows.map((row) => [row.type, row.balance]));
};

describe('reflinks', () => {
  it('creates, lists, edits and deletes a reflink, each audited', async () => {
    const created = await call('POST', 'reflinks', admin.auth, body({ code: 'crud-1' }));
    expect(created.statusCode, created.body).toBe(200);
    const reflink = created.json().data as Reflink;
    expect(created.json().message).toBe(STAFF_MONEY_MESSAGES.reflinkSaved);
    expect(reflink).toMatchObject({
      code: 'crud-1',
      bonus: '5.0000',
      email: 'partner@example.com',
      registrations: 0,
      paying_users: 0,
      revenue: '0.0000',
    });
    const listed = (await call('GET', 'reflinks?search=crud-1')).json();
    expect(listed.data.map((row: Reflink) => row.id)).toEqual([reflink.id]);

    const edited = await call(
      'PUT',
      `reflinks/${reflink.id}`,
      admin.auth,
      body({ code: 'crud-1', bonus: 0, email: '' }),
    );
    expect(edited.json().data).toMatchObject({ bonus: '0.0000', email: null });
    expect((await call('DELETE', `reflinks/${reflink.id}`)).json()).toEqual({
      message: STAFF_MONEY_MESSAGES.reflinkDeleted,
      count: 1,
    });
    expect((await call('DELETE', `reflinks/${reflink.id}`)).statusCode).toBe(404);
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target_id, String(reflink.id)));
    expect(actions.map((row) => row.action).filter((a) => a.startsWith('reflinks.'))).toEqual([
      'reflinks.create',
      'reflinks.update',
      'reflinks.delete',
    ]);
  });

  it('refuses a taken code (any case, or a customer’s referral code), bad fields, and two saves at once', async () => {
    await call('POST', 'reflinks', admin.auth, body({ code: 'Taken' }));
    const again = await call('POST', 'reflinks', admin.auth, body({ code: 'TAKEN' }));
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ code: [STAFF_MONEY_MESSAGES.reflinkCodeTaken] });
    const [profile] = await t.deps.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, admin.user.id));
    if (profile) {
      expect(
        (await call('POST', 'reflinks', admin.auth, body({ code: profile.referral_code }))).statusCode,
      ).toBe(422);
    }
    for (const bad of [
      { code: 'has space' },
      { code: 'x' },
      { name: '' },
      { name: 'a\u0000b' },
      { bonus: '-1' },
      { bonus: '1000000' },
      { bonus: '1.234' },
      { email: 'nope' },
    ]) {
      expect((await call('POST', 'reflinks', admin.auth, body(bad))).statusCode, JSON.stringify(bad)).toBe(
        422,
      );
    }
    const racing = await Promise.all(
      [1, 2, 3].map(() => call('POST', 'reflinks', admin.auth, body({ code: 'race-1' }))),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('attributes a sign-up with its code, gives its bonus once with the first credited payment, and counts it', async () => {
    const reflink = (
      await call('POST', 'reflinks', admin.auth, body({ code: 'Promo-7', bonus: '7.50' }))
    ).json().data as Reflink;
    const user = await signUpWith('promo-7');
    const [profile] = await t.deps.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, user.id));
    expect(profile).toMatchObject({ reflink_id: reflink.id, referrer_id: null, reflink_bonus_at: null });
    await signUpWith('PROMO-7');
    await signUpWith('other-code');

    await makeTopUp(t.deps.db, user.id, '40', { bonus: '2' });
    expect(await balancesOf(user.id)).toMatchObject({ main: '40.0000', bonus: '9.5000' });
    // A second payment gets no second reflink bonus.
    await makeTopUp(t.deps.db, user.id, '10');
    expect(await balancesOf(user.id)).toMatchObject({ main: '50.0000', bonus: '9.5000' });

    const listed = (await call('GET', 'reflinks?search=Promo-7')).json().data[0] as Reflink;
    expect(listed).toMatchObject({ registrations: 2, paying_users: 1, revenue: '50.0000' });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('gives the bonus once when two payments are credited at once', async () => {
    await call('POST', 'reflinks', admin.auth, body({ code: 'twice-1', bonus: '3' }));
    const user = await signUpWith('twice-1');
    await Promise.all([makeTopUp(t.deps.db, user.id, '20'), makeTopUp(t.deps.db, user.id, '30')]);
    expect(await balancesOf(user.id)).toMatchObject({ main: '50.0000', bonus: '3.0000' });
  });

  it('lets every staff role read and only the admin manage', async () => {
    const made = (await call('POST', 'reflinks', admin.auth, body())).json().data as Reflink;
    for (const role of ['manager', 'support', 'ppc', 'marketer'] as const) {
      const staff = await makeUser(t.database.db, { roles: [role] });
      expect((await call('GET', 'reflinks', staff.auth)).statusCode, role).toBe(200);
      expect((await call('POST', 'reflinks', staff.auth, body())).statusCode, role).toBe(403);
      expect((await call('PUT', `reflinks/${made.id}`, staff.auth, body())).statusCode, role).toBe(403);
      expect((await call('DELETE', `reflinks/${made.id}`, staff.auth)).statusCode, role).toBe(403);
    }
    const customer = await makeUser(t.database.db);
    expect((await call('GET', 'reflinks', customer.auth)).statusCode).toBe(403);
    expect((await call('GET', 'reflinks?orderBy=bonus')).statusCode).toBe(422);
  });
});
