import { and, asc, count, desc, eq, exists, ilike, or, type SQL } from 'drizzle-orm';
import type { adminUsersQuerySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

type Query = z.output<typeof adminUsersQuerySchema>;

/** One page of users matching the staff list's search and role filter, with the total. */
export async function pageUsers(db: Db, query: Query) {
  const filters: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(
      or(ilike(users.email, pattern), ilike(users.nickname, pattern), ilike(users.full_name, pattern)),
    );
  }
  if (query.role) {
    filters.push(
      exists(
        db
          .select({ one: userRoles.user_id })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.role_id))
          .where(and(eq(userRoles.user_id, users.id), eq(roles.name, query.role))),
      ),
    );
  }
  const where = and(...filters);
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(users[query.orderBy]), direction(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
