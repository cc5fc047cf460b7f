import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedResponseSchema,
  idParamsSchema,
  reflinkBodySchema,
  reflinkListQuerySchema,
  reflinkListResponseSchema,
  reflinkResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as reflinks from './reflinks.service.js';

const tags = ['admin: reflinks'];

/** Reflinks (staff-admin §2, §7) under /api/admin/v1: every staff member reads them, the admin manages them. */
export async function adminReflinksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  r.get(
    '/reflinks',
    {
      schema: {
        tags,
        querystring: reflinkListQuerySchema,
        response: { 200: reflinkListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('reflinks'),
    },
    (req) => reflinks.listReflinks(db, req.query),
  );
  r.post(
    '/reflinks',
    {
      schema: { tags, body: reflinkBodySchema, response: { 200: reflinkResponseSchema, ...errorResponses } },
      onRequest: app.permit('reflinks.manage'),
    },
    (req) => reflinks.createReflink(db, req.body),
  );
  r.put(
    '/reflinks/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: reflinkBodySchema,
        response: { 200: reflinkResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('reflinks.manage'),
    },
    (req) => reflinks.updateReflink(db, req.params.id, req.body),
  );
  r.delete(
    '/reflinks/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest: app.permit('reflinks.manage'),
    },
    (req) => reflinks.deleteReflink(db, req.params.id),
  );
}
