import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedResponseSchema,
  idParamsSchema,
  pageQuerySchema,
  vendorCallListResponseSchema,
  vendorHealthResponseSchema,
  vendorMappingsBodySchema,
  vendorMappingsResponseSchema,
  vendorServicesResponseSchema,
  vendorActivityBodySchema,
  vendorBodySchema,
  vendorCountryActivityBodySchema,
  vendorListQuerySchema,
  vendorListResponseSchema,
  vendorResponseSchema,
  vendorShortListSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as vendors from './vendors.service.js';
import * as panels from './vendors.panel.js';

const tags = ['admin: vendors'];

/**
 * Vendors (staff-admin §7; admin only), under /api/admin/v1: the vendors, a panel vendor's services and
 * mappings (providers/vendors/README.md); the panel calls made for a campaign (user orders) and each vendor's
 * health (operations).
 */
export async function adminVendorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const onRequest = app.permit('vendors');
  const one = { 200: vendorResponseSchema, ...errorResponses };

  r.get(
    '/vendors/get-list',
    { schema: { tags, response: { 200: vendorShortListSchema, ...errorResponses } }, onRequest },
    () => vendors.shortList(db, config.sandbox),
  );
  r.get(
    '/vendors',
    {
      schema: {
        tags,
        querystring: vendorListQuerySchema,
        response: { 200: vendorListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => vendors.listVendors(db, req.query, config.sandbox),
  );
  r.get('/vendors/:id', { schema: { tags, params: idParamsSchema, response: one }, onRequest }, (req) =>
    vendors.getVendor(db, req.params.id, config.sandbox),
  );
  r.post(
    '/vendors',
    {
      schema: { tags, body: vendorBodySchema, response: { 201: vendorResponseSchema, ...errorResponses } },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await vendors.createVendor(db, req.body, app.deps.outbound)),
  );
  r.put(
    '/vendors/change-admin-vendors-activity',
    { schema: { tags, body: vendorActivityBodySchema, response: one }, onRequest },
    (req) => vendors.setVendorActive(db, req.body.id, req.body.is_active),
  );
  r.put(
    '/vendors/change-admin-country-vendors-activity',
    { schema: { tags, body: vendorCountryActivityBodySchema, response: one }, onRequest },
    (req) => vendors.setVendorCountryActive(db, req.body.id, req.body.country, req.body.is_active),
  );
  r.put(
    '/vendors/:id',
    { schema: { tags, params: idParamsSchema, body: vendorBodySchema, response: one }, onRequest },
    (req) => vendors.updateVendor(db, req.params.id, req.body, app.deps.outbound),
  );
  r.delete(
    '/vendors/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => vendors.deleteVendor(db, req.params.id),
  );
  r.post(
    '/vendors/:id/services/load',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: vendorServicesResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => panels.loadServices(app.deps, req.params.id),
  );
  r.get(
    '/vendors/:id/services',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: vendorServicesResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => panels.servicesOf(app.deps, req.params.id),
  );
  const mappings = { 200: vendorMappingsResponseSchema, ...errorResponses };
  r.get(
    '/vendors/:id/mappings',
    { schema: { tags, params: idParamsSchema, response: mappings }, onRequest },
    (req) => panels.mappingsOf(app.deps, req.params.id),
  );
  r.put(
    '/vendors/:id/mappings',
    {
      schema: { tags, params: idParamsSchema, body: vendorMappingsBodySchema, response: mappings },
      onRequest,
    },
    (req) => panels.putMappings(app.deps, req.params.id, req.body),
  );
  r.get(
    '/campaigns/:id/vendor-calls',
    {
      schema: {
        tags: ['admin: campaigns'],
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: vendorCallListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-orders'),
    },
    (req) => panels.callsOf(app.deps, req.params.id, req.query.page, req.query.limit),
  );
  r.get(
    '/operations/vendors',
    {
      schema: {
        tags: ['admin: operations'],
        response: { 200: vendorHealthResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('operations'),
    },
    () => panels.vendorHealth(app.deps),
  );
}
