import { createHash } from 'node:crypto';
import {
  PUBLIC_API_MESSAGES,
  type CampaignAction,
  type CreateCampaignBody,
  type PublicOrderResponse,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import * as campaigns from '../campaigns/campaigns.service.js';
import type { ApiCaller } from './public-api.auth.js';
import { idempotencyKeyClaim, idempotencyKeyOf } from './public-api.repo.js';
import { sandbox } from './public-api.sandbox.js';

/** The header that makes an order safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The campaign the order made earlier with this key, or undefined; 422 when the key came with another body. */
async function earlierOrder(deps: Deps, userId: number, key: string, fingerprint: string) {
  const first = await idempotencyKeyOf(deps.db, userId, key);
  if (!first) return undefined;
  if (first.fingerprint !== fingerprint)
    throw ValidationError.field(IDEMPOTENCY_HEADER, PUBLIC_API_MESSAGES.idempotencyKeyReused);
  return first.campaignId;
}

/**
 * A live order's campaign id: the private API's order (same rules, same charge), placed once per
 * `Idempotency-Key`. The key is claimed in the order's insert statement under a unique index, so it is not
 * looked up first (one round trip less on every order): of concurrent orders with one key, one commits and the
 * others roll back (nothing charged). An order that fails answers the first order's id when the key already
 * made one (a retry answers it whatever has changed since), or 422 when it came with another body.
 */
export async function orderOnce(
  deps: Deps,
  userId: number,
  body: CreateCampaignBody,
  key: string | undefined,
): Promise<number> {
  if (key === undefined) return (await campaigns.placeOrder(deps, userId, body)).id;
  const fingerprint = fingerprintOf(body);
  try {
    const claim = idempotencyKeyClaim({ userId, key, fingerprint });
    return (await campaigns.placeOrder(deps, userId, body, new Date(), claim)).id;
  } catch (error) {
    const first = await earlierOrder(deps, userId, key, fingerprint);
    if (first === undefined) throw error;
    return first;
  }
}

/**
 * `POST /api/v1/campaigns`: `orderOnce`, answered with the campaign's details as they are now (a retry
 * answers the first order). A test token gets a dry run: every rule checked and the price quoted, nothing
 * written.
 */
export async function orderCampaign(
  deps: Deps,
  caller: ApiCaller,
  body: CreateCampaignBody,
  key: string | undefined,
): Promise<{ status: 200 | 201; body: PublicOrderResponse }> {
  const { userId } = caller;
  if (caller.test) {
    const { data: quote } = await campaigns.dryRunOrder(deps, userId, body);
    return { status: 200, body: { data: null, quote, dry_run: true, message: PUBLIC_API_MESSAGES.dryRun } };
  }
  const { data } = await campaigns.getCampaign(deps, userId, await orderOnce(deps, userId, body, key));
  const message = campaigns.orderMessage(data, body.draft);
  return { status: 201, body: { data, message, quote: null, dry_run: false } };
}

/**
 * Pause, resume or cancel through the private API's lifecycle (docs/architecture.md, Campaign lifecycle);
 * with a test token a dry run on the sandbox's sample campaigns (404 for any other, 409 when the status forbids it).
 */
export async function campaignAction(deps: Deps, caller: ApiCaller, id: number, action: CampaignAction) {
  if (caller.test) return sandbox.campaignAction(id, action);
  return { ...(await campaigns.act(deps, caller.userId, id, action)), dry_run: false };
}
