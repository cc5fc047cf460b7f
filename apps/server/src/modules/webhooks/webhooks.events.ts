import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@storelift/shared';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import * as repo from './webhooks.repo.js';

/** What a delivery type may be: a subscribable event, or the test event an endpoint's owner sends. */
export type DeliveryType = WebhookEvent | 'ping';

/**
 * Records an event for the user's endpoints that take it (docs/webhooks.md, Events), in the caller's
 * transaction: the delivery rows are the outbox, sent by the `webhooks.deliver` job once committed, so an
 * event exists exactly when what it tells of does. A `keyword.rank_changed` event reaches only endpoints
 * whose threshold its `change` exceeds.
 */
export async function emitEvent(
  tx: Queryable,
  userId: number,
  type: WebhookEvent,
  payload: Record<string, unknown>,
  now = new Date(),
) {
  await repo.insertEventDeliveries(tx, eventOf(userId, type, payload, now));
}

/** emitEvent()'s statement, to run beside others in one (crediting a payment). */
export function eventInsert(
  userId: number,
  type: WebhookEvent,
  payload: Record<string, unknown>,
  now = new Date(),
): SQL {
  return repo.eventDeliveriesInsert(eventOf(userId, type, payload, now));
}

function eventOf(userId: number, type: WebhookEvent, payload: Record<string, unknown>, now: Date) {
  const change = typeof payload.change === 'number' ? Math.abs(payload.change) : 0;
  return { userId, type, eventId: `evt_${randomUUID()}`, payload, change, now };
}
