import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  chartRankQuerySchema,
  keywordChartResponseSchema,
  chartRanksManyQuerySchema,
  chartRanksManyResponseSchema,
  cloneKeywordsQuerySchema,
  cloneKeywordsResponseSchema,
  createKeywordBodySchema,
  deletedResponseSchema,
  destroyKeywordsBodySchema,
  idParamsSchema,
  keywordCountQuerySchema,
  keywordCountResponseSchema,
  keywordIdQuerySchema,
  keywordIdeasResponseSchema,
  keywordListQuerySchema,
  keywordListResponseSchema,
  keywordResponseSchema,
  keywordScopeSchema,
  keywordSuggestsQuerySchema,
  rankUpdateParamsSchema,
  ranksAroundQuerySchema,
  ranksAroundResponseSchema,
  rankUpdateResponseSchema,
  toggleBodySchema,
  topKeywordQuerySchema,
  topKeywordResponseSchema,
  updateAllRanksBodySchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as keywords from './keywords.service.js';
import * as rankHistory from './rank-history.service.js';

const tags = ['keywords'];

/** The Keywords calls of customer-area §7 (under /api/private/v1); each about the caller's own apps. */
export async function keywordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/keywords',
    {
      schema: {
        tags,
        querystring: keywordListQuerySchema,
        response: { 200: keywordListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.listKeywords(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/count',
    {
      schema: {
        tags,
        querystring: keywordCountQuerySchema,
        response: { 200: keywordCountResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.countKeywords(deps, userOf(req), req.query),
  );
  r.post(
    '/keywords',
    {
      schema: {
        tags,
        body: createKeywordBodySchema,
        response: { 201: keywordResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await keywords.addKeyword(deps, userOf(req), req.body)),
  );
  r.delete(
    '/keywords/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => keywords.deleteKeyword(deps, userOf(req), req.params.id),
  );
  r.post(
    '/keywords/destroyMany',
    {
      schema: {
        tags,
        body: destroyKeywordsBodySchema,
        response: { 200: deletedResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.destroyKeywords(deps, userOf(req), req.body.app_keywords_id),
  );
  r.put(
    '/keywords/toggle',
    {
      schema: { tags, body: toggleBodySchema, response: { 200: keywordResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => keywords.toggleKeyword(deps, userOf(req), req.body.id),
  );
  r.get(
    '/keywords/suggests',
    {
      schema: {
        tags,
        querystring: keywordSuggestsQuerySchema,
        response: { 200: keywordIdeasResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.suggestKeywords(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/recommended',
    {
      schema: {
        tags,
        querystring: keywordScopeSchema,
        response: { 200: keywordIdeasResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.recommendedKeywords(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/chartRank',
    {
      schema: {
        tags,
        querystring: chartRankQuerySchema,
        response: { 200: keywordChartResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => rankHistory.chartRank(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/chartRanksMany',
    {
      schema: {
        tags,
        querystring: chartRanksManyQuerySchema,
        response: { 200: chartRanksManyResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => rankHistory.chartRanksMany(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/ranksAround',
    {
      schema: {
        tags,
        querystring: ranksAroundQuerySchema,
        response: { 200: ranksAroundResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => rankHistory.ranksAround(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/topKeyword',
    {
      schema: {
        tags,
        querystring: topKeywordQuerySchema,
        response: { 200: topKeywordResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.topKeyword(deps, userOf(req), req.query),
  );
  r.get(
    '/keywords/keywordRank',
    {
      schema: {
        tags,
        querystring: keywordIdQuerySchema,
        response: { 200: keywordResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.keywordRank(deps, userOf(req), req.query.id),
  );
  r.get(
    '/keywords/clone',
    {
      schema: {
        tags,
        querystring: cloneKeywordsQuerySchema,
        response: { 200: cloneKeywordsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.cloneKeywords(deps, userOf(req), req.query),
  );
  r.post(
    '/keywords/updateAllRanks',
    {
      schema: {
        tags,
        body: updateAllRanksBodySchema,
        response: { 202: rankUpdateResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => reply.status(202).send(await keywords.updateAllRanks(deps, userOf(req), req.body)),
  );
  r.get(
    '/keywords/updateAllRanks/:id',
    {
      schema: {
        tags,
        params: rankUpdateParamsSchema,
        response: { 200: rankUpdateResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => keywords.rankUpdateProgress(deps, userOf(req), req.params.id),
  );
}
