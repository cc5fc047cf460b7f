import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { readBalances } from './vendors.balances.js';

/** The vendors module's queues and their job data. */
export interface VendorsQueues {
  /** Scheduled every 15 minutes: reads the balance of every active panel vendor. */
  'vendors.balances': Record<string, never>;
}

export const vendorsQueues: QueueDeclarations<Deps, VendorsQueues> = {
  'vendors.balances': { handler: (deps) => () => readBalances(deps), schedule: '*/15 * * * *' },
};
