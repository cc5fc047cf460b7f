import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  campaignImpactResponseSchema,
  idParamsSchema,
  impactStatisticsQuerySchema,
  impactStatisticsResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as impact from './impact.service.js';

const tags = ['campaigns'];
const response = { 200: campaignImpactResponseSchema, ...errorResponses };

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(csv);

/** What a keyword-installs campaign did to its keywords' ranks (under /api/private/v1): own campaigns only. */
export async function impactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get('/campaigns/:id/impact', { schema: { tags, params: idParamsSchema, response }, onRequest }, (req) =>
    impact.ownCampaignImpact(deps, userOf(req), req.params.id),
  );
  r.get(
    '/campaigns/:id/impact/export',
    { schema: { tags, params: idParamsSchema, produces: ['text/csv'] }, onRequest },
    async (req, reply) => {
      const { data } = await impact.ownCampaignImpact(deps, userOf(req), req.params.id);
      return sendCsv(
        reply,
        `campaign-${data.campaign_id}-impact`,
        impact.impactCsv(impact.rowsOfReport(data)),
      );
    },
  );
  r.get(
    '/statistics/impact',
    {
      schema: {
        tags: ['statistics'],
        querystring: impactStatisticsQuerySchema,
        response: { 200: impactStatisticsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => impact.impactStatistics(deps, userOf(req), req.query),
  );
  r.get(
    '/statistics/impact/export',
    {
      schema: { tags: ['statistics'], querystring: impactStatisticsQuerySchema, produces: ['text/csv'] },
      onRequest,
    },
    async (req, reply) => {
      const rows = await impact.impactStatisticsRows(deps, userOf(req), req.query);
      return sendCsv(reply, 'rank-impact', impact.impactCsv(rows));
    },
  );
}

/** Any campaign's impact report for staff with the user-orders module (under /api/admin/v1). */
export async function adminImpactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/campaigns/:id/impact',
    {
      schema: { tags: ['admin: campaigns'], params: idParamsSchema, response },
      onRequest: app.permit('user-orders'),
    },
    (req) => impact.anyCampaignImpact(app.deps, req.params.id),
  );
}
