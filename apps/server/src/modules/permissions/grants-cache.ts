import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import {
  functions,
  modules,
  roleFunctionGrants,
  roleGrants,
  roles,
  settings,
} from '../../db/schema/index.js';

/**
 * The version of the grants: every change of roles, modules, functions or grants raises it in its own
 * transaction. Each request reads it with its session (one statement, modules/sessions/sessions.repo.ts), so
 * every API process notices a change at its next request without a query of its own.
 */
export async function bumpGrantsVersion(tx: Queryable) {
  await tx
    .insert(settings)
    .values({ key: 'grants_version', value: 1 })
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`to_jsonb(coalesce((${settings.value} #>> '{}')::int, 0) + 1)`,
        updated_at: new Date(),
      },
    });
}

/** Every grant as (role name, permission name): module grants and function grants. */
async function loadGrants(db: Db) {
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

interface Snapshot {
  version: number;
  byRole: Map<string, ReadonlySet<string>>;
}

/** The permission names of roles, cached per process and reloaded when the grants version changes. */
export interface GrantsCache {
  permissionsOf(roleNames: readonly string[], version: number): Promise<ReadonlySet<string>>;
}

/**
 * A process's grants cache. A request carrying another version than the cached one reloads it (once for all
 * requests waiting on the same version). The version read with the session precedes the load, so a cache
 * labelled with it is never newer than its label: a change committed meanwhile triggers one more load.
 */
export function createGrantsCache(db: Db): GrantsCache {
  let current: Snapshot | undefined;
  let pending: { version: number; load: Promise<Snapshot> } | undefined;

  async function loadSnapshot(version: number): Promise<Snapshot> {
    const byRole = new Map<string, Set<string>>();
    for (const { role, permission } of await loadGrants(db)) {
      let set = byRole.get(role);
      if (!set) byRole.set(role, (set = new Set()));
      set.add(permission);
    }
    return { version, byRole };
  }

  async function snapshot(version: number): Promise<Snapshot> {
    if (current?.version === version) return current;
    if (pending?.version !== version) {
      const load = loadSnapshot(version).finally(() => {
        if (pending?.load === load) pending = undefined;
      });
      pending = { version, load };
    }
    current = await pending.load;
    return current;
  }

  return {
    async permissionsOf(roleNames, version) {
      const { byRole } = await snapshot(version);
      if (roleNames.length === 1) return byRole.get(roleNames[0]!) ?? new Set();
      const union = new Set<string>();
      for (const role of roleNames) for (const permission of byRole.get(role) ?? []) union.add(permission);
      return union;
    },
  };
}
