import {
  ACCESS_MESSAGES,
  ROLES,
  type roleListQuerySchema,
  type RoleRow,
  type roleBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import * as repo from './permissions.repo.js';

type RoleBody = z.output<typeof roleBodySchema>;

/** A role the code refers to by name (admin, user, manager, …). */
export const isBuiltinRole = (name: string) => (ROLES as readonly string[]).includes(name);

function toView(row: { role: repo.RoleRecord; users_count: number }): RoleRow {
  return {
    id: row.role.id,
    name: row.role.name,
    guard_name: row.role.guard_name,
    builtin: isBuiltinRole(row.role.name),
    users_count: row.users_count,
    created_at: row.role.created_at.toISOString(),
    updated_at: row.role.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a role. */
const auditView = (role: repo.RoleRecord) => ({ name: role.name, guard_name: role.guard_name });

async function roleOr404(db: Db, id: number) {
  const row = await repo.findRole(db, id);
  if (!row) throw new NotFoundError();
  return row;
}

async function nameFree(db: Db, name: string, exceptId?: number) {
  const taken = await repo.findRoleByName(db, name);
  if (taken && taken.id !== exceptId) throw ValidationError.field('name', ACCESS_MESSAGES.roleNameTaken);
}

/** `GET roles`: a page, searched by name. */
export async function listRoles(db: Db, query: z.output<typeof roleListQuerySchema>) {
  const { rows, total } = await repo.pageRoles(db, query);
  return { data: rows.map(toView), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET roles/{id}`. */
export async function getRole(db: Db, id: number) {
  return { data: toView(await roleOr404(db, id)) };
}

/** `POST roles`: a role of the staff's own, with no grants yet. */
export async function createRole(db: Db, body: RoleBody) {
  await nameFree(db, body.name);
  const id = await db.transaction(async (tx) => {
    const role = await repo.insertRole(tx, body);
    await audit(tx, {
      action: 'roles.create',
      target: { type: 'role', id: role.id },
      after: auditView(role),
    });
    return role.id;
  });
  return { data: toView(await roleOr404(db, id)), message: ACCESS_MESSAGES.roleSaved };
}

/** `PUT roles/{id}`: name and guard name; a built-in role keeps its name. */
export async function updateRole(db: Db, id: number, body: RoleBody) {
  await nameFree(db, body.name, id);
  await db.transaction(async (tx) => {
    const row = await repo.findRole(tx, id, true);
    if (!row) throw new NotFoundError();
    if (isBuiltinRole(row.role.name) && body.name !== row.role.name)
      throw new ConflictError(ACCESS_MESSAGES.roleBuiltin);
    const role = await repo.updateRole(tx, id, body);
    // Grants are cached by role name: a new name is a change of grants.
    await repo.bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'roles.update',
      target: { type: 'role', id },
      before: auditView(row.role),
      after: auditView(role),
    });
  });
  return { data: toView(await roleOr404(db, id)), message: ACCESS_MESSAGES.roleSaved };
}

/**
 * `DELETE roles/{id}`: never a built-in role; a role some users hold only with `move_to`, the role its
 * holders get instead (in the same transaction).
 */
export async function deleteRole(db: Db, id: number, moveTo: number | undefined) {
  await db.transaction(async (tx) => {
    const row = await repo.findRole(tx, id, true);
    if (!row) throw new NotFoundError();
    if (isBuiltinRole(row.role.name)) throw new ConflictError(ACCESS_MESSAGES.roleBuiltin);
    let target: repo.RoleRecord | undefined;
    if (moveTo !== undefined) {
      if (moveTo === id) throw ValidationError.field('move_to', ACCESS_MESSAGES.roleMoveToSame);
      target = (await repo.findRole(tx, moveTo))?.role;
      if (!target) throw ValidationError.field('move_to', ACCESS_MESSAGES.roleMoveToSame);
    }
    if (row.users_count > 0) {
      if (!target) throw new ConflictError({ code: 'access.roleInUse', params: { count: row.users_count } });
      await repo.moveRoleHolders(tx, id, target.id);
    }
    await repo.deleteRole(tx, id);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'roles.delete',
      target: { type: 'role', id },
      before: { ...auditView(row.role), users_count: row.users_count },
      after: target && row.users_count > 0 ? { users_moved_to: target.name } : null,
    });
  });
  return { message: ACCESS_MESSAGES.roleDeleted, count: 1 };
}
