/**
 * A queue as the module that owns it declares it, once, in `modules/<name>/<name>.jobs.ts`: its job data (an
 * interface such as `MailQueues`, merged into `QueueData` by the top floor's `workers.ts`), its handler, how it
 * fetches, its schedule, its retries and whether it moves money. `jobs/` knows no module: it creates and runs the
 * queues it is handed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface QueueData {}
export type QueueName = keyof QueueData;

/** How a worker fetches: jobs per fetch and seconds between fetches (pg-boss's minimum is 0.5). */
export interface WorkOptions {
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

/** How a failed job is tried again (pg-boss's job options). */
export interface RetryPolicy {
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  /** Each retry waits longer than the one before. */
  retryBackoff: boolean;
}

/** A queue's retries unless its declaration says otherwise: five more tries, from 10 seconds apart, backing off. */
export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelay: 10, retryBackoff: true };

/**
 * Money jobs (payment callbacks and confirmations, a delayed campaign's charge, a CPI refund, an API credits
 * purchase): a job whose worker died is taken again after a minute, not pg-boss's default 15. Each runs in
 * well under that, and runs twice without harm.
 */
export const MONEY_JOB_EXPIRY_SECONDS = 60;

/** What the job runtime needs to create a queue (the prepared database image is made with them too). */
export interface QueueSettings {
  /** A money job: expires after `MONEY_JOB_EXPIRY_SECONDS` (see there). */
  money?: boolean;
  retry?: RetryPolicy;
}

/**
 * A queue as its module declares it: its handler, made once for the running application (`ctx`, the services'
 * dependencies), how it fetches, and the cron (UTC) of a queue that runs by itself.
 */
export interface QueueDeclaration<Data, Ctx> extends QueueSettings {
  handler(ctx: Ctx): (data: Data) => Promise<void>;
  options?: WorkOptions;
  schedule?: string;
}
/** A module's queues (`Queues` maps each queue's name to its job data): every one declared, no other. */
export type QueueDeclarations<Ctx, Queues> = { [Q in keyof Queues]: QueueDeclaration<Queues[Q], Ctx> };

/** Every queue's settings, by name: what `startJobs` and the prepared image are given. */
export type QueueSettingsMap = Readonly<Record<QueueName, QueueSettings>>;

/** The names of the queues in `queues`. */
export function queueNames(queues: QueueSettingsMap): QueueName[] {
  return Object.keys(queues) as QueueName[];
}
