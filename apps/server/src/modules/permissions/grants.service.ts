import { ACCESS_MESSAGES, type RoleGrants, type roleGrantsBodySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { NotFoundError, ConflictError, ValidationError } from '../../lib/errors.js';
import { audit } from '../audit/audit.js';
import { bumpGrantsVersion } from './permissions.repo.js';
import * as repo from './permissions.repo.js';
import { getRole } from './roles.service.js';

type GrantsBody = z.output<typeof roleGrantsBodySchema>;

/** The module the admin role never loses, so some admin can always grant permissions again. */
const ADMIN_KEEPS = 'roles';

/** Every module with its functions, each marked as granted to the role or not. */
async function matrixOf(db: Queryable, roleId: number): Promise<RoleGrants['modules']> {
  const [{ moduleRows, functionRows }, granted] = await Promise.all([
    repo.allModulesAndFunctions(db),
    repo.grantIdsOf(db, roleId),
  ]);
  const item = (row: { id: number; name: string; permission_name: string }, ids: number[]) => ({
    id: row.id,
    name: row.name,
    permission_name: row.permission_name,
    granted: ids.includes(row.id),
  });
  return moduleRows.map((module) => ({
    ...item(module, granted.modules),
    functions: functionRows
      .filter((fn) => fn.module_id === module.id)
      .map((fn) => item(fn, granted.functions)),
  }));
}

/** `GET roles/{id}/grants`: the grants matrix of one role. */
export async function getGrants(db: Db, roleId: number) {
  const { data: role } = await getRole(db, roleId);
  return { data: { role, modules: await matrixOf(db, roleId) } };
}

/**
 * `PUT roles/{id}/grants`: replaces the role's module and function grants at once. The admin role keeps the
 * Roles module (no lock-out). Every process drops its cached grants at its next request.
 */
export async function replaceGrants(db: Db, roleId: number, body: GrantsBody) {
  await db.transaction(async (tx) => {
    const row = await repo.findRole(tx, roleId, true);
    if (!row) throw new NotFoundError();
    const { moduleRows, functionRows } = await repo.allModulesAndFunctions(tx);
    const knownModules = new Set(moduleRows.map((module) => module.id));
    const knownFunctions = new Set(functionRows.map((fn) => fn.id));
    if (body.modules.some((id) => !knownModules.has(id)))
      throw ValidationError.field('modules', ACCESS_MESSAGES.grantUnknown);
    if (body.functions.some((id) => !knownFunctions.has(id)))
      throw ValidationError.field('functions', ACCESS_MESSAGES.grantUnknown);
    const rolesModule = moduleRows.find((module) => module.permission_name === ADMIN_KEEPS);
    if (row.role.name === 'admin' && rolesModule && !body.modules.includes(rolesModule.id))
      throw new ConflictError(ACCESS_MESSAGES.adminKeepsRoles);

    const before = await repo.grantIdsOf(tx, roleId);
    await repo.replaceGrants(tx, roleId, body.modules, body.functions);
    await bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'grants.update',
      target: { type: 'role', id: roleId },
      before: {
        role: row.role.name,
        ...(await repo.permissionNamesOf(tx, before.modules, before.functions)),
      },
      after: { role: row.role.name, ...(await repo.permissionNamesOf(tx, body.modules, body.functions)) },
    });
  });
  return { ...(await getGrants(db, roleId)), message: ACCESS_MESSAGES.grantsSaved };
}
