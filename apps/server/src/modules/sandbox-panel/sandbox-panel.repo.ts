import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { sandboxPanelAccount, sandboxPanelOrders, sandboxPanelRefills } from '../../db/schema/index.js';

/** The queries of the sandbox panel (sandbox-panel.service.ts): its orders, refills and one account. */

const ACCOUNT = 1;

export type SandboxPanelOrderRow = typeof sandboxPanelOrders.$inferSelect;

/** What `rate` per 1000 costs for `quantity`, to 5 decimals, computed by the database (never a float). */
const chargeOf = (rate: string, quantity: number) =>
  sql<string>`round(${rate}::numeric * ${quantity} / 1000, 5)`;

/**
 * Takes the order's charge off the balance and records the order, in one transaction; null (nothing written)
 * when the balance does not cover it.
 */
export async function insertOrder(
  db: Db,
  order: Omit<typeof sandboxPanelOrders.$inferInsert, 'charge' | 'id'>,
  rate: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const charge = chargeOf(rate, order.quantity);
    const [paid] = await tx
      .update(sandboxPanelAccount)
      .set({ balance: sql`${sandboxPanelAccount.balance} - ${charge}`, updated_at: new Date() })
      .where(and(eq(sandboxPanelAccount.id, ACCOUNT), sql`${sandboxPanelAccount.balance} >= ${charge}`))
      .returning({ id: sandboxPanelAccount.id });
    if (!paid) return null;
    const [row] = await tx
      .insert(sandboxPanelOrders)
      .values({ ...order, charge })
      .returning({ id: sandboxPanelOrders.id });
    return row!.id;
  });
}

export function findOrders(db: Queryable, ids: number[]): Promise<SandboxPanelOrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(sandboxPanelOrders).where(inArray(sandboxPanelOrders.id, ids));
}

/**
 * Ends an open order with its final status and what it left undelivered, refunding that part of its charge to
 * the balance; the row answered as it now is. Once only: an order already ended is answered unchanged.
 */
export async function endOrder(
  db: Db,
  id: number,
  status: string,
  remains: number,
  now: Date,
): Promise<SandboxPanelOrderRow | undefined> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(sandboxPanelOrders)
      .where(and(eq(sandboxPanelOrders.id, id), isNull(sandboxPanelOrders.final_status)))
      .for('update');
    if (!open) return (await findOrders(tx, [id]))[0];
    const refund = sql`round(${open.charge}::numeric * ${remains} / ${open.quantity}, 5)`;
    await tx
      .update(sandboxPanelAccount)
      .set({ balance: sql`${sandboxPanelAccount.balance} + ${refund}`, updated_at: now })
      .where(eq(sandboxPanelAccount.id, ACCOUNT));
    const [ended] = await tx
      .update(sandboxPanelOrders)
      .set({
        final_status: status,
        final_remains: remains,
        charge: sql`${sandboxPanelOrders.charge} - ${refund}`,
        ended_at: now,
      })
      .where(eq(sandboxPanelOrders.id, id))
      .returning();
    return ended;
  });
}

export async function insertRefill(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db
    .insert(sandboxPanelRefills)
    .values({ order_id: orderId })
    .returning({ id: sandboxPanelRefills.id });
  return row!.id;
}

export async function findRefill(db: Queryable, id: number) {
  const [row] = await db.select().from(sandboxPanelRefills).where(eq(sandboxPanelRefills.id, id));
  return row;
}

export async function findAccount(db: Queryable) {
  const [row] = await db
    .select({ balance: sandboxPanelAccount.balance, currency: sandboxPanelAccount.currency })
    .from(sandboxPanelAccount)
    .where(eq(sandboxPanelAccount.id, ACCOUNT));
  return row!;
}
