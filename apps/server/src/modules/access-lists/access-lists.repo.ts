import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AccessListCategory, AccessListType } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { accessListEntries, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';
import { raiseVersion, versionOf } from '../core-settings/core-settings.repo.js';

export type EntryRow = typeof accessListEntries.$inferSelect;
export type NewEntry = typeof accessListEntries.$inferInsert;

const VERSION_KEY = 'access_list_version';

/**
 * Raises the version of the access lists in the change's transaction. Each process reads the version (one
 * primary-key read) at most once a second and reloads its copy when it differs, so an entry added or deleted in
 * one API process takes effect in every process within a second (access-lists.cache.ts).
 */
export const bumpAccessListVersion = (tx: Queryable) => raiseVersion(tx, VERSION_KEY);

export const accessListVersion = (db: Db) => versionOf(db, VERSION_KEY);

/** Every entry of both lists: its list, category and value. */
export function allEntries(db: Db) {
  return db
    .select({
      list_type: accessListEntries.list_type,
      category: accessListEntries.category,
      value: accessListEntries.value,
    })
    .from(accessListEntries);
}

/** A page of entries with their creators (by list, category and a search in value or description). */
export async function pageEntries(
  db: Db,
  query: {
    list_type?: AccessListType | undefined;
    category?: AccessListCategory | undefined;
    search?: string | undefined;
    orderBy: 'value' | 'date' | 'created_at';
    sortBy: 'asc' | 'desc';
    page: number;
    limit: number;
  },
) {
  const filters: (SQL | undefined)[] = [];
  if (query.list_type) filters.push(eq(accessListEntries.list_type, query.list_type));
  if (query.category) filters.push(eq(accessListEntries.category, query.category));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(or(ilike(accessListEntries.value, pattern), ilike(accessListEntries.description, pattern)));
  }
  const where = and(...filters);
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: accessListEntries, creator: { id: users.id, email: users.email } })
      .from(accessListEntries)
      .leftJoin(users, eq(users.id, accessListEntries.created_by))
      .where(where)
      .orderBy(direction(accessListEntries[query.orderBy]), direction(accessListEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(accessListEntries).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Adds an entry; none when the list already holds that category and value. */
export async function insertEntry(tx: Queryable, values: NewEntry): Promise<EntryRow | undefined> {
  const [created] = await tx.insert(accessListEntries).values(values).onConflictDoNothing().returning();
  return created;
}

/** Deletes an entry; answers it (none when there was none). */
export async function deleteEntry(tx: Queryable, id: number): Promise<EntryRow | undefined> {
  const [row] = await tx.delete(accessListEntries).where(eq(accessListEntries.id, id)).returning();
  return row;
}
