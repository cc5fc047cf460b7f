import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  apiCreditsResponseSchema,
  buyTokensBodySchema,
  changeApiTokenResponseSchema,
  changeAutoRefreshBodySchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, refuseImpersonated } from '../sessions/auth.plugin.js';
import * as credits from './api-credits.service.js';

const tags = ['profile: API'];

/** The API token and credits of customer-area §7 Profile (under /api/private/v1). */
export async function apiCreditsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.post(
    '/users/profile/change-api-token',
    {
      schema: { tags, response: { 200: changeApiTokenResponseSchema, ...errorResponses } },
      onRequest: [onRequest, refuseImpersonated],
    },
    (req) => credits.changeApiToken(db, userOf(req)),
  );
  r.post(
    '/users/profile/change-api-test-token',
    {
      schema: { tags, response: { 200: changeApiTokenResponseSchema, ...errorResponses } },
      onRequest: [onRequest, refuseImpersonated],
    },
    (req) => credits.changeApiToken(db, userOf(req), 'test'),
  );
  r.post(
    '/users/api-credits/buy-tokens',
    {
      schema: {
        tags,
        body: buyTokensBodySchema,
        response: { 200: apiCreditsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => credits.buyTokens(db, userOf(req), req.body.credits),
  );
  r.post(
    '/users/api-credits/change-auto-refresh',
    {
      schema: {
        tags,
        body: changeAutoRefreshBodySchema,
        response: { 200: apiCreditsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => credits.changeAutoRefresh(db, userOf(req), req.body.auto_refresh),
  );
}
