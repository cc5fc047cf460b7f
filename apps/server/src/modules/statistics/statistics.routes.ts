import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  campaignStatisticsQuerySchema,
  campaignStatisticsResponseSchema,
  keywordStatisticsQuerySchema,
  keywordStatisticsResponseSchema,
  productStatisticsResponseSchema,
  statisticsFiltersSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as statistics from './statistics.service.js';

const tags = ['statistics'];

/** The Statistics calls of customer-area §7 (under /api/private/v1): the caller's own campaigns only. */
export async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/statistics/products',
    {
      schema: {
        tags,
        querystring: statisticsFiltersSchema,
        response: { 200: productStatisticsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => statistics.productStatistics(deps, userOf(req), req.query),
  );
  r.get(
    '/statistics/keywords',
    {
      schema: {
        tags,
        querystring: keywordStatisticsQuerySchema,
        response: { 200: keywordStatisticsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => statistics.keywordStatistics(deps, userOf(req), req.query),
  );
  r.get(
    '/statistics/campaigns',
    {
      schema: {
        tags,
        querystring: campaignStatisticsQuerySchema,
        response: { 200: campaignStatisticsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => statistics.campaignStatistics(deps, userOf(req), req.query),
  );
}
