import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { payments, settings } from '../../db/schema/index.js';

/** Transfer payments still pending whose time to arrive has passed, oldest first (payments_expiring_idx). */
export async function expiredTransferPayments(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.expires_at),
        lt(payments.expires_at, now),
        eq(payments.provider, 'transfer'),
      ),
    )
    .orderBy(asc(payments.expires_at))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The stored values of some settings by key (absent keys are missing from the map). */
export async function settingValues(db: Queryable, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function storeSetting(db: Queryable, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
}
