import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema } from '@storelift/shared';
import { pageMeta } from '../../lib/paging.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { pageAudit } from './audit.repo.js';

/**
 * The log viewer's calls (`/admin/log-viewer`), under /api/admin/v1. The server's error log (a later issue)
 * joins them here under the same permission.
 */
export async function adminAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/audit',
    {
      schema: {
        tags: ['admin: log viewer'],
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, ...errorResponses },
      },
      onRequest: app.permit('log-viewer'),
    },
    async (req) => {
      const { data, total } = await pageAudit(db, req.query);
      return { data, meta: pageMeta(total, req.query.page, req.query.limit) };
    },
  );
}
