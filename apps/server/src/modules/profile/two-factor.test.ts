import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { MESSAGES } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { PASSWORD, makeUser } from '../../../test/factories.js';
import { createSession } from '../sessions/sessions.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

const codeOf = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
const login = (email: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', 'login', {}, { email, password: PASSWORD, ...extra });

/** A user with two-factor sign-in on: their secret and recovery codes. */
async function withTwoFactor() {
  const made = await makeUser(t.database.db);
  const setup = await t.call('POST', 'users/profile/two-factor/setup', made.auth);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  // The step before now: sign-in in the same 30 seconds then uses a later code.
  const enable = await t.call('POST', 'users/profile/two-factor/enable', made.auth, {
    code: codeOf(secret, -1),
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { ...made, secret: secret as string, recovery: enable.json().recovery_codes as string[] };
}

describe('two-factor sign-in', () => {
  it('sets up with a secret, link and QR code, and turns on only with a right code', async () => {
    const { auth, user } = await makeUser(t.database.db);
    expect((await t.call('GET', 'users/profile/two-factor', auth)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = (await t.call('POST', 'users/profile/two-factor/setup', auth)).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`otpauth://totp/Storelift:${encodeURIComponent(user.email)}?`);
    expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Pending: sign-in does not ask for a code yet.
    expect((await login(user.email)).statusCode).toBe(200);

    for (const code of ['000000', '12345', 'abcdef', '']) {
      const wrong = await t.call('POST', 'users/profile/two-factor/enable', auth, { code });
      expect(wrong.statusCode, code).toBe(422);
    }
    const on = await t.call('POST', 'users/profile/two-factor/enable', auth, { code: codeOf(setup.secret) });
    expect(on.json().message).toBe(MESSAGES.twoFactorOn);
    expect(on.json().recovery_codes).toHaveLength(10);
    expect((await t.call('GET', 'users/profile/two-factor', auth)).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    // A second setup would replace the secret sign-in uses: refused while on.
    expect((await t.call('POST', 'users/profile/two-factor/setup', auth)).statusCode).toBe(409);
  });

  it('asks for the code at sign-in and accepts each code once', async () => {
    const { user, secret } = await withTwoFactor();
    const missing = await login(user.email);
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing).code).toEqual([MESSAGES.twoFactorRequired]);
    expect(missing.json().access_token).toBeUndefined();
    expect(errorsOf(await login(user.email, { code: '000000' })).code).toEqual([MESSAGES.twoFactorInvalid]);
    const code = codeOf(secret);
    expect((await login(user.email, { code })).statusCode).toBe(200);
    // Replayed (seen over a shoulder, say): refused.
    expect((await login(user.email, { code })).statusCode).toBe(422);
    // A wrong password never reaches the code check.
    const bad = await t.call('POST', 'login', {}, { email: user.email, password: 'Wrong123!', code });
    expect(errorsOf(bad).email).toEqual([MESSAGES.badCredentials]);
  });

  it('accepts a recovery code once, in any case and spacing', async () => {
    const { auth, user, recovery } = await withTwoFactor();
    const first = recovery[0]!;
    expect((await login(user.email, { code: ` ${first.toUpperCase().replace('-', ' ')} ` })).statusCode).toBe(
      200,
    );
    expect((await login(user.email, { code: first })).statusCode).toBe(422);
    expect((await t.call('GET', 'users/profile/two-factor', auth)).json().recovery_codes_left).toBe(9);
    // Another user's recovery code opens nothing here.
    const other = await withTwoFactor();
    expect((await login(user.email, { code: other.recovery[0] })).statusCode).toBe(422);
  });

  it('turns off only with the password', async () => {
    const { auth, user } = await withTwoFactor();
    const wrong = await t.call('POST', 'users/profile/two-factor/disable', auth, { password: 'Wrong123!' });
    expect(errorsOf(wrong).password).toEqual([MESSAGES.currentPasswordWrong]);
    expect((await login(user.email)).statusCode).toBe(422);
    const off = await t.call('POST', 'users/profile/two-factor/disable', auth, { password: PASSWORD });
    expect(off.json().message).toBe(MESSAGES.twoFactorOff);
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await t.call('POST', 'users/profile/two-factor/setup', {})).statusCode).toBe(401);
  });

  it('answers 422, never 500, to hostile codes', async () => {
    const { auth, user } = await withTwoFactor();
    for (const code of ['\u0000', 'a\ud800', 'x'.repeat(10_000), '../../etc', '<script>']) {
      expect((await login(user.email, { code })).statusCode).toBe(422);
      expect((await t.call('POST', 'users/profile/two-factor/enable', auth, { code })).statusCode).toBe(422);
    }
  });

  it('refuses password and two-factor changes to staff signed in as the user', async () => {
    const { user } = await makeUser(t.database.db);
    const staff = await makeUser(t.database.db, { roles: ['admin'] });
    const token = await createSession(t.database.db, user.id, {
      impersonatorId: staff.user.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const auth = { authorization: `Bearer ${token}` };
    const calls: [string, Record<string, unknown>][] = [
      [
        'users/profile/password',
        { current_password: PASSWORD, password: 'N3w-secret!', password_confirmation: 'N3w-secret!' },
      ],
      ['users/profile/two-factor/setup', {}],
      ['users/profile/two-factor/enable', { code: '123456' }],
      ['users/profile/two-factor/disable', { password: PASSWORD }],
    ];
    for (const [url, body] of calls) {
      const res = await t.call('POST', url, auth, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(MESSAGES.impersonationForbidden);
    }
    expect((await login(user.email)).statusCode).toBe(200);
  });
});
