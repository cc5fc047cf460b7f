import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { refillApiCredits, resetFreeCredits } from './api-credits.service.js';

/** The API credits module's queues and their job data. */
export interface ApiCreditsQueues {
  /** Scheduled on the first of the month: the free API credits start again. */
  'api-credits.monthly': Record<string, never>;
  /** A public API call left the user's credits low: auto-refresh buys a pack if it is on. */
  'api-credits.refill': { userId: number };
}

export const apiCreditsQueues: QueueDeclarations<Deps, ApiCreditsQueues> = {
  'api-credits.monthly': { handler: (deps) => () => resetFreeCredits(deps.db), schedule: '0 0 1 * *' },
  'api-credits.refill': {
    money: true,
    handler: (deps) => async (data) => {
      await refillApiCredits(deps.db, data.userId);
    },
  },
};
