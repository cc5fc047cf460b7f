import pMap from 'p-map';
import { logger as defaultLogger, type Logger } from './logger.js';

/** What a walk over many items did: how many it ran and the ones that threw. */
export interface EachResult<T> {
  done: number;
  failed: { item: T; error: unknown }[];
}

export interface EachOptions<T> {
  /** What the work is, for the log ("campaigns.deliver"). */
  what: string;
  /** The item's context in the log (campaign id, job id). */
  contextOf: (item: T) => Record<string, unknown>;
  /** Items at a time (default one after another). */
  concurrency?: number;
  log?: Logger;
}

/**
 * Runs `each` on every item on its own: an item that throws is logged with its context and counted, and
 * the others still run. Background work (a delivery tick, a batch of jobs) must not stop for everyone
 * because of one campaign or one job.
 */
export async function eachOnItsOwn<T>(
  items: readonly T[],
  each: (item: T) => Promise<unknown>,
  { what, contextOf, concurrency = 1, log = defaultLogger }: EachOptions<T>,
): Promise<EachResult<T>> {
  const failed: EachResult<T>['failed'] = [];
  await pMap(
    items,
    async (item) => {
      try {
        await each(item);
      } catch (error) {
        failed.push({ item, error });
        log.error({ err: error, work: what, ...contextOf(item) }, `${what}: an item failed`);
      }
    },
    { concurrency },
  );
  return { done: items.length - failed.length, failed };
}

/**
 * Works an outbox (rows waiting for their mail, say): takes `batch` items at a time and runs `each` on every one
 * on its own (eachOnItsOwn), batch after batch, so a burst is worked in one run; it stops at a short batch, or at
 * a batch where an item failed (that one is tried again on the next run, not again and again now). Answers how
 * many were done.
 */
export async function drainOutbox<T>(
  take: (limit: number) => Promise<readonly T[]>,
  each: (item: T) => Promise<unknown>,
  options: EachOptions<T> & { batch: number },
): Promise<number> {
  let done = 0;
  for (;;) {
    const items = await take(options.batch);
    const result = await eachOnItsOwn(items, each, options);
    done += result.done;
    if (items.length < options.batch || result.failed.length) return done;
  }
}
