import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, PAYMENT_SYSTEMS, USER_MESSAGES } from '@storelift/shared';
import { auditLog, campaigns, countries, oneTimeTokens, transactions } from '../../db/schema/index.js';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { PASSWORD, makeTopUp, makeUser, reloadUser } from '../../../test/factories.js';
import { checkLedger } from '../ledger/ledger-check.js';

type Headers = Record<string, string>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let support: Awaited<ReturnType<typeof makeUser>>;
let manager: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
  support = await makeUser(t.database.db, { roles: ['support', 'user'] });
  manager = await makeUser(t.database.db, { roles: ['manager', 'user'], nickname: 'mgr-anna' });
});
afterAll(() => t.close());

const staff = (method: HttpMethod, url: string, headers: Headers = admin.auth, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const auditOf = (userId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target_user_id, userId), eq(auditLog.action, action)));

describe('GET users: filters and one user', () => {
  it('finds a user by id, referral code, manager, verification and registration date', async () => {
    const { user } = await makeUser(t.database.db, {
      email: 'findme@example.com',
      manager_id: manager.user.id,
    });
    const one = (await staff('GET', `users?id=${user.id}`)).json().data;
    expect(one).toMatchObject({
      id: user.id,
      email: 'findme@example.com',
      balances: { main: '0.0000', bonus: '0.0000', referral: '0.0000' },
      priceplan: { name: 'Base' },
      manager: { id: manager.user.id, nickname: 'mgr-anna' },
      is_active: true,
      total_payments: '0.0000',
    });
    const byId = (await staff('GET', `users?search=${user.id}`)).json();
    expect(byId.data.map((row: { id: number }) => row.id)).toContain(user.id);
    const byCode = (await staff('GET', `users?search=${one.referral_code.toLowerCase()}`)).json();
    expect(byCode.data.map((row: { id: number }) => row.id)).toEqual([user.id]);
    const managed = (await staff('GET', `users?manager_id=${manager.user.id}`)).json();
    expect(managed.data.map((row: { id: number }) => row.id)).toEqual([user.id]);
    const { user: unverified } = await makeUser(t.database.db, { email_verified_at: null });
    const notVerified = (await staff('GET', 'users?verified=0&limit=100')).json();
    expect(notVerified.data.map((row: { id: number }) => row.id)).toContain(unverified.id);
    expect(notVerified.data.every((row: { email_verified: boolean }) => !row.email_verified)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await staff('GET', `users?from=${today}&to=${today}`)).json().meta.total).toBeGreaterThan(3);
    expect((await staff('GET', 'users?from=2001-01-01&to=2001-01-02')).json().meta.total).toBe(0);
    expect((await staff('GET', 'users?from=2001-01-03&to=2001-01-02')).statusCode).toBe(422);
    expect((await staff('GET', 'users?id=999999')).statusCode).toBe(404);
  });

  it('lists managers', async () => {
    const list = (await staff('GET', 'managers', support.auth)).json().data;
    expect(list).toEqual([{ id: manager.user.id, nickname: 'mgr-anna', email: manager.user.email }]);
  });
});

describe('PUT users', () => {
  it('edits the staff-editable fields, writes one audit row and refuses bad input', async () => {
    const { user } = await makeUser(t.database.db);
    const res = await staff('PUT', 'users', admin.auth, {
      id: user.id,
      nickname: 'renamed-one',
      full_name: 'Renamed Person',
      business_type: 'agency',
      country: 'de',
      gender: 'female',
      messenger_type: 'telegram',
      messenger_id: '@renamed',
      roles: ['user', 'support'],
      priceplan_id: 3,
      manager_id: manager.user.id,
      eu_payee: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: USER_MESSAGES.userSaved,
      data: {
        nickname: 'renamed-one',
        country: 'DE',
        gender: 'female',
        roles: ['user', 'support'],
        priceplan: { id: 3 },
        manager: { id: manager.user.id },
        eu_payee: true,
      },
    });
    const [row] = await auditOf(user.id, 'users.update');
    expect(row).toMatchObject({ actor_id: admin.user.id });
    expect(row!.before).toMatchObject({ nickname: user.nickname, priceplan_id: 1, roles: ['user'] });
    expect(row!.after).toMatchObject({ nickname: 'renamed-one', priceplan_id: 3 });
    // The same values again change nothing and write nothing.
    await staff('PUT', 'users', admin.auth, { id: user.id, nickname: 'renamed-one' });
    expect(await auditOf(user.id, 'users.update')).toHaveLength(1);

    for (const [body, field] of [
      [{ nickname: 'a' }, 'nickname'],
      [{ nickname: admin.user.nickname }, 'nickname'],
      [{ full_name: 'x\u0000y' }, 'full_name'],
      [{ manager_id: support.user.id }, 'manager_id'],
      [{ roles: [] }, 'roles'],
      [{ roles: ['user', 'wizard'] }, 'roles'],
      [{ gender: 'robot' }, 'gender'],
      [{ priceplan_id: 9999 }, 'priceplan_id'],
    ] as const) {
      const bad = await staff('PUT', 'users', admin.auth, { id: user.id, ...body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(bad)[field], JSON.stringify(body)).toBeDefined();
    }
    expect(await auditOf(user.id, 'users.update')).toHaveLength(1);
  });

  it('never lets a staff member change their own roles, and only an admin hands out the admin role', async () => {
    const self = await staff('PUT', 'users', admin.auth, { id: admin.user.id, roles: ['user'] });
    expect(self.statusCode).toBe(422);
    expect(errorsOf(self).roles).toEqual([USER_MESSAGES.ownRoles]);
    // A role granted users.update (not admin) cannot make anyone admin.
    const editor = await makeUser(t.database.db, { roles: ['manager', 'user'] });
    await t.deps.db.execute(
      `insert into role_function_grants (role_id, function_id)
       select r.id, f.id from roles r, functions f where r.name = 'manager' and f.permission_name = 'users.update'`,
    );
    await t.deps.db.execute(
      `update settings set value = to_jsonb((value #>> '{}')::int + 1) where key = 'grants_version'`,
    );
    const { user } = await makeUser(t.database.db);
    const escalate = await staff('PUT', 'users', editor.auth, { id: user.id, roles: ['user', 'admin'] });
    expect(escalate.statusCode, escalate.body).toBe(403);
    expect(escalate.json().message).toBe(USER_MESSAGES.adminRoleOnlyByAdmin);
    const plain = await staff('PUT', 'users', editor.auth, { id: user.id, roles: ['user', 'support'] });
    expect(plain.statusCode, plain.body).toBe(200);
    // The account is staff now: only an admin changes its roles or status.
    const again = await staff('PUT', 'users', editor.auth, { id: user.id, roles: ['user'] });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(USER_MESSAGES.staffAccountOnlyByAdmin);
    const deactivate = await staff('PUT', `users/${user.id}/deactivate`, editor.auth);
    expect(deactivate.statusCode).toBe(403);
    expect((await reloadUser(t.database.db, user.id))!.is_active).toBe(true);
    await staff('PUT', 'users', admin.auth, { id: user.id, roles: ['user'] });
    expect((await staff('GET', `users?id=${user.id}`)).json().data.roles).toEqual(['user']);
  });

  it('ends the sessions of a user whose roles change', async () => {
    const target = await makeUser(t.database.db);
    await staff('PUT', 'users', admin.auth, { id: target.user.id, roles: ['user', 'support'] });
    expect((await t.call('POST', 'me', target.auth)).statusCode).toBe(401);
  });
});

describe('activate, deactivate, delete', () => {
  it('deactivating ends the sessions at once and refuses sign-in; activating lets them back', async () => {
    const target = await makeUser(t.database.db);
    expect((await t.call('POST', 'me', target.auth)).statusCode).toBe(200);
    const res = await staff('PUT', `users/${target.user.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: USER_MESSAGES.userDeactivated, data: { is_active: false } });
    expect((await t.call('POST', 'me', target.auth)).statusCode).toBe(401);
    const login = await t.call('POST', 'login', {}, { email: target.user.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.accountDeactivated);
    expect((await staff('GET', 'users?active=0')).json().data.map((u: { id: number }) => u.id)).toContain(
      target.user.id,
    );
    expect((await staff('PUT', `users/${target.user.id}/activate`)).statusCode).toBe(200);
    const again = await t.call('POST', 'login', {}, { email: target.user.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect((await auditOf(target.user.id, 'users.deactivate')).length).toBe(1);
    expect((await auditOf(target.user.id, 'users.activate')).length).toBe(1);
    expect((await staff('PUT', `users/${admin.user.id}/deactivate`)).statusCode).toBe(409);
  });

  it('refuses to delete a user with money or running campaigns, and soft-deletes otherwise', async () => {
    const rich = await makeUser(t.database.db);
    await makeTopUp(t.database.db, rich.user.id, '25');
    const refused = await staff('DELETE', `users/${rich.user.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_MESSAGES.deleteHasMoney);

    const busy = await makeUser(t.database.db);
    await t.database.db.insert(campaigns).values({
      user_id: busy.user.id,
      appstore: 1,
      package: 'com.example.busy',
      country_id: (await t.database.db.select({ id: countries.id }).from(countries).limit(1))[0]!.id,
      product_type: 1,
      status: 'active',
      days: 1,
      installs: 5,
      installs_total: 5,
      unit_price: '0',
      price: '0',
      settings: {} as typeof campaigns.$inferInsert.settings,
    });
    const running = await staff('DELETE', `users/${busy.user.id}`);
    expect(running.statusCode, running.body).toBe(409);
    expect(running.json().message).toBe(USER_MESSAGES.deleteHasCampaigns);

    // Money spent to zero: the ledger rows stay after the delete.
    const spent = await makeUser(t.database.db);
    await makeTopUp(t.database.db, spent.user.id, '5');
    await staff('PUT', 'payments/change-user-balance', admin.auth, {
      id: spent.user.id,
      amount: '-5',
      account_id: 1,
    });
    const deleted = await staff('DELETE', `users/${spent.user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('POST', 'me', spent.auth)).statusCode).toBe(401);
    const login = await t.call('POST', 'login', {}, { email: spent.user.email, password: PASSWORD });
    expect(login.statusCode).toBe(422);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.user_id, spent.user.id));
    expect(rows.length).toBe(2);
    expect((await staff('GET', `users?search=${spent.user.email}`)).json().meta.total).toBe(0);
    expect((await staff('GET', `users?id=${spent.user.id}`)).json().data.deleted_at).not.toBeNull();
    expect((await staff('DELETE', `users/${spent.user.id}`)).statusCode).toBe(409);
    expect(await auditOf(spent.user.id, 'users.delete')).toHaveLength(1);
  });

  it('support may resend the verification e-mail but not edit, deactivate or delete', async () => {
    const { user } = await makeUser(t.database.db, { email_verified_at: null });
    const res = await staff('POST', `users/${user.id}/resend-verification`, support.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MESSAGES.verificationResent);
    const tokens = await t.database.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.user_id, user.id), eq(oneTimeTokens.kind, 'verify')));
    expect(tokens).toHaveLength(1);
    expect(await auditOf(user.id, 'users.resend-verification')).toHaveLength(1);
    expect((await staff('POST', `users/${admin.user.id}/resend-verification`, support.auth)).statusCode).toBe(
      409,
    );
    expect((await staff('PUT', 'users', support.auth, { id: user.id, nickname: 'hacked' })).statusCode).toBe(
      403,
    );
    expect((await staff('PUT', `users/${user.id}/deactivate`, support.auth)).statusCode).toBe(403);
    expect((await staff('DELETE', `users/${user.id}`, support.auth)).statusCode).toBe(403);
    expect((await reloadUser(t.database.db, user.id))!.nickname).toBe(user.nickname);
  });
});

describe('PUT payments/change-user-balance', () => {
  it('support cannot change a balance', async () => {
    const { user } = await makeUser(t.database.db);
    const res = await staff('PUT', 'payments/change-user-balance', support.auth, {
      id: user.id,
      amount: '10',
      account_id: 1,
    });
    expect(res.statusCode).toBe(403);
  });

  it('names the staff member on the ledger row; a duplicate payment id is a 409', async () => {
    const { user } = await makeUser(t.database.db);
    const body = {
      id: user.id,
      amount: '10.00',
      account_id: 1,
      paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
      payment_id: `DUP-${user.id}`,
      type: 'manual',
      reason: 'wire received',
      description: 'SEPA',
    };
    const first = await staff('PUT', 'payments/change-user-balance', admin.auth, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await staff('PUT', 'payments/change-user-balance', admin.auth, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.paymentIdTaken);
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ created_by: admin.user.id, amount: '10.0000' });
    const noSystem = await staff('PUT', 'payments/change-user-balance', admin.auth, {
      ...body,
      paysystem_id: null,
      payment_id: 'LONE',
    });
    expect(noSystem.statusCode).toBe(422);
    expect(errorsOf(noSystem).paysystem_id).toEqual([MESSAGES.paysystemForPaymentId]);
  });

  it('credits once when the same payment id arrives twice at once, keeping the ledger invariant', async () => {
    const { user } = await makeUser(t.database.db);
    const body = {
      id: user.id,
      amount: '10.00',
      account_id: 1,
      paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
      payment_id: `RACE-${user.id}`,
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => staff('PUT', 'payments/change-user-balance', admin.auth, body)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const one = (await staff('GET', `users?id=${user.id}`)).json().data;
    expect(one.balances.main).toBe('10.0000');
    expect(await auditOf(user.id, 'users.change-balance')).toHaveLength(1);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

describe('referrals', () => {
  it('attaches and removes a referral; refuses self, taken and looping links', async () => {
    const referrer = await makeUser(t.database.db);
    const referral = await makeUser(t.database.db);
    const attach = await staff('POST', 'users/referrals', admin.auth, {
      user_id: referrer.user.id,
      referral: referral.user.email,
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const list = (await staff('GET', `users/referrals?user_id=${referrer.user.id}`, support.auth)).json();
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([referral.user.id]);
    expect(list.meta.total).toBe(1);

    const other = await makeUser(t.database.db);
    const taken = await staff('POST', 'users/referrals', admin.auth, {
      user_id: other.user.id,
      referral: String(referral.user.id),
    });
    expect(errorsOf(taken).referral).toEqual([USER_MESSAGES.referralTaken]);
    const loop = await staff('POST', 'users/referrals', admin.auth, {
      user_id: referral.user.id,
      referral: String(referrer.user.id),
    });
    expect(errorsOf(loop).referral).toEqual([USER_MESSAGES.referralCycle]);
    const self = await staff('POST', 'users/referrals', admin.auth, {
      user_id: other.user.id,
      referral: String(other.user.id),
    });
    expect(errorsOf(self).referral).toEqual([USER_MESSAGES.referralSelf]);

    expect(
      (await staff('POST', 'users/referrals', support.auth, { user_id: 1, referral: '2' })).statusCode,
    ).toBe(403);
    expect((await staff('DELETE', `users/referrals/${referral.user.id}`)).statusCode).toBe(200);
    expect((await staff('DELETE', `users/referrals/${referral.user.id}`)).statusCode).toBe(409);
    expect((await staff('GET', `users/referrals?user_id=${referrer.user.id}`)).json().meta.total).toBe(0);
    expect(await auditOf(referrer.user.id, 'users.attach-referral')).toHaveLength(1);
    expect(await auditOf(referrer.user.id, 'users.remove-referral')).toHaveLength(1);
  });
});

describe('user details lists', () => {
  it("answers only the named user's rows", async () => {
    const a = await makeUser(t.database.db);
    const b = await makeUser(t.database.db);
    await makeTopUp(t.database.db, a.user.id, '7');
    await makeTopUp(t.database.db, b.user.id, '9');
    const txs = (await staff('GET', `transactions?user_id=${a.user.id}`, support.auth)).json();
    expect(txs.data.map((row: { amount: string }) => row.amount)).toEqual(['7.0000']);
    const apps = (await staff('GET', `users/${a.user.id}/apps`, support.auth)).json();
    expect(apps).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
