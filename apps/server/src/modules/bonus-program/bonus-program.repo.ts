import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { BonusProgramType, BonusSubmissionStatus } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { bonusSubmissions, campaigns } from '../../db/schema/index.js';
import { oneOfUserOwned, pageOfUserOwned, userSearch } from '../users/users.repo.js';

export type SubmissionRow = typeof bonusSubmissions.$inferSelect;
export type NewSubmission = typeof bonusSubmissions.$inferInsert;

/** The user's submissions, newest first. */
export function submissionsOf(db: Queryable, userId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(bonusSubmissions)
    .where(eq(bonusSubmissions.user_id, userId))
    .orderBy(desc(bonusSubmissions.created_at));
}

/** What the user's largest charged campaign kept charged, or null when none did (a read of campaigns). */
export async function largestCharge(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ charged: sql<string | null>`max(${campaigns.charged})::text` })
    .from(campaigns)
    .where(and(eq(campaigns.user_id, userId), gt(campaigns.charged, '0')));
  return row?.charged ?? null;
}

/**
 * Inserts the user's submission of a type, or sends a rejected one again with these values; undefined
 * when one of that type is pending or approved.
 */
export async function upsertSubmission(
  db: Queryable,
  userId: number,
  type: BonusProgramType,
  values: Omit<NewSubmission, 'user_id' | 'type'>,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .insert(bonusSubmissions)
    .values({ user_id: userId, type, ...values })
    .onConflictDoUpdate({
      target: [bonusSubmissions.user_id, bonusSubmissions.type],
      set: values,
      setWhere: eq(bonusSubmissions.status, 'rejected'),
    })
    .returning();
  return row;
}

/** A submission with its user's id, email and nickname. */
export async function findSubmissionWithUser(db: Queryable, id: number) {
  const found = await oneOfUserOwned(db, bonusSubmissions, id);
  return found && { submission: found.row, user: found.user };
}

/** A page of submissions with their users, newest first, and how many match. */
export async function pageSubmissions(
  db: Queryable,
  query: {
    status?: BonusSubmissionStatus | undefined;
    type?: BonusProgramType | undefined;
    search?: string | undefined;
    page: number;
    limit: number;
  },
) {
  const where = and(
    query.status ? eq(bonusSubmissions.status, query.status) : undefined,
    query.type ? eq(bonusSubmissions.type, query.type) : undefined,
    query.search ? userSearch(query.search) : undefined,
  );
  const { rows, total } = await pageOfUserOwned(db, bonusSubmissions, where, query);
  return { rows: rows.map(({ row, user }) => ({ submission: row, user })), total };
}

/** The submission, locked for its review. */
export async function lockSubmission(db: Queryable, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(bonusSubmissions).where(eq(bonusSubmissions.id, id)).for('update');
  return row;
}

export async function updateSubmission(db: Queryable, id: number, values: Partial<NewSubmission>) {
  await db.update(bonusSubmissions).set(values).where(eq(bonusSubmissions.id, id));
}
