import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  PUBLIC_API_MESSAGES,
  type CampaignAction,
  type CreateCampaignBody,
  type PublicOrderResponse,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { apiIdempotencyKeys } from '../../db/schema/index.js';
import { ValidationError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import * as campaigns from '../campaigns/campaigns.service.js';
import type { ApiCaller } from './public-api.auth.js';
import { sandbox } from './public-api.sandbox.js';

/** The header that makes an order safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The order made earlier with this key, answered again; 422 when the key came with another body. */
async function replay(deps: Deps, userId: number, key: string, body: CreateCampaignBody) {
  const [first] = await deps.db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.user_id, userId), eq(apiIdempotencyKeys.key, key)));
  if (!first) return undefined;
  if (first.fingerprint !== fingerprintOf(body))
    throw ValidationError.field(IDEMPOTENCY_HEADER, PUBLIC_API_MESSAGES.idempotencyKeyReused);
  const { data } = await campaigns.getCampaign(deps, userId, first.campaign_id);
  return { data, message: campaigns.orderMessage(data, body.draft) };
}

/**
 * `POST /api/v1/campaigns`: the private API's order (same rules, same charge). With an `Idempotency-Key` the
 * key is written in the order's transaction under a unique index: of concurrent orders with one key, one
 * commits and the others roll back (nothing charged) and answer the first order. A test token gets a dry
 * run: every rule checked and the price quoted, nothing written.
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
  const answer = (order: { data: PublicOrderResponse['data']; message: string }) => ({
    status: 201 as const,
    body: { ...order, quote: null, dry_run: false },
  });
  if (key === undefined) return answer(await campaigns.createCampaign(deps, userId, body));
  const earlier = await replay(deps, userId, key, body);
  if (earlier) return answer(earlier);
  const fingerprint = fingerprintOf(body);
  try {
    return answer(
      await campaigns.createCampaign(deps, userId, body, new Date(), async (tx, campaignId) => {
        await tx
          .insert(apiIdempotencyKeys)
          .values({ user_id: userId, key, fingerprint, campaign_id: campaignId });
      }),
    );
  } catch (error) {
    const first = isUniqueViolation(error) && (await replay(deps, userId, key, body));
    if (!first) throw error;
    return answer(first);
  }
}

/**
 * Pause, resume or cancel through the private API's lifecycle (docs/architecture.md, Campaign lifecycle);
 * with a test token a dry run on the sandbox's sample campaigns (404 for any other, 409 when the status forbids it).
 */
export async function campaignAction(deps: Deps, caller: ApiCaller, id: number, action: CampaignAction) {
  if (caller.test) return sandbox.campaignAction(id, action);
  return { ...(await campaigns.act(deps, caller.userId, id, action)), dry_run: false };
}
