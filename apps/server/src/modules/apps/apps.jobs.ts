import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { queueStatusRefresh, refreshAppCountries } from './apps.status.js';

/** The apps module's queues and their job data. */
export interface AppsQueues {
  /** Scheduled every 6 hours: queues `apps.refresh` batches for every tracked app country. */
  'apps.refresh-all': Record<string, never>;
  /** Reads the store status of these app countries again. */
  'apps.refresh': { appCountryIds: number[] };
}

export const appsQueues: QueueDeclarations<Deps, AppsQueues> = {
  'apps.refresh-all': { handler: (deps) => () => queueStatusRefresh(deps), schedule: '0 */6 * * *' },
  'apps.refresh': { handler: (deps) => (data) => refreshAppCountries(deps, data.appCountryIds) },
};
