import {
  OPERATIONS_MESSAGES,
  type FailedJob,
  type OperationsFailures,
  type QueueStats,
  type failedJobsQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { toServerErrorView } from './server-errors.js';
import * as repo from './operations.repo.js';

/*
 * The operations page (docs/staff-tools.md): pg-boss's queues read from its own tables in our database, what
 * failed in the last day, and the campaigns waiting for a vendor.
 */

const LATEST = 20;

/** `GET operations/queues`: waiting, active and failed jobs per queue (every queue, idle ones too). */
export async function queueStats({ db, jobs }: Pick<Deps, 'db' | 'jobs'>): Promise<{ data: QueueStats[] }> {
  const rows = await repo.jobCountsByState(db);
  const stats = new Map<string, QueueStats>(
    jobs.queues.map((queue) => [queue, { queue, waiting: 0, active: 0, failed: 0 }]),
  );
  for (const { name, state, size } of rows) {
    const entry = stats.get(name);
    if (!entry) continue;
    if (state === 'created' || state === 'retry') entry.waiting += size;
    else if (state === 'active') entry.active += size;
    else if (state === 'failed') entry.failed += size;
  }
  return { data: [...stats.values()] };
}

/** The text of a failed job's output (pg-boss keeps the error there). */
function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output == null ? null : JSON.stringify(output).slice(0, 2000);
}

/** `GET operations/failed-jobs`: a queue's failed jobs, newest first. */
export async function failedJobs(db: Db, query: z.output<typeof failedJobsQuerySchema>) {
  const { rows, total } = await repo.pageFailedJobs(db, query.queue, query.page, query.limit);
  const data: FailedJob[] = rows.map((row) => ({
    id: String(row.id),
    queue: String(row.name),
    retry_count: Number(row.retry_count),
    created_at: new Date(row.created_on as string).toISOString(),
    failed_at: row.completed_on ? new Date(row.completed_on as string).toISOString() : null,
    error: errorOf(row.output),
  }));
  return { data, meta: pageMeta(total, query.page, query.limit) };
}

/**
 * `POST operations/failed-jobs/{queue}/{id}/retry`: queues a failed job again (one more attempt), audited in
 * the same transaction. The statement is pg-boss's own retry; a job no longer failed answers 409.
 */
export async function retryJob({ db, jobs }: Pick<Deps, 'db' | 'jobs'>, queue: string, id: string) {
  if (!(jobs.queues as readonly string[]).includes(queue)) throw new NotFoundError();
  await db.transaction(async (tx) => {
    if (!(await repo.retryFailedJob(tx, queue, id))) {
      if (!(await repo.jobExists(tx, queue, id))) throw new NotFoundError();
      throw new ConflictError(OPERATIONS_MESSAGES.jobNotFailed);
    }
    await audit(tx, {
      action: 'jobs.retry',
      target: { type: 'job', id },
      before: { queue, state: 'failed' },
      after: { queue, state: 'retry' },
    });
  });
  return { message: OPERATIONS_MESSAGES.jobRetried };
}

/**
 * `GET operations/failures`: failed payment callbacks and vendor placements of the last day, waiting campaigns.
 * Callbacks refused for their signature count from their per-minute counter (their rows are one sample a minute).
 */
export async function failures(db: Db): Promise<OperationsFailures> {
  const [callbacks, placements, waiting] = await Promise.all([
    repo.failedCallbacks(db, LATEST),
    repo.failingPlacements(db, LATEST),
    repo.waitingCampaigns(db, LATEST),
  ]);
  return {
    callbacks: { total: callbacks.total, data: callbacks.rows.map(toServerErrorView) },
    placements: {
      total: placements.total,
      data: placements.rows.map(({ placement, vendor }) => ({
        id: placement.id,
        campaign_id: placement.campaign_id,
        vendor,
        state: placement.state,
        last_error: placement.last_error,
        failing_since: placement.failing_since?.toISOString() ?? null,
        updated_at: placement.updated_at.toISOString(),
      })),
    },
    waiting_campaigns: {
      total: waiting.total,
      data: waiting.rows.map(({ campaign, email }) => ({
        id: campaign.id,
        user_email: email,
        product_type: campaign.product_type,
        package: campaign.package,
        created_at: campaign.created_at.toISOString(),
        updated_at: campaign.updated_at.toISOString(),
      })),
    },
  };
}
