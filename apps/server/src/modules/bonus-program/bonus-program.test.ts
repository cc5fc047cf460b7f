import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, USER_MESSAGES, parseMoney, type BonusSubmission } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { transactions } from '../../db/schema/index.js';
import { charge } from '../ledger/ledger.js';

let t: TestApp;
let marketer: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  marketer = await makeUser(t.database.db, { roles: ['marketer'] });
  admin = await makeUser(t.database.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const review = (
  id: number,
  action: 'approve' | 'reject',
  headers: Headers = marketer.auth,
  payload?: object,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/v1/bonus-program/submissions/${id}/${action}`,
    headers,
    ...(payload && { payload }),
  });
const submit = (auth: Headers, type: string, link = `https://example.com/${type}`) =>
  t.call('POST', 'users/bonus-program', auth, { type, link });

describe('bonus program', () => {
  it('shows the rules of §9 and takes one submission per type', async () => {
    const { auth } = await makeUser(t.database.db);
    const program = (await t.call('GET', 'users/bonus-program', auth)).json();
    expect(
      program.rules.map((rule: { type: string; reward: string | null; percent: string | null }) => [
        rule.type,
        rule.reward,
        rule.percent,
      ]),
    ).toEqual([
      ['success_story', null, '20.0000'],
      ['video', '100.0000', null],
      ['forum_post', '30.0000', null],
      ['google_maps_review', '10.0000', null],
      ['trustpilot_review', '20.0000', null],
    ]);
    const sent = await submit(auth, 'trustpilot_review');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: MESSAGES.formSent,
      data: { status: 'pending', reward: null },
    });
    const again = await submit(auth, 'trustpilot_review');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.type).toEqual([MESSAGES.bonusAlreadySubmitted]);
    expect((await submit(auth, 'forum_post', 'http://example.com')).json().errors.link).toEqual([
      MESSAGES.bonusLinkInvalid,
    ]);
    expect((await submit(auth, 'video')).json().errors.type).toEqual([MESSAGES.bonusVideoSpend]);
    expect((await submit(auth, 'success_story')).json().errors.type).toEqual([MESSAGES.bonusStoryNoPayment]);
    expect((await submit(auth, 'tiktok')).statusCode).toBe(422);
    const mine = (await t.call('GET', 'users/bonus-program', auth)).json();
    expect(mine.data).toHaveLength(1);
    expect(
      mine.rules.find((rule: { type: string }) => rule.type === 'trustpilot_review').submission.status,
    ).toBe('pending');
  });

  it('credits the reward to the bonus balance when staff approve; a rejected type may be sent again', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '300');
    await makeTopUp(t.deps.db, user.id, '1500');
    // A video needs 100 spent on orders, not paid in.
    expect((await submit(auth, 'video')).json().errors.type).toEqual([MESSAGES.bonusVideoSpend]);
    await t.deps.db.transaction((tx) =>
      charge(tx, user.id, parseMoney('100'), {
        type: 'campaign_charge',
        reference: { type: 'campaign', id: 1 },
      }),
    );
    const story = (await submit(auth, 'success_story')).json().data as BonusSubmission;
    const video = (await submit(auth, 'video')).json().data as BonusSubmission;
    const maps = (await submit(auth, 'google_maps_review')).json().data as BonusSubmission;

    const customer = await makeUser(t.database.db);
    const ppc = await makeUser(t.database.db, { roles: ['ppc'] });
    expect((await review(story.id, 'approve', customer.auth)).statusCode).toBe(403);
    expect((await review(story.id, 'approve', ppc.auth)).statusCode).toBe(403);

    const approved = await review(story.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      reward: '300.0000',
      user: { id: user.id },
    });
    expect((await review(story.id, 'approve')).statusCode).toBe(409);
    expect((await review(video.id, 'approve', admin.auth, { reward: 120 })).json().data.reward).toBe(
      '120.0000',
    );
    const rejected = await review(maps.id, 'reject', marketer.auth, { note: 'Not online' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', note: 'Not online' });

    const balances = (await t.call('GET', 'users/profile', auth)).json().data.balances;
    expect(balances).toMatchObject({ main: '1700.0000', bonus: '420.0000' });
    const rows = (await t.call('GET', 'transactions?type=bonus_program_reward', auth)).json().data;
    expect(rows.map((row: { amount: string }) => row.amount)).toEqual(['120.0000', '300.0000']);

    const resent = await submit(auth, 'google_maps_review', 'https://maps.example.com/review/2');
    expect(resent.statusCode).toBe(201);
    expect(resent.json().data).toMatchObject({ id: maps.id, status: 'pending', note: null });

    const list = await t.app.inject({
      url: '/api/admin/v1/bonus-program/submissions?status=pending',
      headers: marketer.auth,
    });
    expect(list.json().data.map((row: BonusSubmission) => row.id)).toContain(maps.id);
    // The staff page's filters: type and the customer's e-mail, counted on the server.
    const filtered = await t.app.inject({
      url: `/api/admin/v1/bonus-program/submissions?type=google_maps_review&search=${encodeURIComponent(user.email)}`,
      headers: marketer.auth,
    });
    expect(filtered.json().data.map((row: BonusSubmission) => row.id)).toEqual([maps.id]);
    expect(filtered.json().meta.total).toBe(1);
  });
});

describe('bonus program approvals (no free money)', () => {
  const rewardRows = (submissionId: number) =>
    t.deps.db
      .select({ amount: transactions.amount })
      .from(transactions)
      .where(
        and(
          eq(transactions.type, 'bonus_program_reward'),
          eq(transactions.reference_type, 'bonus_submission'),
          eq(transactions.reference_id, String(submissionId)),
        ),
      );
  const bonusOf = async (auth: Headers) =>
    (await t.call('GET', 'users/profile', auth)).json().data.balances.bonus as string;

  it('lets nobody approve or reject their own submission', async () => {
    const support = await makeUser(t.database.db, { roles: ['support', 'user'] });
    const boss = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const own = (await submit(support.auth, 'forum_post')).json().data as BonusSubmission;
    const bossOwn = (await submit(boss.auth, 'trustpilot_review')).json().data as BonusSubmission;
    for (const [id, headers] of [
      [own.id, support.auth],
      [bossOwn.id, boss.auth],
    ] as const) {
      for (const action of ['approve', 'reject'] as const) {
        const res = await review(id, action, headers);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(MESSAGES.bonusOwnSubmission);
      }
    }
    expect((await review(own.id, 'approve', support.auth, { reward: 50_000 })).statusCode).toBe(403);
    expect(await bonusOf(support.auth)).toBe('0.0000');
    expect(await rewardRows(own.id)).toEqual([]);
    // Nor another reviewer: staff accounts never receive marketing bonuses.
    const other = await review(own.id, 'approve', marketer.auth);
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json().message).toBe(USER_MESSAGES.staffAccountMoney);
    expect(await bonusOf(support.auth)).toBe('0.0000');
  });

  it('takes the reward from the rule table; only an admin overrides it, within twice the rule', async () => {
    const { auth } = await makeUser(t.database.db);
    const forum = (await submit(auth, 'forum_post')).json().data as BonusSubmission;
    const maps = (await submit(auth, 'google_maps_review')).json().data as BonusSubmission;
    const support = await makeUser(t.database.db, { roles: ['support'] });
    const manager = await makeUser(t.database.db, { roles: ['manager'] });
    for (const headers of [support.auth, manager.auth, marketer.auth]) {
      const res = await review(forum.id, 'approve', headers, { reward: 50_000 });
      expect(res.statusCode, res.body).toBe(403);
      expect((await review(forum.id, 'approve', headers, { reward: 30 })).statusCode).toBe(403);
    }
    const tooMuch = await review(forum.id, 'approve', admin.auth, { reward: 50_000 });
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().errors.reward).toEqual([MESSAGES.bonusRewardAboveCap]);
    expect((await review(forum.id, 'approve', admin.auth, { reward: '60.01' })).statusCode).toBe(422);
    expect(await bonusOf(auth)).toBe('0.0000');
    const capped = await review(forum.id, 'approve', admin.auth, { reward: '60.00' });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json().data.reward).toBe('60.0000');
    expect((await review(maps.id, 'approve', support.auth)).json().data.reward).toBe('10.0000');
    expect(await bonusOf(auth)).toBe('70.0000');
  });

  it('rewards a success story with 20 % of the largest charged campaign (refunded ones do not count)', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '900');
    await makeApp(t.deps, user.id);
    const order = async (body: object) => {
      const res = await t.call('POST', 'campaigns', auth, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; price: string };
    };
    // Base plan: 2,000 installs at 0.12 = 240 (kept); 3,000 = 360, canceled before delivery (refunded).
    expect((await order(directInstallsBody({ installs: 200, days: 10 }))).price).toBe('240.0000');
    const big = await order(directInstallsBody({ installs: 300, days: 10 }));
    expect((await t.call('GET', `campaigns/${big.id}/cancel`, auth)).statusCode).toBe(200);
    const story = (await submit(auth, 'success_story')).json().data as BonusSubmission;
    const approved = await review(story.id, 'approve', marketer.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.reward).toBe('48.0000');
  });

  it('approves a submission once, however many approvals race', async () => {
    const { auth } = await makeUser(t.database.db);
    const post = (await submit(auth, 'forum_post')).json().data as BonusSubmission;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => review(post.id, 'approve', i % 2 ? admin.auth : marketer.auth)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await rewardRows(post.id)).toEqual([{ amount: '30.0000' }]);
    expect(await bonusOf(auth)).toBe('30.0000');
    expect((await review(post.id, 'reject', admin.auth)).statusCode).toBe(409);
  });
});
