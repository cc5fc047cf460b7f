import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CAMPAIGN_ACTIONS,
  ROLE_ALL,
  archiveAllResponseSchema,
  campaignFiltersResponseSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignQuoteSchema,
  campaignResponseSchema,
  campaignToggleBodySchema,
  createCampaignBodySchema,
  idParamsSchema,
  type CampaignAction,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as campaigns from './campaigns.service.js';
import { cpiRoutes } from './cpi/campaigns.cpi-routes.js';

const tags = ['campaigns'];

/** The Campaigns calls of customer-area §7 (under /api/private/v1) for the caller's own campaigns. */
export async function campaignsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  await cpiRoutes(app);
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;
  const one = { 200: campaignResponseSchema, ...errorResponses };

  r.get(
    '/campaigns',
    {
      schema: {
        tags,
        querystring: campaignListQuerySchema,
        response: { 200: campaignListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => campaigns.listCampaigns(deps, userOf(req), req.query),
  );
  r.post(
    '/campaigns',
    {
      schema: {
        tags,
        body: createCampaignBodySchema,
        response: { 201: campaignResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await campaigns.createCampaign(deps, userOf(req), req.body)),
  );
  r.post(
    '/campaigns/quote',
    {
      schema: {
        tags,
        body: createCampaignBodySchema,
        response: { 200: campaignQuoteSchema, ...errorResponses },
      },
      onRequest,
      config: { readOnly: true },
    },
    (req) => campaigns.quote(deps, userOf(req), req.body),
  );
  r.post(
    '/campaigns/all/archive',
    { schema: { tags, response: { 200: archiveAllResponseSchema, ...errorResponses } }, onRequest },
    (req) => campaigns.archiveAll(deps, userOf(req)),
  );
  r.post(
    '/campaigns/get-filters',
    {
      schema: { tags, response: { 200: campaignFiltersResponseSchema, ...errorResponses } },
      onRequest,
      config: { readOnly: true },
    },
    (req) => campaigns.campaignFilters(deps, userOf(req)),
  );
  r.put(
    '/campaigns/toggle',
    { schema: { tags, body: campaignToggleBodySchema, response: one }, onRequest },
    (req) => campaigns.toggleFavorite(deps, userOf(req), req.body),
  );
  r.put(
    '/campaigns/:id',
    { schema: { tags, params: idParamsSchema, body: createCampaignBodySchema, response: one }, onRequest },
    (req) => campaigns.editCampaign(deps, userOf(req), req.params.id, req.body),
  );
  r.get('/campaigns/:id', { schema: { tags, params: idParamsSchema, response: one }, onRequest }, (req) =>
    campaigns.getCampaign(deps, userOf(req), req.params.id),
  );
  for (const action of Object.keys(CAMPAIGN_ACTIONS) as CampaignAction[]) {
    r.get(
      `/campaigns/:id/${action}`,
      { schema: { tags, params: idParamsSchema, response: one }, onRequest },
      (req) => campaigns.act(deps, userOf(req), req.params.id, action),
    );
  }
  r.post(
    '/campaigns/:id/clone',
    {
      schema: { tags, params: idParamsSchema, response: { 201: campaignResponseSchema, ...errorResponses } },
      onRequest,
    },
    async (req, reply) =>
      reply.status(201).send(await campaigns.cloneCampaign(deps, userOf(req), req.params.id)),
  );
}
