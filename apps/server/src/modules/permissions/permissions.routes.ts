import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteRoleQuerySchema,
  deletedResponseSchema,
  functionBodySchema,
  functionListQuerySchema,
  functionListSchema,
  functionResponseSchema,
  idParamsSchema,
  moduleBodySchema,
  moduleListQuerySchema,
  moduleListSchema,
  moduleResponseSchema,
  roleBodySchema,
  roleGrantsBodySchema,
  roleGrantsResponseSchema,
  roleListQuerySchema,
  roleListSchema,
  roleResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as catalog from './catalog.service.js';
import * as grants from './grants.service.js';
import * as roles from './roles.service.js';

const deleted = { 200: deletedResponseSchema, ...errorResponses };
const params = idParamsSchema;

/** Roles and their grants (staff-admin §7 `roles`), under /api/admin/v1. */
export async function adminRolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: roles'];
  const onRequest = app.permit('roles');
  const one = { 200: roleResponseSchema, ...errorResponses };

  r.get(
    '/roles',
    {
      schema: {
        tags,
        querystring: roleListQuerySchema,
        response: { 200: roleListSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => roles.listRoles(db, req.query),
  );
  r.post(
    '/roles',
    {
      schema: { tags, body: roleBodySchema, response: { 201: roleResponseSchema, ...errorResponses } },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await roles.createRole(db, req.body)),
  );
  r.get('/roles/:id', { schema: { tags, params, response: one }, onRequest }, (req) =>
    roles.getRole(db, req.params.id),
  );
  r.put('/roles/:id', { schema: { tags, params, body: roleBodySchema, response: one }, onRequest }, (req) =>
    roles.updateRole(db, req.params.id, req.body),
  );
  r.delete(
    '/roles/:id',
    { schema: { tags, params, querystring: deleteRoleQuerySchema, response: deleted }, onRequest },
    (req) => roles.deleteRole(db, req.params.id, req.query.move_to),
  );
  r.get(
    '/roles/:id/grants',
    { schema: { tags, params, response: { 200: roleGrantsResponseSchema, ...errorResponses } }, onRequest },
    (req) => grants.getGrants(db, req.params.id),
  );
  r.put(
    '/roles/:id/grants',
    {
      schema: {
        tags,
        params,
        body: roleGrantsBodySchema,
        response: { 200: roleGrantsResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => grants.replaceGrants(db, req.params.id, req.body),
  );
}

/** Permission modules (staff-admin §7 `modules`), under /api/admin/v1. */
export async function adminModulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: roles'];
  const onRequest = app.permit('modules');
  const one = { 200: moduleResponseSchema, ...errorResponses };

  r.get(
    '/modules',
    {
      schema: {
        tags,
        querystring: moduleListQuerySchema,
        response: { 200: moduleListSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => catalog.listModules(db, req.query),
  );
  r.post(
    '/modules',
    {
      schema: { tags, body: moduleBodySchema, response: { 201: moduleResponseSchema, ...errorResponses } },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await catalog.createModule(db, req.body)),
  );
  r.get('/modules/:id', { schema: { tags, params, response: one }, onRequest }, (req) =>
    catalog.getModule(db, req.params.id),
  );
  r.put(
    '/modules/:id',
    { schema: { tags, params, body: moduleBodySchema, response: one }, onRequest },
    (req) => catalog.updateModule(db, req.params.id, req.body),
  );
  r.delete('/modules/:id', { schema: { tags, params, response: deleted }, onRequest }, (req) =>
    catalog.deleteModule(db, req.params.id),
  );
}

/** Permission functions (staff-admin §7 `functions`), under /api/admin/v1. */
export async function adminFunctionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: roles'];
  const onRequest = app.permit('functions');
  const one = { 200: functionResponseSchema, ...errorResponses };

  r.get(
    '/functions',
    {
      schema: {
        tags,
        querystring: functionListQuerySchema,
        response: { 200: functionListSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => catalog.listFunctions(db, req.query),
  );
  r.post(
    '/functions',
    {
      schema: {
        tags,
        body: functionBodySchema,
        response: { 201: functionResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await catalog.createFunction(db, req.body)),
  );
  r.get('/functions/:id', { schema: { tags, params, response: one }, onRequest }, (req) =>
    catalog.getFunction(db, req.params.id),
  );
  r.put(
    '/functions/:id',
    { schema: { tags, params, body: functionBodySchema, response: one }, onRequest },
    (req) => catalog.updateFunction(db, req.params.id, req.body),
  );
  r.delete('/functions/:id', { schema: { tags, params, response: deleted }, onRequest }, (req) =>
    catalog.deleteFunction(db, req.params.id),
  );
}
