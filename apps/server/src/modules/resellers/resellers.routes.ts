import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  adminResellerRequestListQuerySchema,
  adminResellerRequestListResponseSchema,
  adminResellerRequestResponseSchema,
  approveResellerRequestBodySchema,
  idParamsSchema,
  rejectResellerRequestBodySchema,
  resellerProgramResponseSchema,
  resellerRequestBodySchema,
  resellerRequestResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { requestLocale } from '../reference/reference-texts.js';
import * as resellers from './resellers.service.js';

const tags = ['resellers'];

/** The resellers program of customer-area §3-§6 (under /api/private/v1). */
export async function resellersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/resellers',
    { schema: { tags, response: { 200: resellerProgramResponseSchema, ...errorResponses } }, onRequest },
    (req) => resellers.resellerProgram(db, userOf(req), requestLocale(req)),
  );
  r.post(
    '/resellers',
    {
      schema: {
        tags,
        body: resellerRequestBodySchema,
        response: { 201: resellerRequestResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await resellers.submit(db, userOf(req), req.body)),
  );
}

/** Staff: review of reseller requests, from the user details page (under /api/admin/v1). */
export async function adminResellersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const adminTags = ['admin: resellers'];
  const onRequest = app.permit('resellers.review');

  r.get(
    '/resellers/requests',
    {
      schema: {
        tags: adminTags,
        querystring: adminResellerRequestListQuerySchema,
        response: { 200: adminResellerRequestListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-details'),
    },
    (req) => resellers.listRequests(db, req.query),
  );
  r.put(
    '/resellers/requests/:id/approve',
    {
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        body: approveResellerRequestBodySchema,
        response: { 200: adminResellerRequestResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => resellers.approve(db, req.params.id, authOf(req).user.id, req.body),
  );
  r.put(
    '/resellers/requests/:id/reject',
    {
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        body: rejectResellerRequestBodySchema,
        response: { 200: adminResellerRequestResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => resellers.reject(db, req.params.id, authOf(req).user.id, req.body.note),
  );
}
