import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import type { SandboxEvent } from '../../providers/payments/sandbox/sandbox-provider.js';
import { expireDueBonuses } from './bonus-expiry.js';
import { sendPaymentCreditedMail } from './payment-mail.js';
import type { PaymentRef } from './payments.repo.js';
import { confirm, redeliver, type SandboxConfirmation } from './sandbox-checkout.js';
import { expireTransferPayments } from './transfer-payments.js';

/** The billing module's queues and their job data. */
export interface BillingQueues {
  /** A sandbox callback that could not be delivered at once (retried until it is). */
  'payments.sandbox-deliver': { event: SandboxEvent };
  /** The sandbox's next simulated confirmation of a crypto payment. */
  'payments.sandbox-confirm': SandboxConfirmation;
  /** The mail of a credited top-up, queued once its crediting committed. */
  'payments.credited-mail': { payment: PaymentRef };
  /** Scheduled hourly: writes off the unspent part of expired bonus money. */
  'billing.expire-bonuses': Record<string, never>;
  /** Scheduled hourly: cancels the transfer payments whose money did not arrive in time. */
  'billing.expire-transfers': Record<string, never>;
}

export const billingQueues: QueueDeclarations<Deps, BillingQueues> = {
  'payments.sandbox-deliver': { money: true, handler: (deps) => (data) => redeliver(deps, data.event) },
  'payments.sandbox-confirm': {
    money: true,
    handler: (deps) => (data) => confirm(deps, data),
    options: { pollingIntervalSeconds: 0.5 },
  },
  'payments.credited-mail': { handler: (deps) => (data) => sendPaymentCreditedMail(deps, data.payment) },
  'billing.expire-bonuses': {
    handler: (deps) => async () => {
      await expireDueBonuses(deps.db);
    },
    schedule: '15 * * * *',
  },
  'billing.expire-transfers': {
    handler: (deps) => async () => {
      await expireTransferPayments(deps.db);
    },
    schedule: '25 * * * *',
  },
};
