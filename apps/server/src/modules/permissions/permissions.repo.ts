import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { functionListQuerySchema, moduleListQuerySchema, roleListQuerySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import {
  functions,
  modules,
  roleFunctionGrants,
  roleGrants,
  roles,
  userRoles,
} from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';
import { raiseVersion } from '../core-settings/core-settings.repo.js';

export type RoleRecord = typeof roles.$inferSelect;
export type ModuleRecord = typeof modules.$inferSelect;
export type FunctionRecord = typeof functions.$inferSelect;

const pattern = (search: string) => `%${escapeLike(search)}%`;
const offsetOf = (query: { page: number; limit: number }) => (query.page - 1) * query.limit;

/*
 * Counts as correlated subqueries. Drizzle writes the columns of a single-table select without their table, so
 * the outer column is named in full here (it would otherwise resolve to the inner table's own `id`).
 */
const outerId = (table: string) => sql`${sql.identifier(table)}.${sql.identifier('id')}`;

/** How many users hold the role. */
const usersCount = sql<number>`(select count(*)::int from ${userRoles}
  where ${userRoles.role_id} = ${outerId('roles')})`;

/** A page of roles (searched by name) with how many users hold each. */
export async function pageRoles(db: Db, query: z.output<typeof roleListQuerySchema>) {
  const where = query.search ? ilike(roles.name, pattern(query.search)) : undefined;
  const direction = query.sortBy === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, users_count: usersCount })
      .from(roles)
      .where(where)
      .orderBy(direction(roles[query.orderBy]), direction(roles.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(roles).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** One role with its user count; `lock` takes the row lock for a change. */
export async function findRole(db: Queryable, id: number, lock = false) {
  const query = db.select({ role: roles, users_count: usersCount }).from(roles).where(eq(roles.id, id));
  const [row] = await (lock ? query.for('update', { of: roles }) : query);
  return row;
}

export async function findRoleByName(db: Queryable, name: string) {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row;
}

/** Gives every holder of one role another role (before the first is deleted). */
export async function moveRoleHolders(tx: Queryable, fromId: number, toId: number) {
  await tx.execute(sql`insert into ${userRoles} (user_id, role_id)
    select ${userRoles.user_id}, ${toId} from ${userRoles} where ${userRoles.role_id} = ${fromId}
    on conflict do nothing`);
}

/** How many functions the module has. */
const functionsCount = sql<number>`(select count(*)::int from ${functions} as f
  where f.module_id = ${outerId('modules')})`;

/** A page of modules (searched by name or permission name) with their function counts. */
export async function pageModules(db: Db, query: z.output<typeof moduleListQuerySchema>) {
  const where = query.search
    ? or(ilike(modules.name, pattern(query.search)), ilike(modules.permission_name, pattern(query.search)))
    : undefined;
  const direction = query.sortBy === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ module: modules, functions_count: functionsCount })
      .from(modules)
      .where(where)
      .orderBy(direction(modules[query.orderBy]), direction(modules.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(modules).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findModule(db: Queryable, id: number) {
  const [row] = await db
    .select({ module: modules, functions_count: functionsCount })
    .from(modules)
    .where(eq(modules.id, id));
  return row;
}

const functionColumns = {
  fn: functions,
  module: { id: modules.id, name: modules.name, permission_name: modules.permission_name },
};

/** A page of functions (searched by name or permission name, filtered by module) with their module. */
export async function pageFunctions(db: Db, query: z.output<typeof functionListQuerySchema>) {
  const filters: (SQL | undefined)[] = [];
  if (query.search)
    filters.push(
      or(
        ilike(functions.name, pattern(query.search)),
        ilike(functions.permission_name, pattern(query.search)),
      ),
    );
  if (query.module_id) filters.push(eq(functions.module_id, query.module_id));
  const where = and(...filters);
  const direction = query.sortBy === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(functionColumns)
      .from(functions)
      .innerJoin(modules, eq(modules.id, functions.module_id))
      .where(where)
      .orderBy(direction(functions[query.orderBy]), direction(functions.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(functions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findFunction(db: Queryable, id: number) {
  const [row] = await db
    .select(functionColumns)
    .from(functions)
    .innerJoin(modules, eq(modules.id, functions.module_id))
    .where(eq(functions.id, id));
  return row;
}

/** Whether a module or a function other than `except` already uses the permission name. */
export async function permissionNameTaken(
  db: Queryable,
  name: string,
  except: { module?: number; function?: number } = {},
) {
  const [inModules, inFunctions] = await Promise.all([
    db
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.permission_name, name), ne(modules.id, except.module ?? 0)))
      .limit(1),
    db
      .select({ id: functions.id })
      .from(functions)
      .where(and(eq(functions.permission_name, name), ne(functions.id, except.function ?? 0)))
      .limit(1),
  ]);
  return inModules.length > 0 || inFunctions.length > 0;
}

/** Every module and function, ordered for the grants matrix. */
export async function allModulesAndFunctions(db: Queryable) {
  const [moduleRows, functionRows] = await Promise.all([
    db.select().from(modules).orderBy(asc(modules.id)),
    db.select().from(functions).orderBy(asc(functions.module_id), asc(functions.id)),
  ]);
  return { moduleRows, functionRows };
}

/** The module and function ids a role is granted. */
export async function grantIdsOf(db: Queryable, roleId: number) {
  const [moduleIds, functionIds] = await Promise.all([
    db.select({ id: roleGrants.module_id }).from(roleGrants).where(eq(roleGrants.role_id, roleId)),
    db
      .select({ id: roleFunctionGrants.function_id })
      .from(roleFunctionGrants)
      .where(eq(roleFunctionGrants.role_id, roleId)),
  ]);
  return { modules: moduleIds.map((row) => row.id), functions: functionIds.map((row) => row.id) };
}

/** Replaces a role's module and function grants. */
export async function replaceGrants(
  tx: Queryable,
  roleId: number,
  moduleIds: number[],
  functionIds: number[],
) {
  await tx.delete(roleGrants).where(eq(roleGrants.role_id, roleId));
  await tx.delete(roleFunctionGrants).where(eq(roleFunctionGrants.role_id, roleId));
  if (moduleIds.length)
    await tx.insert(roleGrants).values(moduleIds.map((module_id) => ({ role_id: roleId, module_id })));
  if (functionIds.length)
    await tx
      .insert(roleFunctionGrants)
      .values(functionIds.map((function_id) => ({ role_id: roleId, function_id })));
}

/** The permission names of module and function ids (for the audit log). */
export async function permissionNamesOf(db: Queryable, moduleIds: number[], functionIds: number[]) {
  const [moduleNames, functionNames] = await Promise.all([
    moduleIds.length
      ? db.select({ name: modules.permission_name }).from(modules).where(inArray(modules.id, moduleIds))
      : [],
    functionIds.length
      ? db
          .select({ name: functions.permission_name })
          .from(functions)
          .where(inArray(functions.id, functionIds))
      : [],
  ]);
  return {
    modules: moduleNames.map((row) => row.name).sort(),
    functions: functionNames.map((row) => row.name).sort(),
  };
}

export type ModuleValues = typeof modules.$inferInsert;
export type FunctionValues = typeof functions.$inferInsert;
export type RoleValues = typeof roles.$inferInsert;

export async function insertModule(tx: Queryable, values: ModuleValues): Promise<ModuleRecord> {
  const [row] = await tx.insert(modules).values(values).returning();
  return row!;
}

export async function updateModule(tx: Queryable, id: number, values: ModuleValues): Promise<ModuleRecord> {
  const [row] = await tx
    .update(modules)
    .set({ ...values, updated_at: new Date() })
    .where(eq(modules.id, id))
    .returning();
  return row!;
}

export async function deleteModule(tx: Queryable, id: number) {
  await tx.delete(modules).where(eq(modules.id, id));
}

export async function insertFunction(tx: Queryable, values: FunctionValues): Promise<FunctionRecord> {
  const [row] = await tx.insert(functions).values(values).returning();
  return row!;
}

export async function updateFunction(
  tx: Queryable,
  id: number,
  values: FunctionValues,
): Promise<FunctionRecord> {
  const [row] = await tx
    .update(functions)
    .set({ ...values, updated_at: new Date() })
    .where(eq(functions.id, id))
    .returning();
  return row!;
}

export async function deleteFunction(tx: Queryable, id: number) {
  await tx.delete(functions).where(eq(functions.id, id));
}

export async function insertRole(tx: Queryable, values: RoleValues): Promise<RoleRecord> {
  const [role] = await tx.insert(roles).values(values).returning();
  return role!;
}

export async function updateRole(tx: Queryable, id: number, values: RoleValues): Promise<RoleRecord> {
  const [role] = await tx
    .update(roles)
    .set({ ...values, updated_at: new Date() })
    .where(eq(roles.id, id))
    .returning();
  return role!;
}

export async function deleteRole(tx: Queryable, id: number) {
  await tx.delete(roles).where(eq(roles.id, id));
}

/**
 * The version of the grants: every change of roles, modules, functions or grants raises it in its own
 * transaction. Each request reads it with its session (one statement, modules/sessions/sessions.repo.ts), so
 * every API process notices a change at its next request without a query of its own (grants-cache.ts).
 */
export const bumpGrantsVersion = (tx: Queryable) => raiseVersion(tx, 'grants_version');

/** Every grant as (role name, permission name): module grants and function grants. */
export async function allGrants(db: Db) {
  const moduleGrants = db
    .select({ role: roles.name, permission: modules.permission_name })
    .from(roleGrants)
    .innerJoin(roles, eq(roles.id, roleGrants.role_id))
    .innerJoin(modules, eq(modules.id, roleGrants.module_id));
  const functionGrants = db
    .select({ role: roles.name, permission: functions.permission_name })
    .from(roleFunctionGrants)
    .innerJoin(roles, eq(roles.id, roleFunctionGrants.role_id))
    .innerJoin(functions, eq(functions.id, roleFunctionGrants.function_id));
  return moduleGrants.unionAll(functionGrants);
}
