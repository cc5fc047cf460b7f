import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReferralListQuerySchema,
  adminReferralListSchema,
  adminUserAppListSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  attachReferralBodySchema,
  idParamsSchema,
  managerListSchema,
  messageResponseSchema,
  pageQuerySchema,
  updateAdminUserBodySchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, permissionsOf } from '../sessions/auth.plugin.js';
import * as service from './admin-users.service.js';

const tags = ['admin: users'];

/** Staff user administration: user lists and user details (staff-admin §2, §7), under /api/admin/v1. */
export async function adminUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;
  const actorOf = async (req: FastifyRequest): Promise<service.Actor> => {
    const { user, roles } = authOf(req);
    return { id: user.id, roles, canSetPlan: (await permissionsOf(req)).has('users.set-price-plan') };
  };
  const message = { 200: messageResponseSchema, ...errorResponses };

  r.get(
    '/users',
    {
      schema: {
        tags,
        description: 'A page of users; with `id`, that one user with balances and totals (`{ data }`).',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-lists'),
    },
    async (req) =>
      req.query.id ? { data: await service.userDetail(db, req.query.id) } : service.listUsers(db, req.query),
  );
  r.put(
    '/users',
    {
      schema: {
        tags,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('users.update'),
    },
    async (req) => service.updateUser(db, await actorOf(req), req.body),
  );
  r.delete(
    '/users/:id',
    { schema: { tags, params: idParamsSchema, response: message }, onRequest: app.permit('users.delete') },
    async (req) => service.deleteUser(db, await actorOf(req), req.params.id),
  );
  for (const action of ['activate', 'deactivate'] as const) {
    r.put(
      `/users/:id/${action}`,
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: adminUserResponseSchema, ...errorResponses },
        },
        onRequest: app.permit('users.update'),
      },
      async (req) => service.setActive(db, await actorOf(req), req.params.id, action === 'activate'),
    );
  }
  r.post(
    '/users/:id/resend-verification',
    { schema: { tags, params: idParamsSchema, response: message }, onRequest: app.permit('user-lists') },
    (req) => service.resendVerification(deps, req.params.id),
  );
  r.get(
    '/managers',
    {
      schema: { tags, response: { 200: managerListSchema, ...errorResponses } },
      onRequest: app.permit('user-lists'),
    },
    () => service.managers(db),
  );
  r.get(
    '/users/referrals',
    {
      schema: {
        tags,
        querystring: adminReferralListQuerySchema,
        response: { 200: adminReferralListSchema, ...errorResponses },
      },
      onRequest: app.permit('user-details'),
    },
    (req) => service.listReferrals(db, req.query),
  );
  r.post(
    '/users/referrals',
    {
      schema: { tags, body: attachReferralBodySchema, response: message },
      onRequest: app.permit('users.edit-referrals'),
    },
    (req) => service.attachReferral(db, authOf(req).user.id, req.body.user_id, req.body.referral),
  );
  r.delete(
    '/users/referrals/:id',
    {
      schema: {
        tags,
        description: 'The user `id` stops being a referral of anyone.',
        params: idParamsSchema,
        response: message,
      },
      onRequest: app.permit('users.edit-referrals'),
    },
    (req) => service.removeReferral(db, authOf(req).user.id, req.params.id),
  );
  r.get(
    '/users/:id/apps',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: adminUserAppListSchema, ...errorResponses },
      },
      onRequest: app.permit('user-details'),
    },
    (req) => service.userApps(db, req.params.id, req.query.page, req.query.limit),
  );
}
