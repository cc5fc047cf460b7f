import { WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { eachOnItsOwn } from '../../lib/batches.js';
import { UnsafeUrlError, publicRequest } from '../../lib/public-url.js';
import * as repo from './webhooks.repo.js';
import { signatureHeader } from './webhooks.signing.js';

/** Deliveries one run claims; the run goes on while there are more due. */
const CLAIM_BATCH = 20;
/** How long a claimed delivery is left to its sender before another run may take it again. */
const LEASE_MS = (WEBHOOK_LIMITS.timeoutSeconds + 50) * 1000;
const RETRY_WINDOW_MS = WEBHOOK_LIMITS.retryHours * 3_600_000;

/** The wait before the next attempt after `attempts` failed ones: 1 minute, doubling, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/** The JSON body of a delivery: the event's id, type, time and data. */
export function deliveryBody(
  delivery: Pick<repo.DeliveryRow, 'event_id' | 'type' | 'payload' | 'created_at'>,
) {
  return JSON.stringify({
    id: delivery.event_id,
    type: delivery.type,
    created_at: delivery.created_at.toISOString(),
    data: delivery.payload,
  });
}

/** C0 controls but tab and line breaks, and DEL: a NUL cannot be stored in a text column at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** What the log keeps of an answer or an error: its start, without control characters. */
const excerpt = (text: string) => text.replace(CONTROLS, '').slice(0, WEBHOOK_LIMITS.excerptChars) || null;

/** Sends one claimed delivery and records the attempt: 2xx succeeds; anything else is retried with backoff for a day. */
async function attempt(
  deps: Deps,
  { delivery, endpoint }: Awaited<ReturnType<typeof repo.claimDue>>[number],
  now: () => Date,
) {
  const body = deliveryBody(delivery);
  const timestamp = Math.floor(now().getTime() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  let answer: string | null = null;
  let latency = 0;
  try {
    const res = await publicRequest(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Storelift-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
        'Storelift-Event': delivery.type,
        'Storelift-Delivery': String(delivery.id),
      },
      body,
      timeoutMs: WEBHOOK_LIMITS.timeoutSeconds * 1000,
      policy: deps.outbound,
    });
    status = res.status;
    latency = res.latencyMs;
    answer = excerpt(res.body);
    if (status < 200 || status >= 300)
      error = status >= 300 && status < 400 ? 'Redirects are not followed' : `HTTP ${status}`;
  } catch (caught) {
    error = excerpt(
      caught instanceof UnsafeUrlError
        ? `Refused: ${caught.message}`
        : `No answer: ${(caught as Error).message}`,
    );
  }
  const at = now();
  const attempts = delivery.attempts + 1;
  const next = new Date(at.getTime() + retryDelayMs(attempts));
  const over = next.getTime() - delivery.created_at.getTime() > RETRY_WINDOW_MS;
  await repo.recordAttempt(
    deps.db,
    delivery.id,
    { status_code: status, latency_ms: latency, error, response_excerpt: answer, created_at: at },
    error === null
      ? { status: 'succeeded', next_attempt_at: null }
      : over
        ? { status: 'failed', next_attempt_at: null }
        : { status: 'pending', next_attempt_at: next },
  );
}

/**
 * The `webhooks.deliver` job: sends every due delivery of active endpoints, a few at a time, each
 * attempt logged. `now` is the clock (tests move it).
 */
export async function deliverDue(deps: Deps, now: () => Date = () => new Date()) {
  for (;;) {
    const claimed = await repo.claimDue(deps.db, now(), LEASE_MS, CLAIM_BATCH);
    if (!claimed.length) return;
    await eachOnItsOwn(claimed, (item) => attempt(deps, item, now), {
      what: 'webhooks.deliver',
      contextOf: (item) => ({ deliveryId: item.delivery.id }),
      concurrency: 8,
    });
    if (claimed.length < CLAIM_BATCH) return;
  }
}
