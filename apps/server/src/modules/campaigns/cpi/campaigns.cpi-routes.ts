import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_ALL, cpiAdAssetsQuerySchema, cpiAdAssetsResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../../lib/route-schemas.js';
import { authOf } from '../../sessions/auth.plugin.js';
import { cpiAdAssets } from './campaigns.cpi-assets.js';

/** The CPI call of customer-area §7 (under /api/private/v1): ad text from the app's store listing. */
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
}
