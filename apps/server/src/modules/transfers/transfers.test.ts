import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, TRANSFER_MESSAGES } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { PASSWORD, makeTopUp, makeUser } from '../../../test/factories.js';
import { waitForMail } from '../../../test/outbox.js';
import { auditLog, billingProfiles, notices, transactions, transfers } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { createSession } from '../sessions/sessions.repo.js';
import { balancesOf } from '../ledger/ledger.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  // With the job workers: the transfer mails go through the mail job to the outbox.
  t = await buildTestApp();
  admin = await makeUser(t.database.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Made = Awaited<ReturnType<typeof makeUser>>;
const db = () => t.database.db;
const customer = (fullName = 'John Smith') => makeUser(db(), { full_name: fullName });
const send = (from: Made, body: Record<string, unknown>) =>
  t.call('POST', 'transfers', from.auth, { password: PASSWORD, ...body });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, who: Made = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers: who.auth, ...(payload && { payload }) });
const main = async (userId: number) => (await balancesOf(db(), userId)).main;
const transferRows = (userId: number) => db().select().from(transfers).where(eq(transfers.sender_id, userId));

describe('receiver look-up', () => {
  it('shows the masked name, and one answer for unknown, deactivated, unverified, staff and deleted e-mails', async () => {
    const sender = await customer();
    const receiver = await customer('Jane van Dyke');
    const ok = await t.call('POST', 'transfers/receiver', sender.auth, {
      email: receiver.user.email.toUpperCase(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { name: 'J*** V*** D***' } });

    const inactive = await makeUser(db(), { is_active: false });
    const unverified = await makeUser(db(), { email_verified_at: null });
    const deleted = await makeUser(db(), { deleted_at: new Date() });
    const answers = [];
    for (const email of [
      'nobody@example.com',
      inactive.user.email,
      unverified.user.email,
      deleted.user.email,
      admin.user.email,
    ]) {
      const res = await t.call('POST', 'transfers/receiver', sender.auth, { email });
      answers.push([res.statusCode, res.json()]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]![0]).toBe(422);
    expect(answers[0]![1]).toMatchObject({ errors: { email: [TRANSFER_MESSAGES.receiverUnavailable] } });

    const self = await t.call('POST', 'transfers/receiver', sender.auth, { email: sender.user.email });
    expect(errorsOf(self)).toEqual({ email: [TRANSFER_MESSAGES.selfTransfer] });
    const bad = await t.call('POST', 'transfers/receiver', sender.auth, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(422);
  });

  it('is rate limited per account', async () => {
    const sender = await customer();
    const codes = [];
    for (let i = 0; i < 11; i += 1) {
      codes.push(
        (await t.call('POST', 'transfers/receiver', sender.auth, { email: `x${i}@example.com` })).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((code) => code === 422)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another account is counted apart.
    const other = await customer();
    expect(
      (await t.call('POST', 'transfers/receiver', other.auth, { email: 'x@example.com' })).statusCode,
    ).toBe(422);
  });

  it('staff signed in as the user see the transfers but neither look up nor send', async () => {
    const owner = await customer();
    const token = await createSession(db(), owner.user.id, {
      impersonatorId: admin.user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.call('GET', 'transfers', auth)).statusCode).toBe(200);
    expect((await t.call('POST', 'transfers/receiver', auth, { email: 'a@example.com' })).statusCode).toBe(
      403,
    );
    const sent = await t.call('POST', 'transfers', auth, {
      email: 'a@example.com',
      amount: '1',
      password: PASSWORD,
    });
    expect(sent.statusCode).toBe(403);
  });

  it('needs a signed-in account', async () => {
    expect((await t.call('POST', 'transfers/receiver', {}, { email: 'a@example.com' })).statusCode).toBe(401);
  });
});

describe('transfer', () => {
  it('moves main money in one ledger entry, notices both, counts no payment, and lists on both sides', async () => {
    const sender = await customer('Anna Lee');
    const receiver = await customer('Bob Stone');
    await makeTopUp(db(), sender.user.id, '100', { bonus: '20' });
    const res = await send(sender, { email: receiver.user.email, amount: '30.25', description: 'For March' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(TRANSFER_MESSAGES.sent);
    expect(body.balances).toMatchObject({ main: '69.7500', bonus: '20.0000' });
    expect(body.data).toMatchObject({
      direction: 'sent',
      amount: '30.2500',
      status: 'completed',
      paysystem_id: 34,
      description: 'For March',
      counterparty: { name: 'B*** S***', email: receiver.user.email },
    });
    expect(await main(receiver.user.id)).toBe('30.2500');

    const rows = await db()
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.reference_type, 'transfer'), eq(transactions.reference_id, String(body.data.id))),
      );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.entry_id)).size).toBe(1);
    expect(
      rows.every(
        (row) => row.type === 'transfer' && row.account === 'main' && row.reference_type === 'transfer',
      ),
    ).toBe(true);
    expect(rows.map((row) => row.description).sort()).toEqual([
      `Transfer #${body.data.id} from A*** L***`,
      `Transfer #${body.data.id} to B*** S***`,
    ]);
    // Not a payment: the receiver's payments total and plan stay.
    const [profile] = await db()
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, receiver.user.id));
    expect(profile!.total_payments).toBe('0.0000');
    const total = await t.call('GET', 'payments/total', receiver.auth);
    expect(total.json().data.count).toBe(0);

    const received = await db().select().from(notices).where(eq(notices.user_id, receiver.user.id));
    // In the bell, and mailed apart (template transfer), whatever the e-mail choices.
    expect(received).toMatchObject([{ key: 'transferReceived', mail_status: 'none' }]);
    const mail = await waitForMail(t.config.dataDir, receiver.user.email);
    expect(mail.subject).toBe('A transfer between Storelift accounts');
    expect(mail.text).toContain(`You received 30.25 USD from A*** L*** (transfer #${body.data.id}).`);
    expect(mail.text).toContain('/transfers');
    expect((await waitForMail(t.config.dataDir, sender.user.email)).text).toContain(
      'You sent 30.25 USD to B*** S***',
    );
    const sentNotice = await db().select().from(notices).where(eq(notices.user_id, sender.user.id));
    expect(sentNotice.map((notice) => notice.key)).toContain('transferSent');

    const list = await t.call('GET', 'transfers', receiver.auth);
    expect(list.json().data).toMatchObject([
      { direction: 'received', amount: '30.2500', counterparty: { name: 'A*** L***' } },
    ]);
    expect(list.json().data[0].counterparty.email).toMatch(/^us\*\*\*@example\.com$/);
    expect(list.json().limits).toEqual({
      max_amount: '5000.0000',
      daily_limit: '10000.0000',
      left_today: '10000.0000',
    });
    expect((await t.call('GET', 'transfers', sender.auth)).json().limits.left_today).toBe('9969.7500');
  });

  it('refuses a wrong password, a missing or wrong 2FA code, self-transfers and bonus money, writing nothing', async () => {
    const sender = await customer();
    const receiver = await customer();
    await makeTopUp(db(), sender.user.id, '50', { bonus: '100' });
    const wrong = await send(sender, { email: receiver.user.email, amount: '10', password: 'Wrong123!' });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual({ password: [TRANSFER_MESSAGES.passwordWrong] });
    const self = await send(sender, { email: sender.user.email, amount: '10' });
    expect(errorsOf(self)).toEqual({ email: [TRANSFER_MESSAGES.selfTransfer] });
    // Only the main balance pays: 50 main and 100 bonus cannot send 60.
    const short = await send(sender, { email: receiver.user.email, amount: '60' });
    expect(errorsOf(short)).toEqual({ balance: [MESSAGES.insufficientBalance] });
    for (const amount of ['0', '-5', '1.005', 'abc']) {
      expect((await send(sender, { email: receiver.user.email, amount })).statusCode).toBe(422);
    }

    const setup = await t.call('POST', 'users/profile/two-factor/setup', sender.auth);
    const { secret } = setup.json();
    const codeAt = (steps: number) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + steps * 30_000,
      });
    expect(
      (await t.call('POST', 'users/profile/two-factor/enable', sender.auth, { code: codeAt(-1) })).statusCode,
    ).toBe(200);
    const noCode = await send(sender, { email: receiver.user.email, amount: '10' });
    expect(errorsOf(noCode)).toEqual({ code: [MESSAGES.twoFactorRequired] });
    const badCode = await send(sender, {
      email: receiver.user.email,
      amount: '10',
      code: '000000' === codeAt(0) ? '111111' : '000000',
    });
    expect(errorsOf(badCode)).toEqual({ code: [MESSAGES.twoFactorInvalid] });

    expect(await transferRows(sender.user.id)).toEqual([]);
    expect(await main(sender.user.id)).toBe('50.0000');
    expect(await main(receiver.user.id)).toBe('0.0000');

    // One code for both: computed again, it would be the next step's on a machine slow enough to cross 30 s.
    const code = codeAt(0);
    const withCode = await send(sender, { email: receiver.user.email, amount: '10', code });
    expect(withCode.statusCode, withCode.body).toBe(201);
    // The same code again is spent.
    const replay = await send(sender, { email: receiver.user.email, amount: '10', code });
    expect(errorsOf(replay)).toEqual({ code: [MESSAGES.twoFactorInvalid] });
  });

  it('keeps to the limits per transfer and per day from the core settings', async () => {
    const sender = await customer();
    const receiver = await customer();
    await makeTopUp(db(), sender.user.id, '500');
    const saved = await staff('PUT', 'transfer-settings', admin, { max_amount: '100', daily_limit: '150' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ max_amount: '100.0000', daily_limit: '150.0000' });
    try {
      const above = await send(sender, { email: receiver.user.email, amount: '100.01' });
      expect(errorsOf(above)).toEqual({ amount: ['At most 100.00 USD per transfer'] });
      expect(above.json().error_codes.amount[0]).toEqual({
        code: 'transfers.aboveMax',
        params: { max: '100.00' },
      });
      expect((await send(sender, { email: receiver.user.email, amount: '100' })).statusCode).toBe(201);
      const daily = await send(sender, { email: receiver.user.email, amount: '50.01' });
      expect(errorsOf(daily)).toEqual({ amount: ['Your daily transfer limit leaves 50.00 USD for today'] });
      expect((await send(sender, { email: receiver.user.email, amount: '50' })).statusCode).toBe(201);
      expect(await main(sender.user.id)).toBe('350.0000');
    } finally {
      await staff('PUT', 'transfer-settings', admin, { max_amount: '5000', daily_limit: '10000' });
    }
  });

  it('validates the limits setting and lets only admins change it, audited', async () => {
    const bad = await staff('PUT', 'transfer-settings', admin, { max_amount: '100', daily_limit: '50' });
    expect(errorsOf(bad)).toEqual({ daily_limit: [TRANSFER_MESSAGES.dailyBelowMax] });
    const manager = await makeUser(db(), { roles: ['manager'] });
    expect(
      (await staff('PUT', 'transfer-settings', manager, { max_amount: '1', daily_limit: '1' })).statusCode,
    ).toBe(403);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'settings.transfers'));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('20 concurrent transfers never overdraw and never lose a cent', async () => {
    const sender = await customer();
    const receivers = [await customer(), await customer(), await customer()];
    await makeTopUp(db(), sender.user.id, '100');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(sender, { email: receivers[i % 3]!.user.email, amount: '7.33' }),
      ),
    );
    const ok = results.filter((res) => res.statusCode === 201).length;
    expect(ok).toBe(13); // 13 × 7.33 = 95.29; a 14th would need 102.62
    expect(results.filter((res) => res.statusCode === 422).every((res) => errorsOf(res).balance)).toBe(true);
    expect(results.every((res) => [201, 422].includes(res.statusCode))).toBe(true);
    expect(await main(sender.user.id)).toBe('4.7100');
    const received = await Promise.all(receivers.map((r) => main(r.user.id)));
    const cents = received.reduce((sum, value) => sum + Math.round(Number(value) * 10000), 0);
    expect(cents).toBe(13 * 73300);
    expect((await transferRows(sender.user.id)).length).toBe(13);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
  it('crossing transfers (A to B and B to A at once) never deadlock, and the daily limit holds under concurrency', async () => {
    const a = await customer();
    const b = await customer();
    await makeTopUp(db(), a.user.id, '50');
    await makeTopUp(db(), b.user.id, '50');
    const crossing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? send(a, { email: b.user.email, amount: '5' }) : send(b, { email: a.user.email, amount: '5' }),
      ),
    );
    expect(crossing.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    expect([await main(a.user.id), await main(b.user.id)]).toEqual(['50.0000', '50.0000']);

    await staff('PUT', 'transfer-settings', admin, { max_amount: '10', daily_limit: '30' });
    try {
      const racing = await Promise.all(
        Array.from({ length: 8 }, () => send(a, { email: b.user.email, amount: '10' })),
      );
      // a sent 25 today already: 5 are left, so none of the 10s fits.
      expect(racing.every((res) => res.statusCode === 422 && errorsOf(res).amount)).toBe(true);
      const c = await customer();
      await makeTopUp(db(), c.user.id, '100');
      const fresh = await Promise.all(
        Array.from({ length: 8 }, () => send(c, { email: b.user.email, amount: '10' })),
      );
      expect(fresh.filter((res) => res.statusCode === 201)).toHaveLength(3);
      expect(await main(c.user.id)).toBe('70.0000');
    } finally {
      await staff('PUT', 'transfer-settings', admin, { max_amount: '5000', daily_limit: '10000' });
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('the switch (payment system 34)', () => {
  const switchTo = async (isActive: boolean) => {
    const res = await staff('PUT', 'paysystems/change-is-active-paysystem', admin, {
      id: 34,
      is_active: isActive,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('switched off, refuses look-ups and transfers (409, nothing written) and the page is told; on again, they work', async () => {
    const [sender, receiver] = [await customer(), await customer('Ann Lee')];
    await makeTopUp(db(), sender.user.id, '50');
    expect((await t.call('GET', 'transfers', sender.auth)).json().enabled).toBe(true);
    await switchTo(false);
    try {
      expect((await t.call('GET', 'transfers', sender.auth)).json().enabled).toBe(false);
      const lookUp = await t.call('POST', 'transfers/receiver', sender.auth, { email: receiver.user.email });
      expect(lookUp.statusCode).toBe(409);
      expect(lookUp.json().message).toBe(TRANSFER_MESSAGES.switchedOff);
      const sent = await send(sender, { email: receiver.user.email, amount: '10' });
      expect(sent.statusCode).toBe(409);
      expect(await transferRows(sender.user.id)).toHaveLength(0);
      expect(await main(sender.user.id)).toBe('50.0000');
    } finally {
      await switchTo(true);
    }
    expect((await send(sender, { email: receiver.user.email, amount: '10' })).statusCode).toBe(201);
  });

  it('is never offered at the top-up, and staff see it served by the Transfers page', async () => {
    const who = await customer();
    const offered = (await t.call('GET', 'paysystems', who.auth)).json().data as { id: number }[];
    expect(offered.map((system) => system.id)).not.toContain(34);
    expect((await t.call('POST', 'checkout', who.auth, { amount: 20, paysystem_id: 34 })).statusCode).toBe(
      422,
    );
    const listed = (await staff('GET', 'paysystems')).json().data as {
      id: number;
      provider_status: unknown;
    }[];
    expect(listed.find((system) => system.id === 34)!.provider_status).toEqual({
      hosted: null,
      configured: true,
      mode: 'live',
    });
  });
});

describe('staff', () => {
  it('list transfers on user payments and reverse one once while the receiver covers it, audited', async () => {
    const sender = await customer();
    const receiver = await customer();
    await makeTopUp(db(), sender.user.id, '80');
    const id = (await send(sender, { email: receiver.user.email, amount: '40' })).json().data.id as number;
    const second = (await send(sender, { email: receiver.user.email, amount: '20' })).json().data
      .id as number;

    const list = await staff(
      'GET',
      `transfers?user_id=${receiver.user.id}`,
      await makeUser(db(), { roles: ['support'] }),
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([second, id]);
    expect(list.json().data[0]).toMatchObject({
      sender: { id: sender.user.id },
      receiver: { id: receiver.user.id },
      status: 'completed',
    });

    // Support sees, only admin reverses; customers reach no staff call.
    const support = await makeUser(db(), { roles: ['support'] });
    expect((await staff('POST', `transfers/${id}/reverse`, support, {})).statusCode).toBe(403);
    expect((await staff('GET', 'transfers', sender)).statusCode).toBe(403);

    // The receiver spends 30 of the 60: reversing 40 is refused, 20 passes.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/payments/change-user-balance',
      headers: admin.auth,
      payload: { id: receiver.user.id, amount: '-30', account_id: 1 },
    });
    const low = await staff('POST', `transfers/${id}/reverse`, admin, { reason: 'Sent by mistake' });
    expect(errorsOf(low)).toEqual({ amount: [TRANSFER_MESSAGES.receiverBalanceLow] });
    const done = await staff('POST', `transfers/${second}/reverse`, admin, { reason: 'Sent by mistake' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'reversed',
      reverse_reason: 'Sent by mistake',
      reversed_by: { id: admin.user.id },
    });
    expect(await main(receiver.user.id)).toBe('10.0000');
    expect(await main(sender.user.id)).toBe('40.0000');
    expect((await staff('POST', `transfers/${second}/reverse`, admin, {})).statusCode).toBe(409);
    expect((await staff('POST', 'transfers/999999/reverse', admin, {})).statusCode).toBe(404);

    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transfers.reverse'), eq(auditLog.target_id, String(second))));
    expect(audited).toHaveLength(1);
    const keys = (await db().select().from(notices).where(eq(notices.user_id, receiver.user.id))).map(
      (n) => n.key,
    );
    expect(keys).toContain('transferReversedReceiver');
    // The reversal still counts against the day's limit: what was sent, was sent.
    expect((await t.call('GET', 'transfers', sender.auth)).json().limits.left_today).toBe('9940.0000');
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('nobody reverses a transfer of their own account', async () => {
    const receiver = await customer();
    await makeTopUp(db(), admin.user.id, '10');
    const own = await send(admin, { email: receiver.user.email, amount: '5' });
    expect(own.statusCode, own.body).toBe(201);
    expect((await staff('POST', `transfers/${own.json().data.id}/reverse`, admin, {})).statusCode).toBe(403);
  });
});
