import { inArray } from 'drizzle-orm';
import { PERMISSION_FUNCTIONS, PERMISSION_MODULES, type Role } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import {
  functions,
  modules,
  roleFunctionGrants,
  roleGrants,
  roles,
  settings,
} from '../../db/schema/index.js';
import { bumpGrantsVersion } from './permissions.repo.js';

/** Role ids by name. */
async function roleIds(tx: Queryable): Promise<Map<string, number>> {
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  return new Map(rows.map((row) => [row.name, row.id]));
}

const idsOf = (names: readonly Role[], ids: Map<string, number>) =>
  names.flatMap((name) => (ids.has(name) ? [ids.get(name)!] : []));

/**
 * The modules and functions the code checks (packages/shared constants/permissions.ts), each granted to its
 * default roles when it is first created. Running it again adds only what is new, so later issues' permissions
 * arrive with their grants while grants staff changed are never put back.
 */
export async function seedPermissions(db: Db) {
  await db.insert(settings).values({ key: 'grants_version', value: 0 }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const ids = await roleIds(tx);
    const newModules = await tx
      .insert(modules)
      .values(
        PERMISSION_MODULES.map((module) => ({
          name: module.name,
          namespace: 'admin',
          permission_name: module.permission,
        })),
      )
      .onConflictDoNothing({ target: modules.permission_name })
      .returning({ id: modules.id, permission_name: modules.permission_name });
    const moduleGrants = newModules.flatMap((row) =>
      idsOf(PERMISSION_MODULES.find((module) => module.permission === row.permission_name)!.roles, ids).map(
        (role_id) => ({ role_id, module_id: row.id }),
      ),
    );
    if (moduleGrants.length) await tx.insert(roleGrants).values(moduleGrants).onConflictDoNothing();

    const moduleIds = new Map(
      (
        await tx
          .select({ id: modules.id, permission_name: modules.permission_name })
          .from(modules)
          .where(
            inArray(
              modules.permission_name,
              PERMISSION_MODULES.map((module) => module.permission),
            ),
          )
      ).map((row) => [row.permission_name, row.id]),
    );
    const newFunctions = await tx
      .insert(functions)
      .values(
        PERMISSION_FUNCTIONS.map((fn) => ({
          module_id: moduleIds.get(fn.module)!,
          name: fn.name,
          namespace: fn.permission.split('.')[0]!,
          permission_name: fn.permission,
        })),
      )
      .onConflictDoNothing({ target: functions.permission_name })
      .returning({ id: functions.id, permission_name: functions.permission_name });
    const functionGrants = newFunctions.flatMap((row) =>
      idsOf(PERMISSION_FUNCTIONS.find((fn) => fn.permission === row.permission_name)!.roles, ids).map(
        (role_id) => ({ role_id, function_id: row.id }),
      ),
    );
    if (functionGrants.length)
      await tx.insert(roleFunctionGrants).values(functionGrants).onConflictDoNothing();
    if (newModules.length || newFunctions.length) await bumpGrantsVersion(tx);
  });
}
