import { centsText, parseMoney, type Locale } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { renderMail } from '../mail/mail.templates.js';
import { findPaymentForMail, type PaymentRef } from './payments.repo.js';

/** An amount as a mail shows it: two decimals ("500.00"). */
const shown = (value: string) => centsText(parseMoney(value));

/**
 * Queues the mail that a top-up was credited (`payments.credited-mail`, sent by the job below). Called once the
 * crediting transaction has committed, by the one caller that credited it; a mail that cannot be queued is
 * logged and never undoes the crediting. Rendering waits for the job: a notification's answer does not.
 */
export async function mailPaymentCredited(deps: Deps, ref: PaymentRef) {
  try {
    await deps.jobs.send('payments.credited-mail', { payment: ref });
  } catch (error) {
    console.error('[mail] payment credited', error);
  }
}

/** Mails the customer that a top-up was credited (template `payment-credited`, in their language). */
export async function sendPaymentCreditedMail(deps: Deps, ref: PaymentRef) {
  const row = await findPaymentForMail(deps.db, ref);
  if (!row || row.payment.status !== 'credited') return;
  const mail = await renderMail(deps.db, 'payment-credited', row.user.locale as Locale, {
    name: row.user.nickname,
    email: row.user.email,
    link: `${deps.config.publicUrl}/my-transactions`,
    amount: shown(row.payment.amount),
    bonus: shown(row.payment.bonus),
    paysystem: row.paysystem,
  });
  await deps.jobs.send('mail.send', { to: row.user.email, ...mail });
}
