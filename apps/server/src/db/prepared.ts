import type { Queryable } from './client.js';

/** Prepared statements of one database or transaction, by name. */
const preparedOf = new WeakMap<Queryable, Map<string, unknown>>();

/**
 * A fixed-shape query (its values Drizzle placeholders) that a hot path runs on every call, built and named once
 * per database so it is neither rebuilt nor re-planned each time.
 */
export function prepared<T>(db: Queryable, name: string, build: () => T): T {
  let byName = preparedOf.get(db);
  if (!byName) preparedOf.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build());
  return byName.get(name) as T;
}
