import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { mailPendingNotices } from './notices.service.js';

/** The notices module's queues and their job data. */
export interface NoticesQueues {
  /** Scheduled every minute: mails the notices their readers chose to receive by e-mail. */
  'notices.mail': Record<string, never>;
}

export const noticesQueues: QueueDeclarations<Deps, NoticesQueues> = {
  'notices.mail': {
    handler: (deps) => async () => {
      await mailPendingNotices(deps);
    },
    schedule: '* * * * *',
  },
};
