import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
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
import { rowsOf } from '../../db/sql-rows.js';
import {
  campaigns,
  refusedCallbacks,
  serverErrors,
  users,
  vendorPlacements,
  vendors,
} from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { toServerErrorView } from './server-errors.js';

/*
 * The operations page (docs/staff-tools.md): pg-boss's queues read from its own tables in our database, what
 * failed in the last day, and the campaigns waiting for a vendor.
 */

const LATEST = 20;
const dayAgo = sql`now() - interval '1 day'`;

/** `GET operations/queues`: waiting, active and failed jobs per queue (every queue, idle ones too). */
export async function queueStats({ db, jobs }: Pick<Deps, 'db' | 'jobs'>): Promise<{ data: QueueStats[] }> {
  const rows = await rowsOf<{ name: string; state: string; size: number }>(
    db,
    sql`select name, state::text as state, count(*)::int as size from pgboss.job group by name, state`,
  );
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
  const [rows, [total]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select id::text as id, name, retry_count, created_on, completed_on, output from pgboss.job
        where name = ${query.queue} and state = 'failed'
        order by completed_on desc nulls last, created_on desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from pgboss.job where name = ${query.queue} and state = 'failed'`,
    ),
  ]);
  const data: FailedJob[] = rows.map((row) => ({
    id: String(row.id),
    queue: String(row.name),
    retry_count: Number(row.retry_count),
    created_at: new Date(row.created_on as string).toISOString(),
    failed_at: row.completed_on ? new Date(row.completed_on as string).toISOString() : null,
    error: errorOf(row.output),
  }));
  return { data, meta: pageMeta(Number(total?.total ?? 0), query.page, query.limit) };
}

/**
 * `POST operations/failed-jobs/{queue}/{id}/retry`: queues a failed job again (one more attempt), audited in
 * the same transaction. The statement is pg-boss's own retry; a job no longer failed answers 409.
 */
export async function retryJob({ db, jobs }: Pick<Deps, 'db' | 'jobs'>, queue: string, id: string) {
  if (!(jobs.queues as readonly string[]).includes(queue)) throw new NotFoundError();
  await db.transaction(async (tx) => {
    const updated = await rowsOf(
      tx,
      sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1
        where name = ${queue} and id = ${id}::uuid and state = 'failed' returning id`,
    );
    if (!updated.length) {
      const exists = await rowsOf(
        tx,
        sql`select 1 from pgboss.job where name = ${queue} and id = ${id}::uuid`,
      );
      if (!exists.length) throw new NotFoundError();
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
  const callbackWhere = and(eq(serverErrors.source, 'callback'), gte(serverErrors.created_at, dayAgo));
  const placementWhere = and(
    isNotNull(vendorPlacements.last_error),
    gte(vendorPlacements.updated_at, dayAgo),
  );
  const waitingWhere = eq(campaigns.status, 'pending');
  const [callbacks, [callbackTotal], placements, [placementTotal], waiting, [waitingTotal]] =
    await Promise.all([
      db
        .select()
        .from(serverErrors)
        .where(callbackWhere)
        .orderBy(desc(serverErrors.created_at))
        .limit(LATEST),
      rowsOf<{ value: number }>(
        db,
        sql`select (select count(*)::int from ${serverErrors}
            where ${callbackWhere} and ${serverErrors.status} is distinct from 403)
          + (select coalesce(sum(${refusedCallbacks.count}), 0)::int from ${refusedCallbacks}
            where ${refusedCallbacks.minute} >= date_trunc('minute', ${dayAgo})) as value`,
      ),
      db
        .select({ placement: vendorPlacements, vendor: vendors.name })
        .from(vendorPlacements)
        .leftJoin(vendors, eq(vendors.id, vendorPlacements.vendor_id))
        .where(placementWhere)
        .orderBy(desc(vendorPlacements.updated_at))
        .limit(LATEST),
      db.select({ value: count() }).from(vendorPlacements).where(placementWhere),
      db
        .select({ campaign: campaigns, email: users.email })
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.user_id))
        .where(waitingWhere)
        .orderBy(campaigns.created_at)
        .limit(LATEST),
      db.select({ value: count() }).from(campaigns).where(waitingWhere),
    ]);
  return {
    callbacks: { total: callbackTotal?.value ?? 0, data: callbacks.map(toServerErrorView) },
    placements: {
      total: placementTotal?.value ?? 0,
      data: placements.map(({ placement, vendor }) => ({
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
      total: waitingTotal?.value ?? 0,
      data: waiting.map(({ campaign, email }) => ({
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
