import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, PAGES_MESSAGES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeKeywords, makeTopUp, makeUser } from '../../../test/factories.js';
import { waitForMail } from '../../../test/outbox.js';
import { auditLog, contactMessages, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { supportTelegram: '@storelift_support' } });
});
afterAll(() => t.close());

const stepsOf = async (auth: Record<string, string>) =>
  Object.fromEntries(
    (await t.call('GET', 'starting', auth))
      .json()
      .data.map((row: { step: string; done: boolean }) => [row.step, row.done]),
  );

describe('contacts', () => {
  it('shows support channels and the personal manager only once one is assigned', async () => {
    expect((await t.call('GET', 'contacts', {})).statusCode).toBe(401);
    const { auth, user } = await makeUser(t.database.db);
    const before = (await t.call('GET', 'contacts', auth)).json();
    expect(before).toEqual({
      channels: [
        { type: 'email', value: t.config.supportEmail },
        { type: 'telegram', value: '@storelift_support' },
      ],
      manager: null,
    });
    const manager = await makeUser(t.database.db, { roles: ['manager'], nickname: 'mgr-anna' });
    await t.deps.db.update(users).set({ manager_id: manager.user.id }).where(eq(users.id, user.id));
    expect((await t.call('GET', 'contacts', auth)).json().manager).toEqual({
      nickname: 'mgr-anna',
      email: manager.user.email,
    });
    // Another user does not see it.
    const other = await makeUser(t.database.db);
    expect((await t.call('GET', 'contacts', other.auth)).json().manager).toBeNull();
  });

  it('stores a message for staff and mails support; bad or hostile text is 422; rate-limited', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const started = Date.now();
    const sent = await t.call('POST', 'contacts', auth, {
      subject: 'Invoice <b>question</b>',
      message: 'Hello,\nwhere is my invoice?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe(PAGES_MESSAGES.contactSent);
    const rows = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.user_id, user.id));
    expect(rows).toMatchObject([
      { subject: 'Invoice <b>question</b>', message: 'Hello,\nwhere is my invoice?' },
    ]);
    const mail = await waitForMail(t.config.dataDir, t.config.supportEmail, { after: started - 1000 });
    expect(mail.subject).toBe('[Contact] Invoice <b>question</b>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain(user.email);

    const bad = await t.call('POST', 'contacts', auth, { subject: 'a\nb', message: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      subject: [MESSAGES.textInvalid],
      message: [MESSAGES.required],
    });
    expect(
      (await t.call('POST', 'contacts', auth, { subject: 'x'.repeat(201), message: 'm' })).statusCode,
    ).toBe(422);
    expect((await t.call('POST', 'contacts', auth, { subject: 's', message: '\u0000' })).statusCode).toBe(
      422,
    );
    // Three messages a minute per account (refused input does not count).
    for (const n of [2, 3])
      expect((await t.call('POST', 'contacts', auth, { subject: `s${n}`, message: 'm' })).statusCode).toBe(
        201,
      );
    const limited = await t.call('POST', 'contacts', auth, { subject: 'again', message: 'again' });
    expect(limited.statusCode).toBe(429);
    // Another account is not held back.
    const other = await makeUser(t.database.db);
    expect((await t.call('POST', 'contacts', other.auth, { subject: 's', message: 'm' })).statusCode).toBe(
      201,
    );
    expect(
      await t.deps.db.select().from(contactMessages).where(eq(contactMessages.user_id, user.id)),
    ).toHaveLength(3);

    // Staff read them with the user's details; a customer may not.
    const support = await makeUser(t.database.db, { roles: ['support'] });
    const staffList = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/contact-messages?user_id=${user.id}`,
      headers: support.auth,
    });
    expect(staffList.statusCode).toBe(200);
    expect(staffList.json().meta.total).toBe(3);
    expect(
      staffList
        .json()
        .data.map((row: { subject: string }) => row.subject)
        .sort(),
    ).toEqual(['Invoice <b>question</b>', 's2', 's3'].sort());
    expect(staffList.json().data[0].user).toEqual({
      id: user.id,
      email: user.email,
      nickname: user.nickname,
    });
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/contact-messages',
      headers: auth,
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('staff filter the messages, mark one handled with a note and reopen it, each change audited', async () => {
    const customer = await makeUser(t.database.db, { nickname: `handled-${Date.now()}` });
    await t.call('POST', 'contacts', customer.auth, { subject: 'Refund?', message: 'Please refund' });
    const support = await makeUser(t.database.db, { roles: ['support'] });
    const staff = (method: 'GET' | 'PUT', url: string, payload?: object, headers = support.auth) =>
      t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
    const listed = async (query: string) =>
      (await staff('GET', `contact-messages?${query}`)).json().data as { id: number; status: string }[];

    const [message] = await listed(`status=new&search=${customer.user.nickname}`);
    expect(message).toMatchObject({ subject: 'Refund?', status: 'new', note: null, handled_at: null });
    const handled = await staff('PUT', `contact-messages/${message!.id}/handle`, {
      note: 'Answered by mail',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({
      data: { status: 'handled', note: 'Answered by mail', handled_at: expect.any(String) },
      message: PAGES_MESSAGES.contactHandled,
    });
    expect(await listed(`status=new&search=${customer.user.nickname}`)).toEqual([]);
    expect(await listed(`status=handled&search=${customer.user.nickname}`)).toHaveLength(1);
    // Twice is a conflict and changes nothing; reopening brings it back.
    const again = await staff('PUT', `contact-messages/${message!.id}/handle`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAGES_MESSAGES.contactAlreadyHandled);
    const reopened = await staff('PUT', `contact-messages/${message!.id}/reopen`);
    expect(reopened.json()).toMatchObject({
      data: { status: 'new', note: null },
      message: PAGES_MESSAGES.contactReopened,
    });
    expect((await staff('PUT', `contact-messages/${message!.id}/reopen`)).statusCode).toBe(409);

    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_type, 'contact_message'), eq(auditLog.target_id, String(message!.id))))
      .orderBy(auditLog.id);
    expect(rows.map((row) => [row.action, row.actor_id, row.target_user_id])).toEqual([
      ['contact-messages.handle', support.user.id, customer.user.id],
      ['contact-messages.reopen', support.user.id, customer.user.id],
    ]);
    // A role without the page (ppc) may neither read nor change them.
    const ppc = await makeUser(t.database.db, { roles: ['ppc'] });
    expect((await staff('GET', 'contact-messages', undefined, ppc.auth)).statusCode).toBe(403);
    expect((await staff('PUT', `contact-messages/${message!.id}/handle`, {}, ppc.auth)).statusCode).toBe(403);
  });
});

describe('starting page', () => {
  it('ticks each first step from the account itself, and only the caller’s', async () => {
    expect((await t.call('GET', 'starting', {})).statusCode).toBe(401);
    const { auth, user } = await makeUser(t.database.db);
    const other = await makeUser(t.database.db, { email_verified_at: null });
    expect(await stepsOf(auth)).toEqual({
      email_verified: true,
      app_added: false,
      keywords_tracked: false,
      topped_up: false,
      campaign_created: false,
    });
    const app = await makeApp(t.deps, user.id);
    await makeKeywords(t.deps, app, ['fitness tracker']);
    await makeTopUp(t.deps.db, user.id, '100');
    expect(await stepsOf(auth)).toMatchObject({
      app_added: true,
      keywords_tracked: true,
      topped_up: true,
      campaign_created: false,
    });
    const otherSteps = await t.app.inject({
      method: 'GET',
      url: '/api/private/v1/starting',
      headers: other.auth,
    });
    // An unverified account is refused by the session check (customer-area §8) before it reads anything.
    expect(otherSteps.statusCode).toBe(403);
    expect(otherSteps.json().status).toBe('Email verify failed');
  });
});

describe('constants', () => {
  it('lists the enumerations of the programs and information pages with the others', async () => {
    const { data } = (await t.call('GET', 'constants', {})).json();
    expect(data).toMatchObject({
      resellerChannels: ['seo', 'paid_search', 'forums_blogs', 'referral', 'smm', 'other'],
      resellerServices: ['android_installs', 'ios_installs', 'aso', 'user_acquisition', 'marketing'],
      resellerMinSpent: '1000',
      apiCallCredits: { min: 1, max: 2 },
      startingSteps: ['email_verified', 'app_added', 'keywords_tracked', 'topped_up', 'campaign_created'],
      limits: { apiFreeCredits: 500, referralPercent: 10 },
    });
    expect(data.apiTokenPacks).toHaveLength(3);
    expect(data.bonusProgramRules.video).toBeDefined();
  });
});

describe('errors', () => {
  it('lists the message catalogue by key, without a session', async () => {
    const res = await t.call('GET', 'errors', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      imageTooLarge: 'Image too large',
      passwordsMustMatch: 'Passwords must match',
      'pages.resellerPending': PAGES_MESSAGES.resellerPending,
    });
  });
});
