import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  currentPlanResponseSchema,
  pricePlanListQuerySchema,
  pricePlanListResponseSchema,
  pricetagListResponseSchema,
  productsBodySchema,
  productsQuerySchema,
  productsResponseSchema,
  setUserPlanBodySchema,
  userIdParamsSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { requestLocale } from '../reference/reference-texts.js';
import * as plans from './plans.service.js';
import * as products from './products.service.js';

const tags = ['plans'];

/** `GET priceplans` and `priceplans/current` (under /api/private/v1). */
export async function plansRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const onRequest = app.allow([ROLE_ALL]);

  r.get(
    '/priceplans',
    {
      schema: {
        tags,
        querystring: pricePlanListQuerySchema,
        response: { 200: pricePlanListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => plans.listPlans(db, req.query, requestLocale(req)),
  );
  r.get(
    '/priceplans/current',
    { schema: { tags, response: { 200: currentPlanResponseSchema, ...errorResponses } }, onRequest },
    (req) => plans.currentPlan(db, authOf(req).user.id, requestLocale(req)),
  );
}

/** Staff: a user's plan and pricetags (under /api/admin/v1). */
export async function adminPlansRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // Given to manager and admin (customer-area §6: a manager moves a user to a reseller plan).
  const onRequest = app.permit('users.set-price-plan');

  r.put(
    '/priceplans/user/:id',
    {
      schema: {
        tags: ['admin: plans'],
        params: userIdParamsSchema,
        body: setUserPlanBodySchema,
        response: { 200: pricetagListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => plans.setUserPlan(db, authOf(req).user.id, req.params.id, req.body.priceplan_id),
  );
  r.post(
    '/priceplans/pricetags/user/:id/sync',
    {
      schema: {
        tags: ['admin: plans'],
        params: userIdParamsSchema,
        response: { 200: pricetagListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => plans.syncUserPricetags(db, authOf(req).user.id, req.params.id),
  );
}

/** The price list (core settings, under /api/admin/v1): `GET products` and `PUT products`. */
export async function adminProductsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: settings'];

  r.get(
    '/products',
    {
      schema: {
        tags,
        querystring: productsQuerySchema,
        response: { 200: productsResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('core-settings'),
    },
    (req) => products.listProducts(db, req.query.appstore),
  );
  r.put(
    '/products',
    {
      schema: {
        tags,
        body: productsBodySchema,
        response: { 200: productsResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.products'),
    },
    (req) => products.updateProducts(db, req.body),
  );
}
