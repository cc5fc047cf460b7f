import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** Whether the service is in maintenance: customers are answered 503 until it ends. */
export async function isMaintenance(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'maintenance'));
  return row?.value === true;
}

export async function setMaintenance(db: Db, on: boolean) {
  await db
    .insert(settings)
    .values({ key: 'maintenance', value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on, updated_at: new Date() } });
}
