import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessListEntryBodySchema,
  accessListEntryResponseSchema,
  accessListQuerySchema,
  accessListSchema,
  deletedResponseSchema,
  idParamsSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as accessLists from './access-lists.service.js';

/** Access lists (staff-admin §7 `user-access-list`), under /api/admin/v1. */
export async function adminAccessListsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: access lists'];

  r.get(
    '/user-access-list',
    {
      schema: {
        tags,
        querystring: accessListQuerySchema,
        response: { 200: accessListSchema, ...errorResponses },
      },
      onRequest: app.permit('access-lists'),
    },
    (req) => accessLists.listEntries(db, req.query),
  );
  r.post(
    '/user-access-list',
    {
      schema: {
        tags,
        body: accessListEntryBodySchema,
        response: { 201: accessListEntryResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('access-lists.manage'),
    },
    async (req, reply) => reply.status(201).send(await accessLists.createEntry(db, req.body)),
  );
  r.delete(
    '/user-access-list/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest: app.permit('access-lists.manage'),
    },
    (req) => accessLists.deleteEntry(db, req.params.id),
  );
}
