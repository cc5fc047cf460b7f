import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type webhookEndpointBodySchema,
  type webhookEndpointUpdateSchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { UnsafeUrlError, checkPublicUrl } from '../../lib/public-url.js';
import * as repo from './webhooks.repo.js';
import { maskSecret, newWebhookSecret } from './webhooks.signing.js';

type EndpointInput = z.output<typeof webhookEndpointBodySchema>;
type UpdateInput = z.output<typeof webhookEndpointUpdateSchema>;

const view = (row: repo.EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEndpoint['events'],
  rank_threshold: row.rank_threshold,
  is_active: row.is_active,
  secret_hint: maskSecret(row.secret),
  created_at: row.created_at.toISOString(),
});

const deliveryView = (row: repo.DeliveryRow, attempts: repo.AttemptRow[]): WebhookDelivery => ({
  id: row.id,
  event_id: row.event_id,
  type: row.type as WebhookDelivery['type'],
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  payload: row.payload,
  log: attempts.map((each) => ({
    at: each.created_at.toISOString(),
    status_code: each.status_code,
    latency_ms: each.latency_ms,
    error: each.error,
    response_excerpt: each.response_excerpt,
  })),
});

/** 422 on `url` unless it is a public http(s) address now (checked again on every delivery). */
async function requirePublic(deps: Deps, url: string) {
  try {
    await checkPublicUrl(url, deps.outbound);
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    throw ValidationError.field('url', WEBHOOK_MESSAGES.urlNotPublic);
  }
}

async function ownEndpoint(deps: Deps, userId: number, id: number) {
  const row = await repo.findEndpoint(deps.db, userId, id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listEndpoints(deps: Deps, userId: number) {
  return { data: (await repo.endpointsOf(deps.db, userId)).map(view) };
}

/** Registers an endpoint (at most `endpointsPerUser`); the answer carries its secret this one time. */
export async function createEndpoint(deps: Deps, userId: number, body: EndpointInput) {
  await requirePublic(deps, body.url);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    if ((await repo.lockedEndpointCount(tx, userId)) >= WEBHOOK_LIMITS.endpointsPerUser)
      throw new ConflictError(WEBHOOK_MESSAGES.tooManyEndpoints);
    return repo.insertEndpoint(tx, {
      user_id: userId,
      url: body.url,
      events: body.events,
      rank_threshold: body.rank_threshold,
      secret,
    });
  });
  return { data: view(row), secret };
}

export async function updateEndpoint(deps: Deps, userId: number, id: number, body: UpdateInput) {
  const row = await repo.updateEndpoint(deps.db, userId, id, {
    ...(body.events && { events: body.events }),
    ...(body.rank_threshold !== undefined && { rank_threshold: body.rank_threshold }),
    ...(body.is_active !== undefined && { is_active: body.is_active }),
  });
  if (!row) throw new NotFoundError();
  return { data: view(row) };
}

export async function deleteEndpoint(deps: Deps, userId: number, id: number) {
  if (!(await repo.deleteEndpoint(deps.db, userId, id))) throw new NotFoundError();
  return { message: 'Deleted' };
}

/** An endpoint's deliveries with their attempt logs, newest first. */
export async function listDeliveries(
  deps: Deps,
  userId: number,
  id: number,
  query: { page: number; limit: number },
) {
  await ownEndpoint(deps, userId, id);
  const { rows, total } = await repo.deliveriesOf(deps.db, id, query.page, query.limit);
  const attempts = await repo.attemptsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) =>
      deliveryView(
        row,
        attempts.filter((each) => each.delivery_id === row.id),
      ),
    ),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** Sends a delivery again now (whatever its state); the new attempt joins its log. */
export async function redeliver(deps: Deps, userId: number, id: number, deliveryId: number) {
  await ownEndpoint(deps, userId, id);
  const found = await repo.findDelivery(deps.db, id, deliveryId);
  if (!found) throw new NotFoundError();
  const row = (await repo.requeue(deps.db, deliveryId, new Date()))!;
  await deps.jobs.send('webhooks.deliver', {});
  return { data: deliveryView(row, await repo.attemptsOf(deps.db, [row.id])) };
}

/** Queues a `ping` delivery to the endpoint, so its owner can try the receiving side. */
export async function sendTest(deps: Deps, userId: number, id: number) {
  const endpoint = await ownEndpoint(deps, userId, id);
  const now = new Date();
  const [row] = await repo.insertDeliveries(deps.db, [
    {
      endpoint_id: endpoint.id,
      event_id: `evt_${randomUUID()}`,
      type: 'ping',
      payload: { message: 'A test event from Storelift' },
      next_attempt_at: now,
      created_at: now,
    },
  ]);
  await deps.jobs.send('webhooks.deliver', {});
  return { data: deliveryView(row!, []) };
}
