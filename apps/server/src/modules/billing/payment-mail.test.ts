import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_SYSTEMS } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { waitForMail } from '../../../test/outbox.js';
import { payments } from '../../db/schema/index.js';
import { mailCreditedPayments } from './payment-mail.js';
import { creditLocked } from './payment-events.js';
import { insertPayment } from './payments.repo.js';

/* The credited payments are the credited-mail job's outbox: each top-up is mailed once, in its payer's language. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mailedAt = async (id: number) =>
  (await t.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!.credited_mail_at;

describe('the credited mail', () => {
  it('mails each credited top-up once, in the payer’s language, and never a staff bonus', async () => {
    const payer = await makeUser(t.deps.db, { locale: 'es-ES' });
    const started = Date.now();
    const topUp = await makeTopUp(t.deps.db, payer.user.id, '40', { bonus: '4' });
    expect(await mailedAt(topUp.id)).toBeNull();

    expect(await mailCreditedPayments(t.deps)).toBeGreaterThanOrEqual(1);
    const mail = await waitForMail(t.config.dataDir, payer.user.email, { after: started - 1000 });
    expect(mail.subject).toBe('Tu pago de 40.00 se ha acreditado');
    expect(mail.text).toContain('Bono de pago: 4.00');
    expect(await mailedAt(topUp.id)).not.toBeNull();
    // Marked: the next run has nothing to send.
    expect(await mailCreditedPayments(t.deps)).toBe(0);

    // A staff bonus payment goes to the bonus balance with its own notice: no top-up mail.
    const bonus = await t.deps.db.transaction(async (tx) =>
      creditLocked(
        tx,
        await insertPayment(tx, {
          user_id: payer.user.id,
          paysystem_id: PAYMENT_SYSTEMS.card,
          type: 'bonus',
          amount: '5.0000',
          total: '5.0000',
          status: 'received',
          provider: 'manual',
        }),
      ),
    );
    expect(bonus.status).toBe('credited');
    expect(await mailCreditedPayments(t.deps)).toBe(0);
    expect(await mailedAt(bonus.id)).toBeNull();
  });

  it('mails a burst of credits in one run, batch after batch', async () => {
    const payer = await makeUser(t.deps.db);
    for (let i = 0; i < 5; i += 1) await makeTopUp(t.deps.db, payer.user.id, '10');
    expect(await mailCreditedPayments(t.deps, 2)).toBe(5);
    expect(await mailCreditedPayments(t.deps, 2)).toBe(0);
  });
});
