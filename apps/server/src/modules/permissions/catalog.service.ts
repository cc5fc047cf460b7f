import {
  ACCESS_MESSAGES,
  isBuiltinPermission,
  type functionListQuerySchema,
  type moduleListQuerySchema,
  type PermissionFunction,
  type PermissionModule,
  type functionBodySchema,
  type moduleBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import * as repo from './permissions.repo.js';

/*
 * Modules and functions (staff-admin §2). The ones the code checks are built in: their permission name is
 * fixed and they cannot be deleted, or a route would be shut for everyone. Staff may rename them, and add
 * modules and functions of their own (docs/permissions.md).
 */

type ModuleBody = z.output<typeof moduleBodySchema>;
type FunctionBody = z.output<typeof functionBodySchema>;

const stamps = (row: { created_at: Date; updated_at: Date }) => ({
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

function moduleView(row: { module: repo.ModuleRecord; functions_count: number }): PermissionModule {
  const { module } = row;
  return {
    id: module.id,
    name: module.name,
    namespace: module.namespace,
    permission_name: module.permission_name,
    builtin: isBuiltinPermission(module.permission_name),
    functions_count: row.functions_count,
    ...stamps(module),
  };
}

function functionView(row: {
  fn: repo.FunctionRecord;
  module: { id: number; name: string; permission_name: string };
}): PermissionFunction {
  const { fn } = row;
  return {
    id: fn.id,
    module: row.module,
    name: fn.name,
    namespace: fn.namespace,
    permission_name: fn.permission_name,
    builtin: isBuiltinPermission(fn.permission_name),
    ...stamps(fn),
  };
}

/** What the audit log keeps of a module or function. */
const auditView = (row: {
  name: string;
  namespace: string;
  permission_name: string;
  module_id?: number;
}) => ({
  name: row.name,
  namespace: row.namespace,
  permission_name: row.permission_name,
  ...(row.module_id !== undefined && { module_id: row.module_id }),
});

async function checkPermissionName(
  db: Queryable,
  name: string,
  current: { permission_name: string } | undefined,
  except: { module?: number; function?: number },
) {
  if (current && isBuiltinPermission(current.permission_name) && name !== current.permission_name)
    throw new ConflictError(ACCESS_MESSAGES.permissionBuiltin);
  if (await repo.permissionNameTaken(db, name, except))
    throw ValidationError.field('permission_name', ACCESS_MESSAGES.permissionNameTaken);
}

async function moduleOr404(db: Queryable, id: number) {
  const row = await repo.findModule(db, id);
  if (!row) throw new NotFoundError();
  return row;
}

async function functionOr404(db: Queryable, id: number) {
  const row = await repo.findFunction(db, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** `GET modules`. */
export async function listModules(db: Db, query: z.output<typeof moduleListQuerySchema>) {
  const { rows, total } = await repo.pageModules(db, query);
  return { data: rows.map(moduleView), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET modules/{id}`. */
export async function getModule(db: Db, id: number) {
  return { data: moduleView(await moduleOr404(db, id)) };
}

/** `POST modules`. */
export async function createModule(db: Db, body: ModuleBody) {
  const id = await db.transaction(async (tx) => {
    await checkPermissionName(tx, body.permission_name, undefined, {});
    const row = await repo.insertModule(tx, body);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'modules.create',
      target: { type: 'module', id: row.id },
      after: auditView(row),
    });
    return row.id;
  });
  return { data: moduleView(await moduleOr404(db, id)), message: ACCESS_MESSAGES.moduleSaved };
}

/** `PUT modules/{id}`: a built-in module keeps its permission name. */
export async function updateModule(db: Db, id: number, body: ModuleBody) {
  await db.transaction(async (tx) => {
    const { module } = await moduleOr404(tx, id);
    await checkPermissionName(tx, body.permission_name, module, { module: id });
    const row = await repo.updateModule(tx, id, body);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'modules.update',
      target: { type: 'module', id },
      before: auditView(module),
      after: auditView(row),
    });
  });
  return { data: moduleView(await moduleOr404(db, id)), message: ACCESS_MESSAGES.moduleSaved };
}

/** `DELETE modules/{id}`: not a built-in module, nor one that still has functions; its grants go with it. */
export async function deleteModule(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const { module, functions_count } = await moduleOr404(tx, id);
    if (isBuiltinPermission(module.permission_name))
      throw new ConflictError(ACCESS_MESSAGES.permissionBuiltin);
    if (functions_count > 0) throw new ConflictError(ACCESS_MESSAGES.moduleHasFunctions);
    await repo.deleteModule(tx, id);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, { action: 'modules.delete', target: { type: 'module', id }, before: auditView(module) });
  });
  return { message: ACCESS_MESSAGES.moduleDeleted, count: 1 };
}

/** `GET functions`. */
export async function listFunctions(db: Db, query: z.output<typeof functionListQuerySchema>) {
  const { rows, total } = await repo.pageFunctions(db, query);
  return { data: rows.map(functionView), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET functions/{id}`. */
export async function getFunction(db: Db, id: number) {
  return { data: functionView(await functionOr404(db, id)) };
}

async function moduleExists(db: Queryable, id: number) {
  if (!(await repo.findModule(db, id)))
    throw ValidationError.field('module_id', ACCESS_MESSAGES.moduleUnknown);
}

/** `POST functions`. */
export async function createFunction(db: Db, body: FunctionBody) {
  const id = await db.transaction(async (tx) => {
    await moduleExists(tx, body.module_id);
    await checkPermissionName(tx, body.permission_name, undefined, {});
    const row = await repo.insertFunction(tx, body);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'functions.create',
      target: { type: 'function', id: row.id },
      after: auditView(row),
    });
    return row.id;
  });
  return { data: functionView(await functionOr404(db, id)), message: ACCESS_MESSAGES.functionSaved };
}

/** `PUT functions/{id}`: a built-in function keeps its permission name (it may move to another module). */
export async function updateFunction(db: Db, id: number, body: FunctionBody) {
  await db.transaction(async (tx) => {
    const { fn } = await functionOr404(tx, id);
    await moduleExists(tx, body.module_id);
    await checkPermissionName(tx, body.permission_name, fn, { function: id });
    const row = await repo.updateFunction(tx, id, body);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, {
      action: 'functions.update',
      target: { type: 'function', id },
      before: auditView(fn),
      after: auditView(row),
    });
  });
  return { data: functionView(await functionOr404(db, id)), message: ACCESS_MESSAGES.functionSaved };
}

/** `DELETE functions/{id}`: not a built-in function; its grants go with it. */
export async function deleteFunction(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const { fn } = await functionOr404(tx, id);
    if (isBuiltinPermission(fn.permission_name)) throw new ConflictError(ACCESS_MESSAGES.permissionBuiltin);
    await repo.deleteFunction(tx, id);
    await repo.bumpGrantsVersion(tx);
    await audit(tx, { action: 'functions.delete', target: { type: 'function', id }, before: auditView(fn) });
  });
  return { message: ACCESS_MESSAGES.functionDeleted, count: 1 };
}
