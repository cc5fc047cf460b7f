import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  cpiAdAssetsQuerySchema,
  cpiAdAssetsResponseSchema,
  cpiEstimateQuerySchema,
  cpiEstimateResponseSchema,
  cpiReportResponseSchema,
  idParamsSchema,
} from '@storelift/shared';
import { errorResponses } from '../../../lib/route-schemas.js';
import { authOf } from '../../sessions/auth.plugin.js';
import { cpiAdAssets } from './campaigns.cpi-assets.js';
import { cpiEstimate, cpiReport } from './campaigns.cpi-report.js';

/**
 * The CPI calls (under /api/private/v1): ad text from the app's store listing (customer-area §7), and ours:
 * the wizard's cost estimate and a campaign's report (docs/campaigns.md § CPI).
 */
export async function cpiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userOf = (req: FastifyRequest) => authOf(req).user.id;
  r.get(
    '/campaigns/cpi-ad-assets',
    {
      schema: {
        tags: ['campaigns'],
        querystring: cpiAdAssetsQuerySchema,
        response: { 200: cpiAdAssetsResponseSchema, ...errorResponses },
      },
      onRequest: app.allow([ROLE_ALL]),
    },
    (req) => cpiAdAssets(app.deps, userOf(req), req.query),
  );
  r.get(
    '/campaigns/cpi-estimate',
    {
      schema: {
        tags: ['campaigns'],
        querystring: cpiEstimateQuerySchema,
        response: { 200: cpiEstimateResponseSchema, ...errorResponses },
      },
      onRequest: app.allow([ROLE_ALL]),
    },
    (req) => cpiEstimate(app.deps, userOf(req), req.query),
  );
  r.get(
    '/campaigns/:id/cpi-report',
    {
      schema: {
        tags: ['campaigns'],
        params: idParamsSchema,
        response: { 200: cpiReportResponseSchema, ...errorResponses },
      },
      onRequest: app.allow([ROLE_ALL]),
    },
    (req) => cpiReport(app.deps, userOf(req), req.params.id),
  );
}
