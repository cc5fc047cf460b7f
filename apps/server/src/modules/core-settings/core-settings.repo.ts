import { eq, inArray, sql } from 'drizzle-orm';
import {
  MARKETING_MAX_PERCENT_DEFAULT,
  formatMoney,
  parseMoney,
  type Maintenance,
  type Money,
} from '@storelift/shared';
import { rowsOf } from '../../db/sql-rows.js';
import type { Db, Queryable } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** Whether the service is in maintenance: customers are answered 503 until it ends. */
export async function isMaintenance(db: Db): Promise<boolean> {
  return (await readMaintenance(db)).enabled;
}

/** Maintenance mode and staff's note on it (`settings.maintenance`, `settings.maintenance_message`). */
export async function readMaintenance(db: Db): Promise<Maintenance> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ['maintenance', 'maintenance_message']));
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  const message = valueOf('maintenance_message');
  return {
    enabled: valueOf('maintenance') === true,
    message: typeof message === 'string' && message ? message : null,
  };
}

/** Switches maintenance mode and replaces the note (none by default). */
export async function setMaintenance(db: Queryable, enabled: boolean, message: string | null = null) {
  for (const [key, value] of [
    ['maintenance', enabled],
    // The column is not null: no note is stored as an empty text.
    ['maintenance_message', message ?? ''],
  ] as const) {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
  }
}

const MARKETING_MAX_PERCENT = 'marketing_max_percent';

/** The highest tier percent a non-admin may give a marketing action (50 % until an admin sets it). */
export async function readMarketingMaxPercent(db: Queryable): Promise<Money> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, MARKETING_MAX_PERCENT));
  // Drizzle reads a JSON text that looks like a number ("70.0000") as the number.
  const value = row?.value;
  return parseMoney(
    typeof value === 'string' || typeof value === 'number' ? String(value) : MARKETING_MAX_PERCENT_DEFAULT,
  );
}

export async function setMarketingMaxPercent(db: Queryable, percent: Money) {
  const value = formatMoney(percent);
  await db
    .insert(settings)
    .values({ key: MARKETING_MAX_PERCENT, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
}

/** A setting's stored value, if any. */
export async function settingValue(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Raises a version counter kept in `settings` (1 when it is new), in the caller's transaction. */
export async function raiseVersion(tx: Queryable, key: string) {
  await tx
    .insert(settings)
    .values({ key, value: 1 })
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`to_jsonb(coalesce((${settings.value} #>> '{}')::int, 0) + 1)`,
        updated_at: new Date(),
      },
    });
}

/** A version counter kept in `settings` (0 when there is none); read on the request path, so prepared. */
export async function versionOf(db: Db, key: string): Promise<number> {
  const [row] = await rowsOf<{ value: number }>(
    db,
    sql`select coalesce((value #>> '{}')::int, 0) as value from ${settings} where key = ${key}`,
    { prepared: true },
  );
  return row?.value ?? 0;
}
