import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@storelift/shared';
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
  const endpoints = await repo.subscribers(tx, userId, type);
  const change = typeof payload.change === 'number' ? Math.abs(payload.change) : 0;
  const takers =
    type === 'keyword.rank_changed' ? endpoints.filter((each) => change > each.rank_threshold) : endpoints;
  const eventId = `evt_${randomUUID()}`;
  return repo.insertDeliveries(
    tx,
    takers.map((endpoint) => ({
      endpoint_id: endpoint.id,
      event_id: eventId,
      type,
      payload,
      next_attempt_at: now,
      created_at: now,
    })),
  );
}
