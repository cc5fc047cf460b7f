import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  PANEL_ACTION_OPERATIONS,
  PANEL_API_BASE,
  PANEL_API_MESSAGES,
  PANEL_MULTI_STATUS_OPERATION,
  PUBLIC_API_CREDITS,
  fillMessage,
  idempotencyKeyRule,
  panelAddSchema,
  panelCallSchema,
  panelCancelSchema,
  panelRefillSchema,
  panelRefillStatusSchema,
  panelRequestSchema,
  panelResponseSchema,
  panelStatusSchema,
  type PublicApiOperation,
} from '@storelift/shared';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { InsufficientFundsError } from '../ledger/ledger.js';
import * as actions from './panel-api.actions.js';
import { PanelError } from './panel-api.actions.js';
import { findApiCaller, type ApiCaller } from './public-api.auth.js';
import { accountRateLimit, payForCall } from './public-api.hooks.js';
import { IDEMPOTENCY_HEADER } from './public-api.orders.js';

/** The order rules' fields by the protocol's names, so an `{error}` says which parameter to fix. */
const PANEL_FIELDS: Record<string, string> = {
  installs: 'quantity',
  days: 'runs',
  serializedChildKeywords: 'keywords',
  reviews: 'comments',
  packageId: 'link',
  package: 'link',
  country: 'link',
  productType: 'service',
  appstore: 'link',
};

/** The `{error}` text of a thrown error: the protocol's own, a rule's (named by its parameter), else a generic one. */
function errorTextOf(error: unknown): string | null {
  if (error instanceof PanelError) return error.message;
  if (error instanceof InsufficientFundsError) return PANEL_API_MESSAGES.notEnoughFunds;
  if (error instanceof ValidationError && error.errors) {
    const [field, messages] = Object.entries(error.errors)[0] ?? [];
    if (field === IDEMPOTENCY_HEADER) return PANEL_API_MESSAGES.idempotencyKeyReused;
    if (field && messages?.[0]) return `${PANEL_FIELDS[field] ?? field}: ${messages[0]}`;
  }
  if (error instanceof HttpError && error.statusCode < 500) return error.message;
  const status = (error as FastifyError).statusCode;
  // Malformed JSON, a body too large, an unknown content type: the client's request.
  if (status !== undefined && status >= 400 && status < 500) return PANEL_API_MESSAGES.requestInvalid;
  return null;
}

/** The input of a schema, or its first message as `{error}` naming the parameter. */
function inputOf<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // A body that is no object at all (text, an array) is no request of the protocol.
  if (!issue.path.length) throw new PanelError(PANEL_API_MESSAGES.requestInvalid);
  throw new PanelError(`${issue.path.join('.')}: ${issue.message}`);
}

/**
 * `POST /api/v2`: Storelift as a panel (docs/public-api.md, Panel API v2). Protocol errors answer `{error}`
 * with HTTP 200 as panels do (a wrong key, bad input, short balance, out of credits, maintenance); over the
 * public API's rate limit 429 with `Retry-After` and `{error}`, so panel software that retries does. Paid per
 * the public API's credits table, counted against its rate limit per account.
 */
export async function panelApiRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { limit, max, windowSeconds, policy } = accountRateLimit(app);
  app.decorateRequest('apiCaller', null);
  // Panel software posts forms; repeated fields keep the last value.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // PHP panels that hand curl their fields as an array post `multipart/form-data`: its text fields, no files.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 30, fieldSize: 300_000 },
  });
  app.setErrorHandler((error, request, reply) => {
    const text = errorTextOf(error);
    if (text === null) request.log.error({ err: error }, 'panel API call failed');
    const limited = error instanceof HttpError && error.statusCode === 429;
    return reply.status(limited ? 429 : 200).send({ error: text ?? PANEL_API_MESSAGES.failed });
  });

  /** The caller of a key after maintenance and the rate limit; the reply's headers as `/api/v1`'s. */
  async function callerOf(request: FastifyRequest, reply: FastifyReply, key: string): Promise<ApiCaller> {
    const caller = await findApiCaller(deps.db, key);
    if (!caller) throw new PanelError(PANEL_API_MESSAGES.keyInvalid);
    request.apiCaller = caller;
    if (caller.maintenance) throw new PanelError(PANEL_API_MESSAGES.maintenance);
    const state = await limit(request);
    if (state.isAllowed) return caller;
    reply.header('ratelimit-policy', policy);
    reply.header('ratelimit', `"default";r=${state.remaining};t=${state.ttlInSeconds}`);
    if (!state.isExceeded) return caller;
    reply.header('retry-after', state.ttlInSeconds);
    const values = { max, window: windowSeconds, after: state.ttlInSeconds };
    throw new HttpError(429, fillMessage(PANEL_API_MESSAGES.tooManyRequests, values));
  }

  /** Pays for the call (nothing for a test token); `{error}` when the credits are too few. */
  async function pay(reply: FastifyReply, caller: ApiCaller, operation: PublicApiOperation) {
    const cost = PUBLIC_API_CREDITS[operation];
    const paid = await payForCall(deps, caller, operation);
    reply.header('x-credits-cost', paid && !caller.test ? cost : 0);
    reply.header('x-credits-remaining', caller.remaining);
    if (!paid)
      throw new PanelError(
        fillMessage(PANEL_API_MESSAGES.outOfCredits, { cost, remaining: caller.remaining }),
      );
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    PANEL_API_BASE,
    {
      schema: {
        tags: ['panel'],
        summary: 'Storelift as a panel: the resellers’ panel protocol (API v2), form-encoded or JSON',
        description:
          'One endpoint: `key` (your API token) and `action` (services, add, status, balance, refill, refill_status, cancel). Errors are `{ "error": "…" }` with HTTP 200; 429 over the rate limit. See API support.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: panelRequestSchema,
        response: { 200: panelResponseSchema, 429: panelResponseSchema },
      },
      // The body is read per action below: a bad one answers `{error}`, never a 422.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const call = inputOf(panelCallSchema, request.body ?? {});
      const caller = await callerOf(request, reply, call.key);
      const body = call as Record<string, unknown>;
      switch (call.action) {
        case 'services':
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.services);
          return actions.services(deps, caller);
        case 'add': {
          const input = inputOf(panelAddSchema, body);
          const header = request.headers[IDEMPOTENCY_HEADER];
          const key = header === undefined ? undefined : inputOf(idempotencyKeyRule, header);
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.add);
          return actions.add(deps, caller, input, key);
        }
        case 'status': {
          const { order, orders } = inputOf(panelStatusSchema, body);
          if (orders !== undefined) {
            await pay(reply, caller, PANEL_MULTI_STATUS_OPERATION);
            return actions.statuses(deps, caller, orders);
          }
          if (order === undefined) throw new PanelError(PANEL_API_MESSAGES.orderInvalid);
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.status);
          return actions.status(deps, caller, order);
        }
        case 'balance':
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.balance);
          return actions.balance(deps, caller);
        case 'refill': {
          const { order } = inputOf(panelRefillSchema, body);
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.refill);
          return actions.refill(deps, caller, order);
        }
        case 'refill_status': {
          const { refill } = inputOf(panelRefillStatusSchema, body);
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.refill_status);
          return actions.refillStatus(deps, caller, refill);
        }
        case 'cancel': {
          const { orders, order } = inputOf(panelCancelSchema, body);
          const ids = orders ?? (order === undefined ? [] : [order]);
          if (!ids.length) throw new PanelError(PANEL_API_MESSAGES.orderInvalid);
          await pay(reply, caller, PANEL_ACTION_OPERATIONS.cancel);
          return actions.cancel(deps, caller, ids);
        }
      }
    },
  );
}
