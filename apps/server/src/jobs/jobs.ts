import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client.js';
import { QUEUE_NAMES, type QueueData, type QueueName } from './queues.js';

export type JobHandler<Q extends QueueName> = (data: QueueData[Q]) => Promise<void>;

/** Durable background jobs on the application's own database (pg-boss). */
export interface Jobs {
  send<Q extends QueueName>(queue: Q, data: QueueData[Q], options?: { startAfter?: Date }): Promise<void>;
  /** Starts processing a queue in this process. */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): Promise<void>;
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
  for (const name of QUEUE_NAMES) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
  }
  return {
    async send(queue, data, sendOptions) {
      await boss.send(queue, data as object, {
        retryLimit: 5,
        retryDelay: 10,
        retryBackoff: true,
        ...sendOptions,
      });
    },
    async work(queue, handler) {
      await boss.work<QueueData[typeof queue]>(queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
