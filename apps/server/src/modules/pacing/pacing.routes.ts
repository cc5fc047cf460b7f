import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_ALL, pacingBodySchema, pacingResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { pacing } from './pacing.service.js';

/** The keyword-installs form's pacing suggestion (under /api/private/v1): the caller's own app only. */
export async function pacingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  r.post(
    '/pacing',
    {
      schema: {
        tags: ['keywords'],
        body: pacingBodySchema,
        response: { 200: pacingResponseSchema, ...errorResponses },
      },
      onRequest: app.allow([ROLE_ALL]),
    },
    async (req) => ({ data: await pacing(deps, authOf(req).user.id, req.body) }),
  );
}
