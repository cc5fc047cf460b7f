import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  appListQuerySchema,
  appListResponseSchema,
  appResponseSchema,
  createAppBodySchema,
  deleteAppParamsSchema,
  deleteAppQuerySchema,
  deletedResponseSchema,
  idParamsSchema,
  showByPackageQuerySchema,
  storeSearchQuerySchema,
  storeSearchResponseSchema,
  toggleBodySchema,
  updateAppBodySchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as apps from './apps.service.js';

const tags = ['apps'];

/** The Apps calls of customer-area §7 (under /api/private/v1); every one is about the caller's own apps. */
export async function appsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/apps',
    {
      schema: {
        tags,
        querystring: appListQuerySchema,
        response: { 200: appListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => apps.listApps(deps, userOf(req), req.query),
  );
  r.get(
    '/apps/search',
    {
      schema: {
        tags,
        querystring: storeSearchQuerySchema,
        response: { 200: storeSearchResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => apps.searchStore(deps, userOf(req), req.query),
  );
  r.get(
    '/apps/show-by-package',
    {
      schema: {
        tags,
        querystring: showByPackageQuerySchema,
        response: { 200: appResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => apps.showByPackage(deps, userOf(req), req.query),
  );
  r.post(
    '/apps',
    {
      schema: { tags, body: createAppBodySchema, response: { 201: appResponseSchema, ...errorResponses } },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await apps.addApp(deps, userOf(req), req.body)),
  );
  r.put(
    '/apps/toggle',
    {
      schema: { tags, body: toggleBodySchema, response: { 200: appResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => apps.toggleApp(deps, userOf(req), req.body.id),
  );
  r.delete(
    '/apps/destroyBanned',
    { schema: { tags, response: { 200: deletedResponseSchema, ...errorResponses } }, onRequest },
    (req) => apps.destroyBanned(deps, userOf(req)),
  );
  r.get(
    '/apps/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: appResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => apps.getApp(deps, userOf(req), req.params.id),
  );
  r.put(
    '/apps/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateAppBodySchema,
        response: { 200: appResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => apps.updateApp(deps, userOf(req), req.params.id, req.body),
  );
  r.delete(
    '/apps/:package',
    {
      schema: {
        tags,
        params: deleteAppParamsSchema,
        querystring: deleteAppQuerySchema,
        response: { 200: deletedResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => apps.deleteApp(deps, userOf(req), req.params.package, req.query.appstore),
  );
}
