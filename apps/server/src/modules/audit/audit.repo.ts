import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditEntry, auditListQuerySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { dayRange, escapeLike } from '../../lib/query-helpers.js';

type Query = z.output<typeof auditListQuerySchema>;

const actors = alias(users, 'actor');
const targets = alias(users, 'target_user');
const impersonators = alias(users, 'impersonator');
const ref = (table: typeof actors | typeof impersonators | typeof targets) => ({
  id: table.id,
  email: table.email,
  nickname: table.nickname,
});

/** A user matching text by e-mail or nickname. */
function userMatches(table: { email: AnyPgColumn; nickname: AnyPgColumn }, text: string) {
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(table.email, pattern), ilike(table.nickname, pattern));
}

type JoinedUser = { id: number | null; email: string | null; nickname: string | null } | null;

/** A left-joined user, or null when the row has none (or the user is gone). */
const userRefOf = (user: JoinedUser) =>
  user?.id == null ? null : { id: user.id, email: user.email ?? '', nickname: user.nickname ?? '' };

/** One page of audit rows with their staff member (and the one signed in as them) and target user, filtered and sorted. */
export async function pageAudit(db: Db, query: Query) {
  const filters: (SQL | undefined)[] = [];
  if (query.actor_id) filters.push(eq(auditLog.actor_id, query.actor_id));
  if (query.actor) filters.push(userMatches(actors, query.actor));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.target_user_id) filters.push(eq(auditLog.target_user_id, query.target_user_id));
  if (query.target_user) filters.push(userMatches(targets, query.target_user));
  const range = dayRange(query.from, query.to);
  if (range.from) filters.push(gte(auditLog.created_at, range.from));
  if (range.to) filters.push(lt(auditLog.created_at, range.to));
  const where = and(...filters);
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actor: ref(actors),
        impersonator: ref(impersonators),
        target_user: ref(targets),
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actor_id))
      .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonator_id))
      .leftJoin(targets, eq(targets.id, auditLog.target_user_id))
      .where(where)
      .orderBy(direction(auditLog[query.orderBy]), direction(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ value: count() })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actor_id))
      .leftJoin(targets, eq(targets.id, auditLog.target_user_id))
      .where(where),
  ]);
  const data: AuditEntry[] = rows.map(({ entry, actor, impersonator, target_user }) => ({
    id: entry.id,
    created_at: entry.created_at.toISOString(),
    action: entry.action,
    actor: userRefOf(actor),
    impersonator: userRefOf(impersonator),
    target_type: entry.target_type,
    target_id: entry.target_id,
    target_user: userRefOf(target_user),
    before: entry.before,
    after: entry.after,
    request_id: entry.request_id,
    ip: entry.ip,
  }));
  return { data, total: total?.value ?? 0 };
}

export type AuditRowValues = typeof auditLog.$inferInsert;

export async function insertAuditRow(tx: Queryable, values: AuditRowValues) {
  await tx.insert(auditLog).values(values);
}
