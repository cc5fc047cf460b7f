import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffHomeResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { permissionsOf } from '../sessions/auth.plugin.js';
import { staffHome } from './staff-home.report.js';

/** Staff: the staff home's counts (under /api/admin/v1); each count also needs its own list's permission. */
export async function adminStaffHomeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/home',
    {
      schema: { tags: ['admin: staff home'], response: { 200: staffHomeResponseSchema, ...errorResponses } },
      onRequest: app.permit('staff-home'),
    },
    async (req) => staffHome(app.deps.db, await permissionsOf(req)),
  );
}
