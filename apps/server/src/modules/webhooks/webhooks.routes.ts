import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  idParamsSchema,
  messageResponseSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointBodySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointResponseSchema,
  webhookEndpointUpdateSchema,
} from '@storelift/shared';
import { HttpError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, refuseImpersonated } from '../sessions/auth.plugin.js';
import * as webhooks from './webhooks.service.js';

const tags = ['webhooks'];

/** A customer's webhook endpoints and their delivery logs (docs/webhooks.md; under /api/private/v1). */
export async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;
  // Test events and redeliveries each call the customer's server: so many a minute per account (after the
  // session check), on the server's limiter store (Redis with REDIS_URL), so every process counts together.
  const sendsLimit = app.createRateLimit({
    max: WEBHOOK_LIMITS.sendsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `webhook-sends:${userOf(req)}`,
  });
  const limitSends = async (req: FastifyRequest, reply: FastifyReply) => {
    const state = await sendsLimit(req);
    if (state.isAllowed || !state.isExceeded) return;
    reply.header('retry-after', state.ttlInSeconds);
    throw new HttpError(429, WEBHOOK_MESSAGES.tooManySends);
  };

  r.get(
    '/webhooks',
    { schema: { tags, response: { 200: webhookEndpointListSchema, ...errorResponses } }, onRequest },
    (req) => webhooks.listEndpoints(deps, userOf(req)),
  );
  r.post(
    '/webhooks',
    {
      schema: {
        tags,
        body: webhookEndpointBodySchema,
        response: { 201: webhookEndpointCreatedSchema, ...errorResponses },
      },
      // Staff signed in as the customer may not point the customer's events elsewhere.
      onRequest: [onRequest, refuseImpersonated],
    },
    async (req, reply) => reply.status(201).send(await webhooks.createEndpoint(deps, userOf(req), req.body)),
  );
  r.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => webhooks.updateEndpoint(deps, userOf(req), req.params.id, req.body),
  );
  r.delete(
    '/webhooks/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => webhooks.deleteEndpoint(deps, userOf(req), req.params.id),
  );
  r.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: webhookDeliveryResponseSchema, ...errorResponses },
      },
      onRequest,
      preHandler: limitSends,
    },
    (req) => webhooks.sendTest(deps, userOf(req), req.params.id),
  );
  r.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => webhooks.listDeliveries(deps, userOf(req), req.params.id, req.query),
  );
  r.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliveryResponseSchema, ...errorResponses },
      },
      onRequest,
      preHandler: limitSends,
    },
    (req) => webhooks.redeliver(deps, userOf(req), req.params.id, req.params.deliveryId),
  );
}
