/**
 * An in-memory cache of promises with a time to live and a size bound (oldest entries leave first).
 * Holding the promise, not the value, makes concurrent callers of the same key share one request; a
 * rejected promise is dropped at once so errors are never cached. It lives in one process only: each
 * API process warms its own, which is acceptable for store data that changes over hours.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or the result of `load` (cached when it resolves). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** How many entries are held (expired ones included until touched). */
  get size(): number {
    return this.entries.size;
  }
}
