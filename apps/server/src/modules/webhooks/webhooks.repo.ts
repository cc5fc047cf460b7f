import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

/** A user's endpoints, oldest first. */
export function endpointsOf(db: Queryable, userId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.user_id, userId))
    .orderBy(asc(webhookEndpoints.id));
}

/** A user's endpoint by id (undefined when it is someone else's). */
export async function findEndpoint(db: Queryable, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.user_id, userId)));
  return row;
}

/** A user's endpoints counted under a lock of the user's endpoint rows (two registrations at once count right). */
export async function lockedEndpointCount(db: Queryable, userId: number) {
  await db.execute(sql`select id from users where id = ${userId} for update`);
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.user_id, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: Queryable, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: Queryable,
  userId: number,
  id: number,
  values: Partial<Pick<EndpointRow, 'events' | 'rank_threshold' | 'is_active'>>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.user_id, userId)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Queryable, userId: number, id: number) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.user_id, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * The insert of an event's delivery to each of the user's active endpoints that take its type (a
 * `keyword.rank_changed` only where `change` exceeds the endpoint's threshold): one statement, run alone or
 * beside others in one.
 */
export function eventDeliveriesInsert(event: {
  userId: number;
  type: string;
  eventId: string;
  payload: Record<string, unknown>;
  change: number;
  now: Date;
}): SQL {
  return sql`insert into ${webhookDeliveries} (endpoint_id, event_id, type, payload, next_attempt_at, created_at)
    select e.id, ${event.eventId}::text, ${event.type}::text,
      ${sql.param(event.payload, webhookDeliveries.payload)}::jsonb, ${event.now}::timestamptz,
      ${event.now}::timestamptz
    from ${webhookEndpoints} e
    where e.user_id = ${event.userId}::int and e.is_active and ${event.type}::text = any(e.events)
      and (${event.type}::text <> 'keyword.rank_changed' or ${event.change}::int > e.rank_threshold)`;
}

export async function insertEventDeliveries(
  tx: Queryable,
  event: Parameters<typeof eventDeliveriesInsert>[0],
) {
  await rowsOf(tx, eventDeliveriesInsert(event), { prepared: true });
}

export async function insertDeliveries(db: Queryable, rows: NewDelivery[]) {
  if (!rows.length) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/** An endpoint's deliveries, newest first, one page, with the total. */
export async function deliveriesOf(db: Db, endpointId: number, page: number, limit: number) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, endpointId));
  return { rows, total: total?.n ?? 0 };
}

export async function findDelivery(db: Queryable, endpointId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpoint_id, endpointId)));
  return row;
}

/** The attempts of these deliveries, oldest first. */
export function attemptsOf(db: Queryable, deliveryIds: number[]) {
  if (!deliveryIds.length) return Promise.resolve([] as AttemptRow[]);
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.delivery_id, deliveryIds))
    .orderBy(asc(webhookAttempts.id));
}

/**
 * Claims up to `limit` due deliveries of active endpoints: their next attempt moves `leaseMs` ahead, so
 * another worker does not take them while they are sent (a crashed sender's delivery comes back then).
 */
export async function claimDue(db: Db, now: Date, leaseMs: number, limit: number) {
  const lease = new Date(now.getTime() + leaseMs);
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        sql`${webhookDeliveries.next_attempt_at} <= ${now.toISOString()}::timestamptz`,
        eq(webhookEndpoints.is_active, true),
      ),
    )
    .orderBy(asc(webhookDeliveries.next_attempt_at))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ next_attempt_at: lease })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (!claimed.length) return [];
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpoint_id))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return claimed.flatMap((delivery) => {
    const endpoint = byId.get(delivery.endpoint_id);
    return endpoint ? [{ delivery, endpoint }] : [];
  });
}

/** Records an attempt and the delivery's new state in one transaction. */
export async function recordAttempt(
  db: Db,
  deliveryId: number,
  attempt: Omit<typeof webhookAttempts.$inferInsert, 'delivery_id'>,
  state: Pick<DeliveryRow, 'status' | 'next_attempt_at'>,
) {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ ...attempt, delivery_id: deliveryId });
    await tx
      .update(webhookDeliveries)
      .set({ ...state, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
}

/** Puts a delivery back in the queue, due now. */
export async function requeue(db: Queryable, deliveryId: number, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', next_attempt_at: now })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  return row;
}
