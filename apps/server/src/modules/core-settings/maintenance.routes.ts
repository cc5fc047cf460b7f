import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintenanceBodySchema, maintenanceResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as maintenance from './maintenance.service.js';

const tags = ['admin: settings'];

/** Maintenance mode, a core setting, under /api/admin/v1. */
export async function adminMaintenanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/maintenance',
    {
      schema: { tags, response: { 200: maintenanceResponseSchema, ...errorResponses } },
      onRequest: app.permit('core-settings'),
    },
    () => maintenance.getMaintenance(db),
  );
  r.put(
    '/maintenance',
    {
      schema: {
        tags,
        body: maintenanceBodySchema,
        response: { 200: maintenanceResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.maintenance'),
    },
    (req) => maintenance.changeMaintenance(db, req.body),
  );
}
