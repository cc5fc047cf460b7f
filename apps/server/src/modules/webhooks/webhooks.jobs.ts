import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { deliverDue } from './webhooks.delivery.js';

/** The webhooks module's queues and their job data. */
export interface WebhooksQueues {
  /** Scheduled every minute and queued after a redelivery: sends the webhook deliveries that are due. */
  'webhooks.deliver': Record<string, never>;
}

export const webhooksQueues: QueueDeclarations<Deps, WebhooksQueues> = {
  'webhooks.deliver': { handler: (deps) => () => deliverDue(deps), schedule: '* * * * *' },
};
