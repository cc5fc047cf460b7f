import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DAY_MS,
  NOTICE_MESSAGES,
  NOTICE_TYPES,
  type Campaign,
  type Notice,
  type NoticeTemplate,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { waitForMail } from '../../../test/outbox.js';
import { auditLog, notices, notifications } from '../../db/schema/index.js';
import { deliveryTick } from '../campaigns/delivery/campaigns.delivery.js';
import { mailPendingNotices } from './notices.service.js';
import { notify } from './notify.js';

type Auth = Record<string, string>;
type User = Awaited<ReturnType<typeof makeUser>>;
let t: TestApp;
let admin: User;
let support: User;
let marketer: User;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.deps.db, { roles: ['admin'] });
  support = await makeUser(t.deps.db, { roles: ['support'] });
  marketer = await makeUser(t.deps.db, { roles: ['marketer'] });
  alice = await makeUser(t.deps.db);
  bob = await makeUser(t.deps.db);
});
afterAll(() => t.close());

const own = (method: HttpMethod, url: string, headers: Auth, payload?: object) =>
  t.app.inject({ method, url: `/api/private/v1/${url}`, headers, ...(payload && { payload }) });
const staff = (method: HttpMethod, url: string, headers: Auth = admin.auth, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const send = (payload: object, headers: Auth = admin.auth) => staff('POST', 'notices', headers, payload);
const noticesOf = async (user: User, query = '') => (await own('GET', `notices${query}`, user.auth)).json();

describe('staff notices', () => {
  it('sends a text notice the customer lists, with the unread count, and audits it', async () => {
    const before = (await noticesOf(alice)).unread as number;
    const res = await send({
      user_id: alice.user.id,
      type: 1,
      text: 'Hello from support',
      external_id: 'x-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(NOTICE_MESSAGES.sent);
    const list = await noticesOf(alice);
    expect(list.unread).toBe(before + 1);
    expect(list.data[0]).toMatchObject({
      text: 'Hello from support',
      external_id: 'x-1',
      is_read: false,
      type: 1,
    });
    const [row] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notices.send'), eq(auditLog.target_id, String(res.json().data.id))));
    expect(row?.actor_id).toBe(admin.user.id);
  });

  it('refuses an empty notice, an unknown template or user, and control characters (422/404, nothing written)', async () => {
    const count = async () => (await t.deps.db.select().from(notices)).length;
    const before = await count();
    const empty = await send({ user_id: alice.user.id });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty).text).toEqual([NOTICE_MESSAGES.textOrTemplate]);
    expect((await send({ user_id: alice.user.id, template_id: 2_000_000 })).statusCode).toBe(422);
    expect((await send({ user_id: 2_000_000, text: 'x' })).statusCode).toBe(404);
    expect((await send({ user_id: alice.user.id, text: 'bad\u0000text' })).statusCode).toBe(422);
    expect((await send({ user_id: alice.user.id, text: 'x'.repeat(2001) })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('sends from a template, and pins a notification the customer dismisses', async () => {
    const created = await staff('POST', 'notices/notice-templates', support.auth, {
      name: 'Welcome',
      text: 'Welcome aboard!',
    });
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json().data as NoticeTemplate;
    const res = await send({ user_id: bob.user.id, template_id: template.id, pinned: true }, support.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.text).toBe('Welcome aboard!');
    const pinned = (await own('GET', 'notifications', bob.auth)).json().data;
    expect(pinned.map((row: { body: string }) => row.body)).toEqual(['Welcome aboard!']);
    // Alice can neither see nor dismiss Bob's notification.
    expect((await own('GET', 'notifications', alice.auth)).json().data).toEqual([]);
    expect((await own('PUT', `notifications/deactivate/${pinned[0].id}`, alice.auth)).statusCode).toBe(404);
    expect((await own('PUT', `notifications/deactivate/${pinned[0].id}`, bob.auth)).statusCode).toBe(200);
    expect((await own('GET', 'notifications', bob.auth)).json().data).toEqual([]);
    const [row] = await t.deps.db.select().from(notifications).where(eq(notifications.id, pinned[0].id));
    expect(row?.active).toBe(false);
  });

  it('lists one user’s notices for staff (user details), newest first', async () => {
    const res = await staff('GET', `notices?user_id=${bob.user.id}`, support.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((notice: Notice) => notice.user_id === bob.user.id)).toBe(true);
    expect(res.json().meta.total).toBeGreaterThan(0);
  });

  it('keeps templates for the roles of the page: a marketer and a customer are refused', async () => {
    expect((await staff('GET', 'notices/notice-templates', marketer.auth)).statusCode).toBe(403);
    expect(
      (await staff('POST', 'notices', marketer.auth, { user_id: bob.user.id, text: 'x' })).statusCode,
    ).toBe(403);
    expect((await staff('GET', 'notices/notice-templates', alice.auth)).statusCode).toBe(403);
    expect((await staff('GET', `notices?user_id=${bob.user.id}`, alice.auth)).statusCode).toBe(403);
  });

  it('edits and deletes a template, each audited; a notice sent from it keeps its text', async () => {
    const template = (
      await staff('POST', 'notices/notice-templates', admin.auth, { name: 'Temp', text: 'First' })
    ).json().data as NoticeTemplate;
    const sent = (await send({ user_id: alice.user.id, template_id: template.id })).json().data as Notice;
    const edited = await staff('PUT', `notices/notice-templates/${template.id}`, admin.auth, {
      name: 'Temp',
      text: 'Second',
    });
    expect(edited.json().data.text).toBe('Second');
    expect((await staff('GET', 'notices/notice-templates?limit=0')).json().data).toContainEqual(
      expect.objectContaining({ id: template.id, text: 'Second' }),
    );
    expect((await staff('DELETE', `notices/notice-templates/${template.id}`)).statusCode).toBe(200);
    expect((await staff('DELETE', `notices/notice-templates/${template.id}`)).statusCode).toBe(404);
    const list = await noticesOf(alice, '?limit=100');
    expect(list.data.find((notice: Notice) => notice.id === sent.id).text).toBe('First');
    const actions = (
      await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target_id, String(template.id)))
    )
      .map((row) => row.action)
      .filter((action) => action.startsWith('notice-templates'));
    expect(actions.sort()).toEqual([
      'notice-templates.create',
      'notice-templates.delete',
      'notice-templates.update',
    ]);
  });
});

describe('reading notices', () => {
  it('marks a notice viewed once; another user’s is a 404 and stays unread', async () => {
    const sent = (await send({ user_id: alice.user.id, text: 'Mark me' })).json().data as Notice;
    expect((await own('PUT', `notices/${sent.id}/view`, bob.auth)).statusCode).toBe(404);
    const [untouched] = await t.deps.db.select().from(notices).where(eq(notices.id, sent.id));
    expect(untouched?.viewed_at).toBeNull();
    const before = (await noticesOf(alice)).unread as number;
    const viewed = await own('PUT', `notices/${sent.id}/view`, alice.auth);
    expect(viewed.json().data.is_read).toBe(true);
    expect((await noticesOf(alice)).unread).toBe(before - 1);
    expect((await own('PUT', `notices/${sent.id}/view`, alice.auth)).statusCode).toBe(200);
    expect((await noticesOf(alice)).unread).toBe(before - 1);
    expect((await noticesOf(bob, '?limit=100')).data.some((notice: Notice) => notice.id === sent.id)).toBe(
      false,
    );
    expect((await own('GET', 'notices', {} as Auth)).statusCode).toBe(401);
  });

  it('lists only unread notices with unread=1, paged', async () => {
    const list = await noticesOf(alice, '?unread=1&limit=1');
    expect(list.data.every((notice: Notice) => !notice.is_read)).toBe(true);
    expect(list.meta.total).toBe(list.unread);
    expect(list.data.length).toBe(1);
  });
});

describe('system notices', () => {
  it('a credited top-up writes a notice, shown in the reader’s language', async () => {
    const carol = await makeUser(t.deps.db);
    await makeTopUp(t.deps.db, carol.user.id, '250');
    const list = await noticesOf(carol);
    expect(list.data[0]).toMatchObject({
      type: NOTICE_TYPES.payment,
      text: 'Your top-up of 250.00 USD was credited to your balance.',
    });
    const uk = await own('GET', 'notices', { ...carol.auth, 'accept-language': 'uk-UA' });
    expect(uk.json().data[0].text).toBe('Ваше поповнення на 250.00 USD зараховано на баланс.');
  });

  it('a delivered campaign writes "completed" with its id (the delivery tick)', async () => {
    const dave = await makeUser(t.deps.db);
    await makeApp(t.deps, dave.user.id);
    await makeTopUp(t.deps.db, dave.user.id, '100');
    const ordered = await own('POST', 'campaigns', dave.auth, directInstallsBody());
    expect(ordered.statusCode, ordered.body).toBe(201);
    const campaign = ordered.json().data as Campaign;
    const started = Date.parse(campaign.started_at ?? new Date().toISOString());
    await deliveryTick(t.deps, new Date(started + 4 * DAY_MS));
    const status = (await own('GET', `campaigns/${campaign.id}`, dave.auth)).json().data.status;
    expect(status).toBe('completed');
    const list = await noticesOf(dave);
    expect(list.data[0]).toMatchObject({
      type: NOTICE_TYPES.campaign,
      campaign_id: campaign.id,
      text: `Campaign #${campaign.id} is completed.`,
    });
  });
});

describe('e-mail preferences', () => {
  it('keeps each user’s own choice, refusing unknown types', async () => {
    const bad = await own('PUT', 'notices/email-preferences', alice.auth, { types: [99] });
    expect(bad.statusCode).toBe(422);
    const saved = await own('PUT', 'notices/email-preferences', alice.auth, { types: [2, 2, 1] });
    expect(saved.json().data.types).toEqual([1, 2]);
    expect((await own('GET', 'notices/email-preferences', bob.auth)).json().data.types).toEqual([]);
  });

  it('mails a notice of a chosen type and not one of another type, nor a top-up’s (mailed apart)', async () => {
    const erin = await makeUser(t.deps.db);
    await own('PUT', 'notices/email-preferences', erin.auth, {
      types: [NOTICE_TYPES.payment, NOTICE_TYPES.payout],
    });
    const started = Date.now();
    await send({ user_id: erin.user.id, text: 'Not by mail' });
    await makeTopUp(t.deps.db, erin.user.id, '40');
    await notify(t.deps.db, {
      userId: erin.user.id,
      type: 'payout',
      key: 'payoutCompleted',
      params: { amount: '12.50' },
    });
    const rows = await t.deps.db.select().from(notices).where(eq(notices.user_id, erin.user.id));
    expect(rows.map((row) => [row.type, row.mail_status]).sort()).toEqual([
      [1, 'none'],
      [2, 'none'],
      [5, 'pending'],
    ]);
    await mailPendingNotices(t.deps);
    const mail = await waitForMail(t.config.dataDir, erin.user.email, { after: started - 1000 });
    expect(mail.text).toContain('Your referral payout of 12.50 USD is done');
    expect(mail.text).not.toContain('Not by mail');
    const after = await t.deps.db.select().from(notices).where(eq(notices.user_id, erin.user.id));
    expect(after.map((row) => row.mail_status).sort()).toEqual(['none', 'none', 'sent']);
  });
});

describe('campaign messages', () => {
  let campaign: Campaign;
  beforeAll(async () => {
    await makeApp(t.deps, alice.user.id);
    const ordered = await own('POST', 'campaigns', alice.auth, directInstallsBody({ draft: true }));
    campaign = ordered.json().data;
  });

  it('the customer writes, staff see it unread, answer, and the customer gets a notice', async () => {
    const written = await own('POST', `campaigns/${campaign.id}/messages`, alice.auth, {
      text: 'When will it start?',
    });
    expect(written.statusCode, written.body).toBe(200);
    const unread = (await staff('GET', 'campaign-messages/unread', support.auth)).json().data;
    expect(unread).toContainEqual({ campaign_id: campaign.id, unread: 1 });
    const thread = (await staff('GET', `campaigns/${campaign.id}/messages`, support.auth)).json();
    expect(thread.data[0]).toMatchObject({ from: 'customer', text: 'When will it start?' });
    const afterRead = (await staff('GET', 'campaign-messages/unread', support.auth)).json().data;
    expect(afterRead.some((row: { campaign_id: number }) => row.campaign_id === campaign.id)).toBe(false);

    const answered = await staff('POST', `campaigns/${campaign.id}/messages`, support.auth, {
      text: 'Tomorrow.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const mine = (await own('GET', `campaigns/${campaign.id}/messages`, alice.auth)).json();
    expect(mine.data.map((row: { from: string; text: string }) => [row.from, row.text])).toEqual([
      ['staff', 'Tomorrow.'],
      ['customer', 'When will it start?'],
    ]);
    expect((await noticesOf(alice)).data[0]).toMatchObject({
      type: NOTICE_TYPES.campaign_message,
      campaign_id: campaign.id,
    });
  });

  it('refuses another user’s thread, an empty or too long text, and lower roles on the staff side', async () => {
    expect((await own('GET', `campaigns/${campaign.id}/messages`, bob.auth)).statusCode).toBe(404);
    expect(
      (await own('POST', `campaigns/${campaign.id}/messages`, bob.auth, { text: 'hi' })).statusCode,
    ).toBe(404);
    expect(
      (await own('POST', `campaigns/${campaign.id}/messages`, alice.auth, { text: ' ' })).statusCode,
    ).toBe(422);
    expect(
      (await own('POST', `campaigns/${campaign.id}/messages`, alice.auth, { text: 'x'.repeat(2001) }))
        .statusCode,
    ).toBe(422);
    const ppc = await makeUser(t.deps.db, { roles: ['ppc'] });
    expect((await staff('GET', `campaigns/${campaign.id}/messages`, ppc.auth)).statusCode).toBe(403);
    expect(
      (await staff('POST', `campaigns/${campaign.id}/messages`, alice.auth, { text: 'x' })).statusCode,
    ).toBe(403);
  });
});
