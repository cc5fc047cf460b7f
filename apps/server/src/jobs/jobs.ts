import PgBoss from 'pg-boss';
import { eachOnItsOwn } from '../lib/batches.js';
import {
  DEFAULT_RETRY,
  MONEY_JOB_EXPIRY_SECONDS,
  queueNames,
  type QueueData,
  type QueueDeclaration,
  type QueueDeclarations,
  type QueueName,
  type QueueSettingsMap,
  type WorkOptions,
} from './queues.js';

export type JobHandler<Q extends QueueName> = (data: QueueData[Q]) => Promise<void>;

/** What pg-boss needs to run SQL on the application's database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
/** Told of every failed attempt of a job (the server's error log). */
export type JobFailureListener = (queue: QueueName, jobId: string, error: unknown) => Promise<void>;

/** Durable background jobs on the application's own database (pg-boss). */
export interface Jobs {
  /** The queues this runtime was started with: every queue the modules declare. */
  readonly queues: readonly QueueName[];
  /** Queues a job; with `singletonSeconds`, at most one job of the queue per window of that many seconds. */
  send<Q extends QueueName>(
    queue: Q,
    data: QueueData[Q],
    options?: { startAfter?: Date; singletonSeconds?: number },
  ): Promise<void>;
  /** Queues many jobs of one queue in one statement. */
  sendMany<Q extends QueueName>(queue: Q, items: readonly QueueData[Q][]): Promise<void>;
  /** Runs a job on the queue by cron (UTC), from whichever process supervises; replaces an earlier schedule. */
  schedule<Q extends QueueName>(queue: Q, cron: string, data: QueueData[Q]): Promise<void>;
  /** Registers a listener for failed attempts of the jobs this process works on. */
  onFailure(listener: JobFailureListener): void;
  /** Starts processing a queue in this process. */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, options?: WorkOptions): Promise<void>;
  /** Stops taking jobs and waits for the running ones, up to `timeoutMs` (5 s): the database closes after. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Starts pg-boss on the application's database and creates `queues` (every queue the modules declare, handed
 * over by the top floor), each with its money expiry; the jobs sent to a queue take its retries.
 */
export async function startJobs(
  sql: SqlExecutor,
  options: { supervise: boolean; queues: QueueSettingsMap },
): Promise<Jobs> {
  const { queues } = options;
  const boss = new PgBoss({
    db: sql as PgBoss.Db,
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  });
  boss.on('error', (error) => console.error('[jobs]', error));
  await boss.start();
  await createQueues(boss, queues);
  const retryOf = (queue: QueueName) => queues[queue].retry ?? DEFAULT_RETRY;
  const failureListeners: JobFailureListener[] = [];
  return {
    queues: queueNames(queues),
    async send(queue, data, sendOptions) {
      await boss.send(queue, data as object, { ...retryOf(queue), ...sendOptions });
    },
    async sendMany(queue, items) {
      if (!items.length) return;
      const retry = retryOf(queue);
      await boss.insert(items.map((data) => ({ name: queue, data: data as object, ...retry })));
    },
    async schedule(queue, cron, data) {
      await boss.schedule(queue, cron, data as object, { tz: 'UTC', ...retryOf(queue) });
    },
    onFailure(listener) {
      failureListeners.push(listener);
    },
    async work(queue, handler, workOptions = {}) {
      await boss.work<QueueData[typeof queue]>(
        queue,
        { pollingIntervalSeconds: 1, ...workOptions },
        async (batch) => {
          // Each job on its own: a failing one goes back for a retry, the others of its batch complete.
          const { failed } = await eachOnItsOwn(batch, (job) => handler(job.data), {
            what: queue,
            contextOf: (job) => ({ jobId: job.id }),
          });
          for (const { item, error } of failed) {
            for (const listener of failureListeners) await listener(queue, item.id, error);
            await boss.fail(queue, item.id, {
              message: error instanceof Error ? error.message : String(error),
            });
          }
        },
      );
    },
    async stop({ timeoutMs = 5000 } = {}) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

/** Creates the queues a database lacks; a money queue made before its expiry was set (an older database) takes it. */
async function createQueues(boss: PgBoss, queues: QueueSettingsMap) {
  for (const name of queueNames(queues)) {
    const money = queues[name].money === true;
    const queue = await boss.getQueue(name);
    if (!queue)
      await boss.createQueue(name, { name, ...(money && { expireInSeconds: MONEY_JOB_EXPIRY_SECONDS }) });
    else if (money && queue.expireInSeconds !== MONEY_JOB_EXPIRY_SECONDS)
      await boss.updateQueue(name, { name, expireInSeconds: MONEY_JOB_EXPIRY_SECONDS });
  }
}

/** Starts every declared queue's worker in this process and registers the schedules of those that run by themselves. */
export async function startQueueWorkers<Ctx>(
  jobs: Jobs,
  queues: QueueDeclarations<Ctx, QueueData>,
  ctx: Ctx,
) {
  for (const queue of queueNames(queues)) {
    const declared = queues[queue] as QueueDeclaration<QueueData[QueueName], Ctx>;
    await jobs.work(queue, declared.handler(ctx), declared.options);
    if (declared.schedule) await jobs.schedule(queue, declared.schedule, {});
  }
}
