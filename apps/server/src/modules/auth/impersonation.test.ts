import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, SECURITY_MESSAGES, STAFF_ROLES, type AuditEntry } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { oneTimeTokens, sessions } from '../../db/schema/index.js';
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

/** An impersonated session of the customer, through both steps. */
async function openAsCustomer() {
  const issued = await switchTo(customer.user.email);
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
