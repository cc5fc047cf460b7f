import type { Db } from '../../db/client.js';
import { allGrants } from './permissions.repo.js';

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
    for (const { role, permission } of await allGrants(db)) {
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
