import { centsText, parseMoney, type Locale } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { drainOutbox } from '../../lib/batches.js';
import { renderMail } from '../mail/mail.templates.js';
import { creditedAwaitingMail, markCreditMailed } from './payments.repo.js';

/** An amount as a mail shows it: two decimals ("500.00"). */
const shown = (value: string) => centsText(parseMoney(value));

/**
 * The credited-mail job (`payments.credited-mail`, every minute): mails each top-up credited since (template
 * `payment-credited`, in the payer's language) and marks it mailed. The payment row is the outbox, so crediting
 * writes nothing more for its mail, and whatever credited it (a provider, a statement, staff) is mailed alike.
 * A burst of credits is mailed in one run; a failing one is tried again next minute, the rest go on.
 */
export function mailCreditedPayments(deps: Deps, batch = 100) {
  return drainOutbox(
    (limit) => creditedAwaitingMail(deps.db, limit),
    async (row) => {
      const mail = await renderMail(deps.db, 'payment-credited', row.user.locale as Locale, {
        name: row.user.nickname,
        email: row.user.email,
        link: `${deps.config.publicUrl}/my-transactions`,
        amount: shown(row.payment.amount),
        bonus: shown(row.payment.bonus),
        paysystem: row.paysystem,
      });
      await deps.jobs.send('mail.send', { to: row.user.email, ...mail });
      await markCreditMailed(deps.db, row.payment.id);
    },
    { what: 'payments.credited-mail', contextOf: (row) => ({ paymentId: row.payment.id }), batch },
  );
}
