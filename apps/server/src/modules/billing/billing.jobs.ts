import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import type { SandboxEvent } from '../../providers/payments/sandbox/sandbox-provider.js';
import { expireDueBonuses } from './bonus-expiry.js';
import { mailCreditedPayments } from './payment-mail.js';
import { confirm, redeliver, type SandboxConfirmation } from './sandbox-checkout.js';
import { expireTransferPayments } from './transfer-payments.js';

/** The billing module's queues and their job data. */
export interface BillingQueues {
  /** A sandbox callback that could not be delivered at once (retried until it is). */
  'payments.sandbox-deliver': { event: SandboxEvent };
  /** The sandbox's next simulated confirmation of a crypto payment. */
  'payments.sandbox-confirm': SandboxConfirmation;
  /** Scheduled every minute: mails the payers of the top-ups credited since (the payments are its outbox). */
  'payments.credited-mail': Record<string, never>;
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
  'payments.credited-mail': {
    handler: (deps) => async () => {
      await mailCreditedPayments(deps);
    },
    schedule: '* * * * *',
  },
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
