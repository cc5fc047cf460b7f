import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR, MESSAGES, VALIDATION_MESSAGES, fillMessage } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { PASSWORD, makeUser, reloadUser } from '../../../test/factories.js';
import { waitForMail } from '../../../test/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  nickname: 'renamed',
  full_name: 'Olena Kovalenko',
  business_type: 'agency',
  country: 'ua',
  phone: '380501112233',
  messenger_type: '',
  messenger_id: '',
  ...overrides,
});

/** A multipart body with one file part (what a browser's FormData sends). */
function multipart(bytes: Buffer, { field = 'image', filename = 'me.png', type = 'image/png' } = {}) {
  const boundary = '----storelift-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (auth: Headers, bytes: Buffer, options?: Parameters<typeof multipart>[1]) => {
  const { payload, headers } = multipart(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/private/v1/users/profile/image',
    headers: { ...auth, ...headers },
    payload,
  });
};

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#3b5bdb' } })
    .png()
    .toBuffer();

describe('GET and POST users/profile', () => {
  it('answers the profile fields and saves them with the sign-up rules', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const before = (await t.call('GET', 'users/profile', auth)).json().data;
    expect(before).toMatchObject({
      id: user.id,
      business_type: 'developer',
      phone: '15550100',
      messenger_type: null,
      messenger_id: null,
    });
    const nickname = `Renamed${user.id}`;
    const res = await t.call(
      'POST',
      'users/profile',
      auth,
      profileBody({ nickname, phone: '', messenger_type: 'telegram', messenger_id: '@olena' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.actionSaved,
      data: { nickname, country: 'UA', phone: null, messenger_id: '@olena', email: user.email },
      user: { id: user.id, nickname, business_type: 'agency', roles: ['user'] },
    });
    expect((await t.call('GET', 'users/profile', auth)).json().data.full_name).toBe('Olena Kovalenko');
    // Keeping one's own nickname, in another case, is no conflict.
    const again = await t.call(
      'POST',
      'users/profile',
      auth,
      profileBody({ nickname: nickname.toUpperCase() }),
    );
    expect(again.statusCode).toBe(200);
    expect((await t.call('POST', 'users/profile', {}, profileBody())).statusCode).toBe(401);
  });

  it.each([
    ['no nickname', { nickname: '' }, 'nickname', MESSAGES.required],
    ['a nickname with spaces', { nickname: 'two words' }, 'nickname', MESSAGES.nicknameInvalid],
    ['a full name with digits', { full_name: 'R2D2' }, 'full_name', MESSAGES.fullNameInvalid],
    ['letters in the phone', { phone: '+38 050' }, 'phone', MESSAGES.phoneInvalid],
    ['neither phone nor messenger', { phone: '' }, 'phone', MESSAGES.phoneOrMessenger],
    ['a messenger id without its type', { messenger_id: 'olena' }, 'messenger_type', MESSAGES.required],
    ['an unknown country', { country: 'XX' }, 'country', MESSAGES.countryInvalid],
    ['an unknown business type', { business_type: 'pirate' }, 'business_type', MESSAGES.businessTypeInvalid],
    ['a NUL in the full name', { full_name: 'Olena\u0000' }, 'full_name', MESSAGES.fullNameInvalid],
    ['markup as a nickname', { nickname: '<script>alert(1)</script>' }, 'nickname', MESSAGES.nicknameInvalid],
    [
      'a lone surrogate',
      { messenger_type: 'telegram', messenger_id: 'a\ud800b' },
      'messenger_id',
      MESSAGES.messengerIdInvalid,
    ],
    ['a huge full name', { full_name: 'A'.repeat(100_000) }, 'full_name', MESSAGES.fullNameInvalid],
    ['an object as the nickname', { nickname: { $ne: 1 } }, 'nickname', MESSAGES.required],
  ])('refuses %s with 422 and changes nothing', async (_name, overrides, field, message) => {
    const { auth, user } = await makeUser(t.database.db);
    const res = await t.call('POST', 'users/profile', auth, profileBody(overrides));
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)[field]?.[0]).toBe(message);
    expect(await reloadUser(t.database.db, user.id)).toMatchObject({
      nickname: user.nickname,
      full_name: user.full_name,
      updated_at: user.updated_at,
    });
  });

  it('refuses a nickname another account holds, in any case', async () => {
    const taken = await makeUser(t.database.db, { nickname: `Taken${Date.now()}` });
    const { auth } = await makeUser(t.database.db);
    const res = await t.call(
      'POST',
      'users/profile',
      auth,
      profileBody({ nickname: taken.user.nickname.toLowerCase() }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).nickname).toEqual([MESSAGES.nicknameTaken]);
  });

  it('answers 422, never 500, to a body that is not an object', async () => {
    const { auth } = await makeUser(t.database.db);
    for (const payload of ['[]', '"text"', 'null', '{"nickname":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/private/v1/users/profile',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
    }
  });
});

describe('invoice details on users/profile', () => {
  const details = { company: 'ACME GmbH', address: 'Hauptstr. 1\n10115 Berlin', vat_id: 'DE123456789' };

  it('saves company, address and VAT id trimmed, keeps them when left out and clears them when blank', async () => {
    const { auth, user } = await makeUser(t.database.db);
    expect((await t.call('GET', 'users/profile', auth)).json().data).toMatchObject({
      company: null,
      address: null,
      vat_id: null,
    });
    const saved = await t.call(
      'POST',
      'users/profile',
      auth,
      profileBody({
        nickname: user.nickname,
        company: '  ACME GmbH ',
        address: ' Hauptstr. 1\n10115 Berlin\n',
        vat_id: 'de123456789 ',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject(details);
    expect((await t.call('GET', 'users/profile', auth)).json().data).toMatchObject(details);

    // A client that does not know the fields leaves them alone.
    await t.call(
      'POST',
      'users/profile',
      auth,
      profileBody({ nickname: user.nickname, full_name: 'Olena K' }),
    );
    expect((await t.call('GET', 'users/profile', auth)).json().data).toMatchObject(details);

    const cleared = await t.call(
      'POST',
      'users/profile',
      auth,
      profileBody({ nickname: user.nickname, company: '', address: '  \n ', vat_id: null }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await reloadUser(t.database.db, user.id)).toMatchObject({
      company: null,
      address: null,
      vat_id: null,
    });
  });

  const textMax = (max: number) => fillMessage(VALIDATION_MESSAGES.textMax, { max });
  it.each([
    ['a VAT id with a space', { vat_id: 'DE 123456789' }, 'vat_id', MESSAGES.vatIdInvalid],
    ['a VAT id with a dash', { vat_id: 'DE-123456789' }, 'vat_id', MESSAGES.vatIdInvalid],
    ['a VAT id of 21 characters', { vat_id: 'D'.repeat(21) }, 'vat_id', MESSAGES.vatIdInvalid],
    ['a VAT id with a NUL', { vat_id: 'DE1\u00002' }, 'vat_id', MESSAGES.vatIdInvalid],
    ['a company of 121 characters', { company: 'A'.repeat(121) }, 'company', textMax(120)],
    ['a line break in the company', { company: 'ACME\nGmbH' }, 'company', MESSAGES.textInvalid],
    ['a NUL in the company', { company: 'ACME\u0000' }, 'company', MESSAGES.textInvalid],
    ['an address of 301 characters', { address: 'A'.repeat(301) }, 'address', textMax(300)],
    ['a bell in the address', { address: 'Hauptstr. 1\u0007' }, 'address', MESSAGES.textInvalid],
    ['an object as the company', { company: { $ne: 1 } }, 'company', MESSAGES.required],
  ])('refuses %s with 422 and changes nothing', async (_name, overrides, field, message) => {
    const { auth, user } = await makeUser(t.database.db, {
      company: 'Old Co',
      address: 'Old St 1',
      vat_id: 'UA1',
    });
    const res = await t.call('POST', 'users/profile', auth, profileBody({ ...details, ...overrides }));
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ [field]: [message] });
    expect(await reloadUser(t.database.db, user.id)).toMatchObject({
      nickname: user.nickname,
      company: 'Old Co',
      address: 'Old St 1',
      vat_id: 'UA1',
      updated_at: user.updated_at,
    });
  });
});

describe('POST users/profile/password', () => {
  const change = (auth: Headers, body: Record<string, unknown>) =>
    t.call('POST', 'users/profile/password', auth, body);
  const login = (email: string, password: string) => t.call('POST', 'login', {}, { email, password });

  it('changes the password, ends the other sessions, keeps this one and mails the owner', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const other = (await login(user.email, PASSWORD)).json().access_token as string;
    const started = Date.now();
    const res = await change(auth, {
      current_password: PASSWORD,
      password: 'N3w-secret!',
      password_confirmation: 'N3w-secret!',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.passwordChanged);
    expect((await t.call('POST', 'me', { authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await t.call('POST', 'me', auth)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await login(user.email, 'N3w-secret!')).statusCode).toBe(200);
    const mail = await waitForMail(t.config.dataDir, user.email, { after: started - 1000 });
    expect(mail.subject).toBe('Your Storelift password was changed');
    expect(mail.text).toContain('http://storelift.test/forgot-password');
  });

  it('keeps the other sessions when "sign out everywhere" is off', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const other = (await login(user.email, PASSWORD)).json().access_token as string;
    const res = await change(auth, {
      current_password: PASSWORD,
      password: 'N3w-secret!',
      password_confirmation: 'N3w-secret!',
      sign_out_everywhere: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('POST', 'me', { authorization: `Bearer ${other}` })).statusCode).toBe(200);
    const again = await change(auth, {
      current_password: 'N3w-secret!',
      password: 'Th1rd-secret!',
      password_confirmation: 'Th1rd-secret!',
      sign_out_everywhere: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.call('POST', 'me', { authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await t.call('POST', 'me', auth)).statusCode).toBe(200);
    const bad = await change(auth, {
      current_password: 'Th1rd-secret!',
      password: 'F0urth-secret!',
      password_confirmation: 'F0urth-secret!',
      sign_out_everywhere: 'yes',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['sign_out_everywhere']);
  });

  it.each([
    [
      'a wrong current password',
      { current_password: 'Wrong123!' },
      'current_password',
      MESSAGES.currentPasswordWrong,
    ],
    ['no current password', { current_password: '' }, 'current_password', MESSAGES.required],
    [
      'a short new password',
      { password: 'short', password_confirmation: 'short' },
      'password',
      MESSAGES.passwordMin,
    ],
    [
      'a confirmation that differs',
      { password_confirmation: 'Other123!' },
      'password_confirmation',
      MESSAGES.passwordsMustMatch,
    ],
    [
      'the same password again',
      { password: PASSWORD, password_confirmation: PASSWORD },
      'password',
      MESSAGES.passwordUnchanged,
    ],
  ])('refuses %s with 422 and keeps the password and sessions', async (_name, overrides, field, message) => {
    const { auth, user } = await makeUser(t.database.db);
    const res = await change(auth, {
      current_password: PASSWORD,
      password: 'N3w-secret!',
      password_confirmation: 'N3w-secret!',
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)[field]).toEqual([message]);
    expect((await reloadUser(t.database.db, user.id))!.password_hash).toBe(user.password_hash);
    expect((await t.call('POST', 'me', auth)).statusCode).toBe(200);
  });

  it('lets only one of two changes made at once with the same old password pass', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const results = await Promise.all(
      ['First-new1!', 'Second-new2!'].map((password) =>
        change(auth, { current_password: PASSWORD, password, password_confirmation: password }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    const winner = results.findIndex((res) => res.statusCode === 200) === 0 ? 'First-new1!' : 'Second-new2!';
    expect((await login(user.email, winner)).statusCode).toBe(200);
  });

  it('is rate-limited per client address', async () => {
    const limited = await buildTestApp({ config: { authRateLimit: 3 }, workers: false });
    try {
      const { auth } = await makeUser(limited.database.db);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const body = {
          current_password: 'Wrong123!',
          password: 'N3w-secret!',
          password_confirmation: 'N3w-secret!',
        };
        codes.push((await limited.call('POST', 'users/profile/password', auth, body)).statusCode);
      }
      expect(codes).toEqual([422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('avatars', () => {
  it('stores an upload as a 256-pixel WebP without its metadata, served only at its random address', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e8590c' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'secret camera owner' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(auth, photo, { filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = res.json().user;
    expect(avatar).toMatch(/^\/avatars\/[\w-]{43}\.webp$/);
    expect(res.json().message).toBe(MESSAGES.actionSaved);
    expect((await reloadUser(t.database.db, user.id))!.avatar).toBe(avatar);
    expect((await t.call('GET', 'users/profile', auth)).json().data.avatar).toBe(avatar);

    const served = await t.app.inject({ url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR.size, height: AVATAR.size });
    expect(meta.exif).toBeUndefined();
  });

  it('replaces and deletes: the old address stops working', async () => {
    const { auth } = await makeUser(t.database.db);
    const first = (await upload(auth, await png())).json().user.avatar;
    const second = (await upload(auth, await png(100, 300))).json().user.avatar;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
    const deleted = await t.call('POST', 'users/profile/image/delete', auth);
    expect(deleted.json()).toMatchObject({ message: MESSAGES.actionDeleted, user: { avatar: null } });
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
    // Deleting again is harmless.
    expect((await t.call('POST', 'users/profile/image/delete', auth)).statusCode).toBe(200);
  });

  it('never lets another user reach or change an avatar', async () => {
    const owner = await makeUser(t.database.db);
    const avatar = (await upload(owner.auth, await png())).json().user.avatar as string;
    const stranger = await makeUser(t.database.db);
    // By user id, by path tricks, or by another route: nothing but the exact random key serves it.
    for (const url of [
      `/avatars/${owner.user.id}`,
      `/avatars/${owner.user.id}.webp`,
      `/avatars/..%2f..%2fpackage.json`,
      `/avatars/${avatar.slice(9, -5)}`,
      `/avatars/${avatar.slice(9, -5).toLowerCase()}.webp`,
      `/api/private/v1/users/${owner.user.id}/profile/image`,
    ]) {
      expect((await t.app.inject({ url, headers: stranger.auth })).statusCode, url).toBe(404);
    }
    await upload(stranger.auth, await png(50, 50));
    await t.call('POST', 'users/profile/image/delete', stranger.auth);
    expect((await reloadUser(t.database.db, owner.user.id))!.avatar).toBe(avatar);
    expect((await t.app.inject({ url: avatar })).statusCode).toBe(200);
    expect((await t.call('GET', 'users/profile', stranger.auth)).json().data.avatar).toBeNull();
  });

  it.each([
    ['a text file', Buffer.from('just some text'), 'notes.txt', 'text/plain'],
    ['HTML named as a PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png', 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'icon.svg',
      'image/svg+xml',
    ],
    [
      'a PNG signature over garbage',
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]),
      'broken.png',
      'image/png',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('refuses %s as not an image', async (_name, bytes, filename, type) => {
    const { auth, user } = await makeUser(t.database.db);
    const res = await upload(auth, bytes, { filename, type });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).image).toEqual([MESSAGES.imageInvalid]);
    expect((await reloadUser(t.database.db, user.id))!.avatar).toBeNull();
  });

  it('refuses a JPEG header on a PNG body', async () => {
    const { auth } = await makeUser(t.database.db);
    const bytes = Buffer.concat([Buffer.from('ffd8ff', 'hex'), await png()]);
    const res = await upload(auth, bytes, { filename: 'x.jpg', type: 'image/jpeg' });
    expect(errorsOf(res).image).toEqual([MESSAGES.imageInvalid]);
  });

  it('answers "Image too large" over the size limit and over the pixel limit', async () => {
    const { auth } = await makeUser(t.database.db);
    const big = Buffer.concat([await png(), Buffer.alloc(AVATAR.maxBytes)]);
    const tooBig = await upload(auth, big);
    expect(tooBig.statusCode).toBe(422);
    expect(errorsOf(tooBig).image).toEqual([MESSAGES.imageTooLarge]);
    // Small on disk, huge once decoded: refused from its header.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR.maxBytes);
    const refused = await upload(auth, bomb);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).image).toEqual([MESSAGES.imageTooLarge]);
  });

  it('answers 422, never 500, to uploads that are not one well-formed file', async () => {
    const { auth } = await makeUser(t.database.db);
    const json = await t.call('POST', 'users/profile/image', auth, { image: 'data:image/png;base64,AAAA' });
    expect(errorsOf(json).image).toEqual([MESSAGES.imageRequired]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/private/v1/users/profile/image',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.statusCode).toBe(422);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/private/v1/users/profile/image',
      headers: { ...auth, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(422);
    const field = await upload(auth, Buffer.from('x'), { field: 'other' });
    expect(field.statusCode).toBeLessThan(500);
    const unauthenticated = await upload({}, await png());
    expect(unauthenticated.statusCode).toBe(401);
  });
});
