import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, SECURITY_MESSAGES, STAFF_ROLES, type AuditEntry } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import {
  auditLog,
  campaignStatusHistory,
  oneTimeTokens,
  roles,
  sessions,
  transactions,
  userRoles,
} from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';

type Auth = { authorization: string };

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let customer: Awaited<ReturnType<typeof makeUser>>;

const switchTo = (email: string, headers: Auth = admin.auth) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/auth/change-user-account',
    headers,
    payload: { email },
  });

const exchange = (code: string) => t.call('POST', 'login-as', {}, { code });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An impersonated session of the customer (opened by `staff`, the admin by default), through both steps. */
async function openAsCustomer(staff: Auth = admin.auth) {
  const issued = await switchTo(customer.user.email, staff);
  expect(issued.statusCode, issued.body).toBe(200);
  const opened = await exchange(issued.json().code);
  expect(opened.statusCode, opened.body).toBe(200);
  return { issued: issued.json(), opened: opened.json(), auth: bearer(opened.json().access_token) };
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.deps.db, { roles: ['admin'] });
  customer = await makeUser(t.deps.db);
});
afterAll(() => t.close());

describe('log in as a user', () => {
  it('is the admin’s alone', async () => {
    for (const role of [...STAFF_ROLES.filter((r) => r !== 'admin'), 'user' as const]) {
      const other = await makeUser(t.deps.db, { roles: [role] });
      expect((await switchTo(customer.user.email, other.auth)).statusCode, role).toBe(403);
    }
  });

  it('opens a session of the customer through a one-time code, marked and audited', async () => {
    const { issued, opened, auth } = await openAsCustomer();
    expect(issued.user).toEqual({ id: customer.user.id, email: customer.user.email });
    expect(issued).not.toHaveProperty('access_token');
    expect(opened.user.email).toBe(customer.user.email);
    const minutes = (Date.parse(opened.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const me = await t.call('POST', 'me', auth);
    expect(me.json().user.id).toBe(customer.user.id);
    expect(me.json().impersonation).toEqual({
      by: { id: admin.user.id, email: admin.user.email },
      expires_at: opened.expires_at,
    });
    expect((await t.call('POST', 'me', customer.auth)).json()).not.toHaveProperty('impersonation');

    // The code works once.
    const again = await exchange(issued.code);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again).code).toEqual([SECURITY_MESSAGES.loginCodeInvalid]);

    const audit = await t.app.inject({
      url: `/api/admin/v1/audit?action=users.login-as&target_user_id=${customer.user.id}`,
      headers: admin.auth,
    });
    const rows = audit.json().data as AuditEntry[];
    expect(rows[0]).toMatchObject({
      action: 'users.login-as',
      actor: { id: admin.user.id },
      target_type: 'user',
      target_user: { id: customer.user.id },
    });
  });

  it('cannot change the API token, and keeps its end: never rotated into a longer session', async () => {
    const { opened, auth } = await openAsCustomer();
    const token = await t.call('POST', 'users/profile/change-api-token', auth);
    expect(token.statusCode).toBe(403);
    expect(token.json().message).toBe(MESSAGES.impersonationForbidden);
    expect((await t.call('POST', 'users/profile/change-api-token', customer.auth)).statusCode).toBe(200);

    // Old enough for an ordinary session to be rotated: this one is not.
    const hash = hashToken(opened.access_token);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await t.deps.db.update(sessions).set({ created_at: twoHoursAgo }).where(eq(sessions.token_hash, hash));
    const me = await t.call('POST', 'me', auth);
    expect(me.statusCode).toBe(200);
    expect(me.json()).not.toHaveProperty('new_token');
    // Past its end, activity or not, it is over.
    await t.deps.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hash));
    expect((await t.call('POST', 'me', auth)).statusCode).toBe(401);
  });

  it('refuses an unknown e-mail, oneself, staff accounts and unverified accounts, issuing nothing', async () => {
    const staff = await makeUser(t.deps.db, { roles: ['manager', 'user'] });
    const unverified = await makeUser(t.deps.db, { email_verified_at: null });
    const cases: [string, string][] = [
      ['nobody-here@example.com', SECURITY_MESSAGES.userNotFound],
      [admin.user.email, SECURITY_MESSAGES.loginAsSelf],
      [staff.user.email, SECURITY_MESSAGES.loginAsStaff],
      [unverified.user.email, SECURITY_MESSAGES.loginAsUnverified],
    ];
    for (const [email, message] of cases) {
      const res = await switchTo(email);
      expect(res.statusCode, email).toBe(422);
      expect(errorsOf(res).email).toEqual([message]);
    }
    expect((await switchTo('not an e-mail')).statusCode).toBe(422);
    expect((await exchange('made-up-code')).statusCode).toBe(422);
  });

  it('a code lives a minute; an expired one opens nothing', async () => {
    const issued = (await switchTo(customer.user.email)).json();
    const seconds = (Date.parse(issued.code_expires_at) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.token_hash, hashToken(issued.code)));
    expect((await exchange(issued.code)).statusCode).toBe(422);
  });
});

describe('a session opened as a user', () => {
  it('ends when its staff member is deactivated or loses the function', async () => {
    const staff = await makeUser(t.deps.db, { roles: ['admin'] });
    const deactivated = await openAsCustomer(staff.auth);
    expect((await t.call('POST', 'me', deactivated.auth)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/users/${staff.user.id}/deactivate`,
      headers: admin.auth,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.call('POST', 'me', deactivated.auth)).statusCode).toBe(401);
    // And it stays over when the staff member is active again.
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/users/${staff.user.id}/activate`,
      headers: admin.auth,
    });
    expect((await t.call('POST', 'me', deactivated.auth)).statusCode).toBe(401);

    const other = await makeUser(t.deps.db, { roles: ['admin', 'user'] });
    const demoted = await openAsCustomer(other.auth);
    expect((await t.call('GET', 'users/profile', demoted.auth)).statusCode).toBe(200);
    const [adminRole] = await t.deps.db.select().from(roles).where(eq(roles.name, 'admin'));
    await t.deps.db
      .delete(userRoles)
      .where(and(eq(userRoles.user_id, other.user.id), eq(userRoles.role_id, adminRole!.id)));
    expect((await t.call('GET', 'users/profile', demoted.auth)).statusCode).toBe(401);
    // The customer's own session is untouched.
    expect((await t.call('POST', 'me', customer.auth)).statusCode).toBe(200);
  });

  it('records the staff member on every change: history, ledger and audit; the customer sees "by support"', async () => {
    const buyer = await makeUser(t.deps.db);
    await makeTopUp(t.deps.db, buyer.user.id, '100');
    await makeApp(t.deps, buyer.user.id);
    const issued = await switchTo(buyer.user.email);
    const auth = bearer((await exchange(issued.json().code)).json().access_token);
    // Reads sent as POST (the session check, a quote) are no changes.
    expect((await t.call('POST', 'me', auth)).statusCode).toBe(200);
    expect((await t.call('POST', 'campaigns/quote', auth, directInstallsBody())).statusCode).toBe(200);
    const ordered = await t.call('POST', 'campaigns', auth, directInstallsBody());
    expect(ordered.statusCode, ordered.body).toBe(201);
    const id = ordered.json().data.id as number;
    const own = await t.call('POST', 'campaigns', buyer.auth, directInstallsBody());
    expect(own.statusCode, own.body).toBe(201);

    const history = await t.deps.db
      .select({ impersonator: campaignStatusHistory.impersonator_id, actor: campaignStatusHistory.actor_id })
      .from(campaignStatusHistory)
      .where(eq(campaignStatusHistory.campaign_id, id));
    expect(history.length).toBeGreaterThan(0);
    expect(history).toEqual(history.map(() => ({ impersonator: admin.user.id, actor: buyer.user.id })));
    const ledger = await t.deps.db
      .select({ reference: transactions.reference_id, impersonator: transactions.impersonator_id })
      .from(transactions)
      .where(and(eq(transactions.user_id, buyer.user.id), eq(transactions.type, 'campaign_charge')));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { reference: String(id), impersonator: admin.user.id },
        { reference: String(own.json().data.id), impersonator: null },
      ]),
    );
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'users.impersonated-change'), eq(auditLog.target_user_id, buyer.user.id)),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actor_id: buyer.user.id,
      impersonator_id: admin.user.id,
      after: { method: 'POST', route: '/api/private/v1/campaigns', status: 201 },
    });
    const viewer = await t.app.inject({
      url: `/api/admin/v1/audit?action=users.impersonated-change&target_user_id=${buyer.user.id}`,
      headers: admin.auth,
    });
    expect((viewer.json().data as AuditEntry[]).map((row) => [row.actor?.id, row.impersonator?.id])).toEqual([
      [buyer.user.id, admin.user.id],
    ]);

    // The customer's views tell support's changes from their own.
    const details = (await t.call('GET', `campaigns/${id}`, buyer.auth)).json().data;
    expect(details.status_history.map((step: { by_support: boolean }) => step.by_support)).not.toContain(
      false,
    );
    const mine = (await t.call('GET', `campaigns/${own.json().data.id}`, buyer.auth)).json().data;
    expect(mine.status_history.map((step: { by_support: boolean }) => step.by_support)).not.toContain(true);
    const rows = (await t.call('GET', 'transactions?type=campaign_charge', buyer.auth)).json().data;
    expect(
      rows.map((row: { reference_id: string; by_support: boolean }) => [row.reference_id, row.by_support]),
    ).toEqual(
      expect.arrayContaining([
        [String(id), true],
        [String(own.json().data.id), false],
      ]),
    );
  });
});
