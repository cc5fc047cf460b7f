import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerError, serverErrorsQuerySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { HttpError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import {
  countRefusedCallback,
  insertServerError,
  pageServerErrors,
  pruneServerErrors,
  type NewServerError,
  type ServerErrorRow,
} from './server-errors.repo.js';

/** How long the error log keeps a row; older rows go at the next write (at most once an hour). */
export const SERVER_ERROR_RETENTION_DAYS = 14;
const PRUNE_EVERY_MS = 3600_000;
const lastPrune = new WeakMap<Db, number>();

type NewError = Omit<NewServerError, 'id' | 'created_at' | 'message' | 'stack'> & {
  error: unknown;
};

const clip = (text: string | undefined | null, max: number) => (text ? text.slice(0, max) : null);

/**
 * Writes one row of the server's error log and prunes rows past the retention. Never throws: the error log
 * failing must not change the answer or the job it records.
 */
export async function recordServerError(db: Db, { error, ...row }: NewError, log?: FastifyInstance['log']) {
  const failure = error instanceof Error ? error : new Error(String(error));
  try {
    await insertServerError(db, {
      ...row,
      url: clip(row.url, 500),
      message: clip(failure.message, 2000) || 'Error',
      stack: clip(failure.stack, 8000),
    });
    const now = Date.now();
    if (now - (lastPrune.get(db) ?? 0) > PRUNE_EVERY_MS) {
      lastPrune.set(db, now);
      await pruneServerErrors(db, SERVER_ERROR_RETENTION_DAYS);
    }
  } catch (writeError) {
    log?.error({ err: writeError }, 'the server error log could not be written');
  }
}

/** Records every failed attempt of a job this process works on (called where the workers start). */
export function recordJobFailures(deps: Deps) {
  deps.jobs.onFailure((queue, jobId, error) =>
    recordServerError(deps.db, { error, source: 'job', queue, job_id: jobId }),
  );
}

/** The status an error is answered with (plugins/errors.ts decides the same way). */
function statusOf(error: FastifyError): number {
  if (error instanceof HttpError) return error.statusCode;
  return error.statusCode ?? 500;
}

const isCallback = (request: FastifyRequest) => request.url.startsWith('/api/public/v1/');

/**
 * Counts a callback refused for its signature (403) in its minute, and answers whether it is the minute's first:
 * only that one is written to the error log as a sample, so a flood of forged callbacks costs a counter update each.
 */
async function countRefusal(db: Db, request: FastifyRequest): Promise<boolean> {
  // The generic route names its provider in a parameter (validated against the providers' names).
  const param = (request.params as { provider?: unknown } | undefined)?.provider;
  const provider =
    typeof param === 'string' ? param : (request.routeOptions.url ?? request.url).split('/').at(-1)!;
  return (await countRefusedCallback(db, provider)) === 1;
}

/**
 * Records every request answered 5xx, and every payment callback refused or failing, in the server's error
 * log; the client's own mistakes elsewhere (4xx) are not the server's errors. Callbacks refused for their
 * signature are counted, with one sample row a minute; callbacks over their rate limit are not recorded.
 */
export function registerServerErrorLog(app: FastifyInstance) {
  app.addHook('onError', async (request, _reply, error) => {
    const status = statusOf(error);
    const callback = isCallback(request);
    if (status < 500 && !callback) return;
    if (callback && status === 429) return;
    // A counter that cannot be written lets the row through: nothing refused goes unrecorded.
    if (callback && status === 403 && !(await countRefusal(app.deps.db, request).catch(() => true))) return;
    await recordServerError(
      app.deps.db,
      {
        error,
        source: callback ? 'callback' : 'request',
        status: status < 400 ? 500 : status,
        method: request.method,
        url: request.url,
        request_id: request.id,
        user_id: request.auth?.user.id ?? null,
      },
      app.log,
    );
  });
}

export function toServerErrorView(row: ServerErrorRow): ServerError {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    source: row.source,
    status: row.status,
    method: row.method,
    url: row.url,
    queue: row.queue,
    job_id: row.job_id,
    message: row.message,
    stack: row.stack,
    request_id: row.request_id,
  };
}

/** `GET server-errors`: one page, newest first. */
export async function listServerErrors(db: Db, query: z.output<typeof serverErrorsQuerySchema>) {
  const { rows, total } = await pageServerErrors(db, query);
  return { data: rows.map(toServerErrorView), meta: pageMeta(total, query.page, query.limit) };
}
