import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { MESSAGES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser, PASSWORD, registerBody, reloadUser } from '../../../test/factories.js';
import { linkIn, waitForMail } from '../../../test/outbox.js';
import { sessions, users } from '../../db/schema/index.js';
import { setMaintenance } from '../core-settings/core-settings.repo.js';
import { issueOneTimeToken } from '../sessions/sessions.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/private/v1/${url}`, payload, headers });
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe('register, verify, sign in', () => {
  it('creates an unverified account, mails a link in the chosen language, and admits it once verified', async () => {
    const body = registerBody({ locale: 'uk-UA', ref: 'FRIEND1' });
    const started = Date.now();
    const res = await post('register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.accountCreated);

    const refused = await post('login', { email: body.email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 'Email verify failed',
      message: MESSAGES.notActivated,
      code: 'notActivated',
    });

    const mail = await waitForMail(t.config.dataDir, body.email, { after: started - 1000 });
    expect(mail.subject).toBe('Підтвердьте e-mail для Storelift');
    const link = linkIn(mail);
    expect(link.origin).toBe('http://storelift.test');
    const verified = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/login?verified=1');
    const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.headers.location).toBe('/login?verified=0');

    const res2 = await post('login', { email: body.email.toUpperCase(), password: PASSWORD });
    expect(res2.statusCode).toBe(200);
    const { user, access_token } = res2.json();
    expect(user).toMatchObject({
      email: body.email,
      country: 'UA',
      locale: 'uk-UA',
      roles: ['user'],
      email_verified: true,
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(access_token).toMatch(/^[\w-]{40,}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.signup_ref).toBe('FRIEND1');
  });

  it('re-sends the verification mail on request, answering the same for unknown e-mails', async () => {
    const body = registerBody();
    await post('register', body);
    const started = Date.now();
    const res = await post('email/verification-notification', { email: body.email });
    expect(res.statusCode).toBe(200);
    const unknown = await post('email/verification-notification', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(res.json());
    const mail = await waitForMail(t.config.dataDir, body.email, { after: started });
    expect(mail.subject).toBe('Confirm your e-mail for Storelift');
  });

  it('refuses a wrong password or unknown e-mail with one message on the e-mail field', async () => {
    const { user } = await makeUser(t.database.db);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'missing@example.com', password: PASSWORD },
    ]) {
      const res = await post('login', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [MESSAGES.badCredentials] });
    }
  });
});

describe('registration rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing e-mail', { email: undefined }, 'email', MESSAGES.required],
    ['short e-mail', { email: 'a@b' }, 'email', MESSAGES.emailMin],
    ['malformed e-mail', { email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    ['short password', { password: 'Ab1!', password_confirmation: 'Ab1!' }, 'password', MESSAGES.passwordMin],
    [
      'mismatched confirmation',
      { password_confirmation: 'Other123!' },
      'password_confirmation',
      MESSAGES.passwordsMustMatch,
    ],
    ['terms not accepted', { terms: false }, 'terms', MESSAGES.termsRequired],
    ['not adult', { adult: false }, 'adult', MESSAGES.adultRequired],
    ['short nickname', { nickname: 'ab' }, 'nickname', MESSAGES.usernameMin],
    ['nickname with spaces', { nickname: 'bad nick' }, 'nickname', MESSAGES.nicknameInvalid],
    ['full name with digits', { full_name: 'R2D2' }, 'full_name', MESSAGES.fullNameInvalid],
    ['missing full name', { full_name: '' }, 'full_name', MESSAGES.required],
    ['unknown business type', { business_type: 'pirate' }, 'business_type', MESSAGES.businessTypeInvalid],
    ['unknown country', { country: 'XX' }, 'country', MESSAGES.countryInvalid],
    ['phone with letters', { phone: '+1 555-CALL' }, 'phone', MESSAGES.phoneInvalid],
    ['neither phone nor messenger', { phone: '' }, 'phone', MESSAGES.phoneOrMessenger],
    [
      'messenger id without type',
      { phone: '', messenger_id: 'john_doe' },
      'messenger_type',
      MESSAGES.required,
    ],
    [
      'invalid messenger id',
      { phone: '', messenger_type: 'telegram', messenger_id: 'a b' },
      'messenger_id',
      MESSAGES.messengerIdInvalid,
    ],
  ];

  it.each(cases)('refuses %s with 422 and writes nothing', async (_name, overrides, field, message) => {
    const before = await userCount();
    const res = await post('register', registerBody(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('accepts a messenger instead of a phone', async () => {
    const res = await post(
      'register',
      registerBody({ phone: '', messenger_type: 'telegram', messenger_id: '@newbie' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a taken e-mail and a taken nickname (any case)', async () => {
    const { user } = await makeUser(t.database.db);
    const res = await post(
      'register',
      registerBody({ email: user.email.toUpperCase(), nickname: user.nickname.toUpperCase() }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [MESSAGES.emailTaken], nickname: [MESSAGES.nicknameTaken] });
  });

  it('answers malformed JSON and wrong types without a 500', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/private/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(raw.statusCode).toBe(400);
    const typed = await post('register', { ...registerBody(), email: 42, terms: 'yes', country: ['UA'] });
    expect(typed.statusCode).toBe(422);
    const huge = await post('login', {
      email: `${'a'.repeat(300)}@example.com`,
      password: 'x'.repeat(10_000),
    });
    expect(huge.statusCode).toBe(422);
  });
});

describe('sessions', () => {
  it('answers me with the user and roles, and 401 without a valid token', async () => {
    const { user, auth } = await makeUser(t.database.db, { roles: ['manager', 'user'] });
    const res = await post('me', undefined, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id }, roles: ['user', 'manager'], is_build: false });
    expect(res.json()).not.toHaveProperty('new_token');
    expect((await post('me')).statusCode).toBe(401);
    expect((await post('me', undefined, { authorization: 'Bearer forged-token' })).statusCode).toBe(401);
    expect((await post('me', undefined, { authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const { auth } = await makeUser(t.database.db);
    expect((await post('logout', undefined, auth)).statusCode).toBe(200);
    expect((await post('me', undefined, auth)).statusCode).toBe(401);
  });

  it('expires a session after 6 hours without activity', async () => {
    const { user, auth } = await makeUser(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ last_activity_at: new Date(Date.now() - 6 * 3600_000 - 1000) })
      .where(eq(sessions.user_id, user.id));
    expect((await post('me', undefined, auth)).statusCode).toBe(401);
  });

  it('rotates an old token through me, keeping the old one only for a short grace', async () => {
    const { user, auth } = await makeUser(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(sessions.user_id, user.id));
    const res = await post('me', undefined, auth);
    const { new_token } = res.json();
    expect(new_token).toMatch(/^[\w-]{40,}$/);
    expect((await post('me', undefined, { authorization: `Bearer ${new_token}` })).json()).not.toHaveProperty(
      'new_token',
    );
    expect((await post('me', undefined, auth)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, user.id));
    expect((await post('me', undefined, auth)).statusCode).toBe(401);
  });

  it('refuses a signed-in user whose e-mail is no longer verified with 403 Email verify failed', async () => {
    const { user, auth } = await makeUser(t.database.db);
    await t.database.db.update(users).set({ email_verified_at: null }).where(eq(users.id, user.id));
    const res = await post('me', undefined, auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe('Email verify failed');
  });
});

describe('password reset', () => {
  it('mails a reset link, sets the new password once, and signs out other sessions', async () => {
    const { user, auth } = await makeUser(t.database.db, { locale: 'es-ES' });
    const started = Date.now();
    const res = await post('forgot-password', { email: user.email });
    expect(res.json().message).toBe(MESSAGES.resetLinkSent);
    expect((await post('forgot-password', { email: 'ghost@example.com' })).json()).toEqual(res.json());

    const mail = await waitForMail(t.config.dataDir, user.email, { after: started - 1000 });
    expect(mail.subject).toBe('Restablece tu contraseña de Storelift');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/api/password-reset');
    const redirect = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/password-reset${link.search}`);

    const token = link.searchParams.get('token')!;
    const payload = {
      email: user.email,
      token,
      password: 'NewSecret456!',
      password_confirmation: 'NewSecret456!',
    };
    const mismatch = await post('password-reset-store', { ...payload, password_confirmation: 'Nope12345!' });
    expect(mismatch.json().errors.password_confirmation).toEqual([MESSAGES.passwordsMustMatch]);
    const forged = await post('password-reset-store', { ...payload, token: 'forged' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.token).toEqual([MESSAGES.tokenInvalid]);

    expect((await post('password-reset-store', payload)).statusCode).toBe(200);
    expect((await post('password-reset-store', payload)).statusCode).toBe(422);
    expect((await post('me', undefined, auth)).statusCode).toBe(401);
    expect((await post('login', { email: user.email, password: PASSWORD })).statusCode).toBe(422);
    expect((await post('login', { email: user.email, password: 'NewSecret456!' })).statusCode).toBe(200);
  });

  it('voids both API tokens: the owner gets new ones on My profile', async () => {
    const { user, auth } = await makeUser(t.database.db);
    const live = (await t.call('POST', 'users/profile/change-api-token', auth)).json().api_token as string;
    const test = (await t.call('POST', 'users/profile/change-api-test-token', auth)).json()
      .api_token as string;
    const balance = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `Bearer ${token}` } });
    expect((await balance(live)).statusCode).toBe(200);
    expect((await balance(test)).statusCode).toBe(200);
    const token = await issueOneTimeToken(t.deps.db, user.id, 'reset', 60_000);
    const password = 'NewSecret456!';
    const reset = await post('password-reset-store', {
      email: user.email,
      token,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await balance(live)).statusCode).toBe(401);
    expect((await balance(test)).statusCode).toBe(401);
    const signedIn = {
      authorization: `Bearer ${(await post('login', { email: user.email, password })).json().access_token}`,
    };
    const profile = (await t.call('GET', 'users/profile', signedIn)).json().data;
    expect(profile.api).toMatchObject({ key: null, test_key: null });
    const fresh = (await t.call('POST', 'users/profile/change-api-token', signedIn)).json()
      .api_token as string;
    expect((await balance(fresh)).statusCode).toBe(200);
  });

  it("does not accept another user's reset token", async () => {
    const a = await makeUser(t.database.db);
    const b = await makeUser(t.database.db);
    const started = Date.now();
    await post('forgot-password', { email: a.user.email });
    const token = linkIn(
      await waitForMail(t.config.dataDir, a.user.email, { after: started - 1000 }),
    ).searchParams.get('token');
    const res = await post('password-reset-store', {
      email: b.user.email,
      token,
      password: 'Hijack1234!',
      password_confirmation: 'Hijack1234!',
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('language', () => {
  it('saves a supported locale and refuses others', async () => {
    const { user, auth } = await makeUser(t.database.db);
    const res = await post('changeLocale', { locale: 'ru-RU' }, auth);
    expect(res.json().user.locale).toBe('ru-RU');
    expect((await reloadUser(t.database.db, user.id))?.locale).toBe('ru-RU');
    const bad = await post('changeLocale', { locale: 'fr-FR' }, auth);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.locale).toEqual([MESSAGES.localeInvalid]);
    expect((await post('changeLocale', { locale: 'en-US' })).statusCode).toBe(401);
  });
});

describe('maintenance', () => {
  it('answers 503 to customers and lets admins in', async () => {
    const customer = await makeUser(t.database.db);
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    await setMaintenance(t.database.db, true);
    try {
      const login = await post('login', { email: customer.user.email, password: PASSWORD });
      expect(login.statusCode).toBe(503);
      expect(login.json().message).toBe('Maintenance is in progress');
      expect((await post('me', undefined, customer.auth)).statusCode).toBe(503);
      expect((await post('register', registerBody())).statusCode).toBe(503);
      expect((await post('login', { email: admin.user.email, password: PASSWORD })).statusCode).toBe(200);
      expect((await post('me', undefined, admin.auth)).statusCode).toBe(200);
    } finally {
      await setMaintenance(t.database.db, false);
    }
  });
});

describe('rate limits', () => {
  it('answers 429 past the limit on login, register and forgot-password', async () => {
    const limited = await buildTestApp({ config: { authRateLimit: 3 }, workers: false });
    try {
      for (const url of ['login', 'register', 'forgot-password']) {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await limited.app.inject({
            method: 'POST',
            url: `/api/private/v1/${url}`,
            payload: { email: 'x@example.com' },
          });
          codes.push(res.statusCode);
        }
        expect(codes.slice(0, 3)).not.toContain(429);
        expect(codes[3]).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('system', () => {
  it('reports health and version', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const version = await t.app.inject({ url: '/version.json' });
    expect(version.json()).toEqual({ version: 'dev' });
    expect(version.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers and documents the API', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/private/v1/login', '/api/admin/v1/users']),
    );
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('serves the web app at / and at its client routes when a build is present', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'storelift-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>Storelift</title><div id="root"></div>',
    );
    const withWeb = await buildTestApp({ config: { webDist }, workers: false });
    try {
      for (const url of ['/', '/login', '/dashboard']) {
        const res = await withWeb.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root"></div>');
      }
      expect((await withWeb.app.inject({ url: '/api/private/v1/nothing-here' })).statusCode).toBe(404);
    } finally {
      await withWeb.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject({ url: '/api/private/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.notFound);
  });
});
