import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refusedCallbacks, serverErrors } from '../../db/schema/index.js';

export type ServerErrorRow = typeof serverErrors.$inferSelect;
export type NewServerError = typeof serverErrors.$inferInsert;

export async function insertServerError(db: Db, values: NewServerError) {
  await db.insert(serverErrors).values(values);
}

/** Deletes the error log's rows and refusal counters older than `days`. */
export async function pruneServerErrors(db: Db, days: number) {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  await db.delete(serverErrors).where(lt(serverErrors.created_at, cutoff));
  await db.delete(refusedCallbacks).where(lt(refusedCallbacks.minute, cutoff));
}

/** Counts a refused callback of the provider in this minute; answers the minute's count so far. */
export async function countRefusedCallback(db: Db, provider: string): Promise<number | undefined> {
  const [row] = await db
    .insert(refusedCallbacks)
    .values({ minute: sql`date_trunc('minute', now())`, provider, count: 1 })
    .onConflictDoUpdate({
      target: [refusedCallbacks.minute, refusedCallbacks.provider],
      set: { count: sql`${refusedCallbacks.count} + 1` },
    })
    .returning({ count: refusedCallbacks.count });
  return row?.count;
}

/** A page of the error log (of one source, if given), newest first, and how many rows match. */
export async function pageServerErrors(
  db: Db,
  query: { source?: ServerErrorRow['source'] | undefined; page: number; limit: number },
) {
  const where = query.source ? eq(serverErrors.source, query.source) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(serverErrors)
      .where(where)
      .orderBy(desc(serverErrors.created_at), desc(serverErrors.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(serverErrors).where(and(where)),
  ]);
  return { rows, total: total?.value ?? 0 };
}
