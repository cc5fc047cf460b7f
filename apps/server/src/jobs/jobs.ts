import PgBoss from 'pg-boss';
import { eachOnItsOwn } from '../lib/batches.js';
import {
  MONEY_JOB_EXPIRY_SECONDS,
  MONEY_QUEUES,
  QUEUE_NAMES,
  type QueueData,
  type QueueName,
} from './queues.js';

export type JobHandler<Q extends QueueName> = (data: QueueData[Q]) => Promise<void>;

/** What pg-boss needs to run SQL on the application's database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
/** Told of every failed attempt of a job (the server's error log). */
export type JobFailureListener = (queue: QueueName, jobId: string, error: unknown) => Promise<void>;

/** How a worker fetches: jobs per fetch and seconds between fetches (pg-boss's minimum is 0.5). */
export interface WorkOptions {
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

/**
 * A queue's worker as the module that owns the queue declares it: its handler, made once for the running
 * application (`ctx`, the services' dependencies), how it fetches, and the cron (UTC) of a queue that runs by itself.
 */
export interface QueueWorker<Data, Ctx> {
  handler(ctx: Ctx): (data: Data) => Promise<void>;
  options?: WorkOptions;
  schedule?: string;
}
/** The workers of a module's queues (`Queues` maps each queue's name to its job data). */
export type QueueWorkers<Ctx, Queues> = { [Q in keyof Queues]: QueueWorker<Queues[Q], Ctx> };

const RETRIES = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;

/** Durable background jobs on the application's own database (pg-boss). */
export interface Jobs {
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
  stop(): Promise<void>;
}

export async function startJobs(sql: SqlExecutor, options: { supervise: boolean }): Promise<Jobs> {
  const boss = new PgBoss({
    db: sql as PgBoss.Db,
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  });
  boss.on('error', (error) => console.error('[jobs]', error));
  await boss.start();
  const failureListeners: JobFailureListener[] = [];
  for (const name of QUEUE_NAMES) {
    const money = MONEY_QUEUES.includes(name);
    const queue = await boss.getQueue(name);
    if (!queue)
      await boss.createQueue(name, { name, ...(money && { expireInSeconds: MONEY_JOB_EXPIRY_SECONDS }) });
    // A queue made before its expiry was set (an older database or the prepared image) takes it now.
    else if (money && queue.expireInSeconds !== MONEY_JOB_EXPIRY_SECONDS)
      await boss.updateQueue(name, { name, expireInSeconds: MONEY_JOB_EXPIRY_SECONDS });
  }
  return {
    async send(queue, data, sendOptions) {
      await boss.send(queue, data as object, { ...RETRIES, ...sendOptions });
    },
    async sendMany(queue, items) {
      if (!items.length) return;
      await boss.insert(items.map((data) => ({ name: queue, data: data as object, ...RETRIES })));
    },
    async schedule(queue, cron, data) {
      await boss.schedule(queue, cron, data as object, { tz: 'UTC', ...RETRIES });
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
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/** Starts every queue's worker in this process and registers the schedules of those that run by themselves. */
export async function startQueueWorkers<Ctx>(jobs: Jobs, workers: QueueWorkers<Ctx, QueueData>, ctx: Ctx) {
  for (const queue of Object.keys(workers) as QueueName[]) {
    const worker = workers[queue] as QueueWorker<QueueData[QueueName], Ctx>;
    await jobs.work(queue, worker.handler(ctx), worker.options);
    if (worker.schedule) await jobs.schedule(queue, worker.schedule, {});
  }
}
