import type { RankSource } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import type { QueueDeclarations } from '../../jobs/queues.js';
import { checkRanks, queueDailyRanks } from './ranks.js';

/** The keywords module's queues and their job data. */
export interface KeywordsQueues {
  /** Scheduled daily after midnight: queues `keywords.check-ranks` batches for keywords not checked today. */
  'keywords.daily': Record<string, never>;
  /** Checks and samples the ranks of these keywords; `runId` counts them into an update-all run. */
  'keywords.check-ranks': { keywordIds: number[]; source: RankSource; runId?: string };
}

export const keywordsQueues: QueueDeclarations<Deps, KeywordsQueues> = {
  'keywords.daily': { handler: (deps) => () => queueDailyRanks(deps), schedule: '30 0 * * *' },
  'keywords.check-ranks': {
    handler: (deps) => (data) => checkRanks(deps, data),
    // Update-all waits on these: fetch several batches at a time, twice a second.
    options: { batchSize: 4, pollingIntervalSeconds: 0.5 },
  },
};
