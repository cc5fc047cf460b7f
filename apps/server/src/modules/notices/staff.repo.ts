import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  functions,
  modules,
  roleFunctionGrants,
  roleGrants,
  userRoles,
  users,
} from '../../db/schema/index.js';

/** The active staff accounts whose roles grant `permission` (a module's or a function's), by id. */
export async function staffHolding(db: Queryable, permission: string): Promise<number[]> {
  const viaModule = db
    .select({ role_id: roleGrants.role_id })
    .from(roleGrants)
    .innerJoin(modules, eq(modules.id, roleGrants.module_id))
    .where(eq(modules.permission_name, permission));
  const viaFunction = db
    .select({ role_id: roleFunctionGrants.role_id })
    .from(roleFunctionGrants)
    .innerJoin(functions, eq(functions.id, roleFunctionGrants.function_id))
    .where(eq(functions.permission_name, permission));
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.user_id, users.id))
    .where(
      and(
        eq(users.is_active, true),
        isNull(users.deleted_at),
        or(sql`${userRoles.role_id} in ${viaModule}`, sql`${userRoles.role_id} in ${viaFunction}`),
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => row.id);
}
