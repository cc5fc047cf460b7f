import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/rate-limit';
import {
  PUBLIC_API_CREDITS,
  PUBLIC_API_MESSAGES,
  PUBLIC_API_RATE_LIMIT,
  type PublicApiOperation,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { HttpError, MaintenanceError, UnauthorizedError } from '../../lib/errors.js';
import { AUTO_REFRESH_BELOW } from '../api-credits/api-credits.service.js';
import { findApiCaller, tokenOf, type ApiCaller } from './public-api.auth.js';
import { spendCredits } from './public-api.repo.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public API operation: authenticated by API token, rate limited and paid per `PUBLIC_API_CREDITS`. */
    operation?: PublicApiOperation;
  }
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
    /** Credits this call spent (0 until paid, and for test tokens). */
    creditsSpent: number;
  }
}

const limiters = new WeakMap<Deps, ReturnType<typeof makeAccountRateLimit>>();

function makeAccountRateLimit(app: FastifyInstance) {
  const { windowSeconds } = PUBLIC_API_RATE_LIMIT;
  const max = app.deps.config.publicApiRateLimit;
  // The server's limiter store (Redis with REDIS_URL, else memory), so every process counts against one limit.
  const limit = app.createRateLimit({
    max,
    timeWindow: windowSeconds * 1000,
    // Per account: the live and the test token of one user share a counter.
    keyGenerator: (request) => `public-api:${request.apiCaller?.userId}`,
  });
  return { limit, max, windowSeconds, policy: `"default";q=${max};w=${windowSeconds}` };
}

/** The public API's limiter per account, one per application: `/api/v1` and `/api/v2` count against it together. */
export function accountRateLimit(app: FastifyInstance) {
  let made = limiters.get(app.deps);
  if (!made) limiters.set(app.deps, (made = makeAccountRateLimit(app)));
  return made;
}

/**
 * Pays for a call of `operation` per `PUBLIC_API_CREDITS` (nothing for a test token): false when the credits are
 * too few (nothing spent; the refill queued with auto-refresh on). The call that takes the credits below the
 * mark queues the refill (the job checks again); `caller.remaining` follows.
 */
export async function payForCall(
  deps: Pick<Deps, 'db' | 'jobs'>,
  caller: ApiCaller,
  operation: PublicApiOperation,
) {
  const cost = PUBLIC_API_CREDITS[operation];
  const refill = () => deps.jobs.send('api-credits.refill', { userId: caller.userId });
  const spent = await spendCredits(deps.db, { userId: caller.userId, operation, cost, test: caller.test });
  if (!spent) {
    if (caller.autoRefresh) await refill();
    return false;
  }
  const before = spent.remaining + (caller.test ? 0 : cost);
  if (spent.autoRefresh && before >= AUTO_REFRESH_BELOW && spent.remaining < AUTO_REFRESH_BELOW)
    await refill();
  caller.remaining = spent.remaining;
  return true;
}

/**
 * The public API's request cycle, for every route that names its `operation` (docs/public-api.md): the API
 * token (401), maintenance (503), the rate limit per account (429 with `Retry-After`), then, once the input is
 * valid, the credits (402 when too few, nothing spent); every answer to a known caller carries
 * `X-Credits-Cost` and `X-Credits-Remaining`.
 */
export function registerPublicApiHooks(app: FastifyInstance) {
  const { db } = app.deps;
  app.decorateRequest('apiCaller', null);
  app.decorateRequest('creditsSpent', 0);
  const { limit, max, windowSeconds, policy } = accountRateLimit(app);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.operation) return;
    const token = tokenOf(request);
    if (!token) throw new UnauthorizedError(PUBLIC_API_MESSAGES.tokenMissing);
    const caller = await findApiCaller(db, token);
    if (!caller) throw new UnauthorizedError(PUBLIC_API_MESSAGES.tokenInvalid);
    request.apiCaller = caller;
    if (caller.maintenance) throw new MaintenanceError();
    const state = await limit(request);
    if (state.isAllowed) return;
    reply.header('ratelimit-policy', policy);
    reply.header('ratelimit', `"default";r=${state.remaining};t=${state.ttlInSeconds}`);
    if (!state.isExceeded) return;
    reply.header('retry-after', state.ttlInSeconds);
    const values = { max, window: windowSeconds, after: state.ttlInSeconds };
    throw new HttpError(429, { code: 'publicApi.tooManyRequests', params: values });
  });

  app.addHook('preHandler', async (request) => {
    const { operation } = request.routeOptions.config;
    const caller = request.apiCaller;
    if (!operation || !caller) return;
    const cost = PUBLIC_API_CREDITS[operation];
    if (!(await payForCall(app.deps, caller, operation))) {
      const values = { cost, remaining: caller.remaining };
      throw new HttpError(402, { code: 'publicApi.outOfCredits', params: values });
    }
    request.creditsSpent = caller.test ? 0 : cost;
  });

  app.addHook('onSend', async (request, reply) => {
    const caller = request.apiCaller;
    if (!caller) return;
    reply.header('x-credits-cost', request.creditsSpent);
    reply.header('x-credits-remaining', caller.remaining);
  });
}
