import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import {
  campaigns,
  refusedCallbacks,
  serverErrors,
  users,
  vendorPlacements,
  vendors,
} from '../../db/schema/index.js';

/*
 * The operations page's queries: pg-boss's jobs read from its own tables in our database (its schema is
 * pg-boss's, not ours: plain SQL), and what failed or waits in the last day.
 */

const dayAgo = sql`now() - interval '1 day'`;

/** How many jobs each queue has in each state (queues without jobs have no row). */
export function jobCountsByState(db: Db) {
  return rowsOf<{ name: string; state: string; size: number }>(
    db,
    sql`select name, state::text as state, count(*)::int as size from pgboss.job group by name, state`,
  );
}

/** A page of a queue's failed jobs, newest first, and how many there are. */
export async function pageFailedJobs(db: Db, queue: string, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select id::text as id, name, retry_count, created_on, completed_on, output from pgboss.job
        where name = ${queue} and state = 'failed'
        order by completed_on desc nulls last, created_on desc
        limit ${limit} offset ${(page - 1) * limit}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from pgboss.job where name = ${queue} and state = 'failed'`,
    ),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/**
 * Queues a failed job of the queue again, one more attempt (pg-boss's own retry statement); answers whether
 * the job was failed (else nothing changed).
 */
export async function retryFailedJob(tx: Queryable, queue: string, id: string): Promise<boolean> {
  const updated = await rowsOf(
    tx,
    sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1
      where name = ${queue} and id = ${id}::uuid and state = 'failed' returning id`,
  );
  return updated.length > 0;
}

/** Whether the queue has a job of that id, in any state. */
export async function jobExists(tx: Queryable, queue: string, id: string): Promise<boolean> {
  const exists = await rowsOf(tx, sql`select 1 from pgboss.job where name = ${queue} and id = ${id}::uuid`);
  return exists.length > 0;
}

/**
 * The latest payment callbacks logged as failed in the last day, and how many failed: the ones refused for
 * their signature count from their per-minute counter (their rows are one sample a minute).
 */
export async function failedCallbacks(db: Db, limit: number) {
  const where = and(eq(serverErrors.source, 'callback'), gte(serverErrors.created_at, dayAgo));
  const [rows, [total]] = await Promise.all([
    db.select().from(serverErrors).where(where).orderBy(desc(serverErrors.created_at)).limit(limit),
    rowsOf<{ value: number }>(
      db,
      sql`select (select count(*)::int from ${serverErrors}
          where ${where} and ${serverErrors.status} is distinct from 403)
        + (select coalesce(sum(${refusedCallbacks.count}), 0)::int from ${refusedCallbacks}
          where ${refusedCallbacks.minute} >= date_trunc('minute', ${dayAgo})) as value`,
    ),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The latest vendor placements that failed in the last day, with their vendor's name, and how many. */
export async function failingPlacements(db: Db, limit: number) {
  const where = and(isNotNull(vendorPlacements.last_error), gte(vendorPlacements.updated_at, dayAgo));
  const [rows, [total]] = await Promise.all([
    db
      .select({ placement: vendorPlacements, vendor: vendors.name })
      .from(vendorPlacements)
      .leftJoin(vendors, eq(vendors.id, vendorPlacements.vendor_id))
      .where(where)
      .orderBy(desc(vendorPlacements.updated_at))
      .limit(limit),
    db.select({ value: count() }).from(vendorPlacements).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The campaigns waiting for a vendor, oldest first, with their owner's email, and how many. */
export async function waitingCampaigns(db: Db, limit: number) {
  const where = eq(campaigns.status, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({ campaign: campaigns, email: users.email })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.user_id))
      .where(where)
      .orderBy(campaigns.created_at)
      .limit(limit),
    db.select({ value: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
