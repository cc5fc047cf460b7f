import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import type { SandboxEvent } from '../../providers/payments/sandbox/sandbox-provider.js';
import { expireDueBonuses } from './bonus-expiry.js';
import { confirm, redeliver, type SandboxConfirmation } from './sandbox-checkout.js';

/** The billing module's queues and their job data. */
export interface BillingQueues {
  /** A sandbox callback that could not be delivered at once (retried until it is). */
  'payments.sandbox-deliver': { event: SandboxEvent };
  /** The sandbox's next simulated confirmation of a crypto payment. */
  'payments.sandbox-confirm': SandboxConfirmation;
  /** Scheduled hourly: writes off the unspent part of expired bonus money. */
  'billing.expire-bonuses': Record<string, never>;
}

export const billingQueues: QueueDeclarations<Deps, BillingQueues> = {
  'payments.sandbox-deliver': { money: true, handler: (deps) => (data) => redeliver(deps, data.event) },
  'payments.sandbox-confirm': {
    money: true,
    handler: (deps) => (data) => confirm(deps, data),
    options: { pollingIntervalSeconds: 0.5 },
  },
  'billing.expire-bonuses': {
    handler: (deps) => async () => {
      await expireDueBonuses(deps.db);
    },
    schedule: '15 * * * *',
  },
};
