import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type BonusSubmission } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';

let t: TestApp;
let marketer: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  marketer = await makeUser(t.database.db, { roles: ['marketer'] });
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
    expect((await review(video.id, 'approve', marketer.auth, { reward: 120 })).json().data.reward).toBe(
      '120.0000',
    );
    const rejected = await review(maps.id, 'reject', marketer.auth, { note: 'Not online' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', note: 'Not online' });

    const balances = (await t.call('GET', 'users/profile', auth)).json().data.balances;
    expect(balances).toMatchObject({ main: '1800.0000', bonus: '420.0000' });
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
  });
});
