import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  adminPayoutListQuerySchema,
  adminPayoutListResponseSchema,
  adminPayoutNoteBodySchema,
  adminPayoutResponseSchema,
  idParamsSchema,
  payoutBodySchema,
  payoutListQuerySchema,
  payoutListResponseSchema,
  payoutResponseSchema,
  referralListQuerySchema,
  referralListResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as referrals from './referrals.service.js';

const tags = ['referrals'];

/** The referral program of customer-area §7 (under /api/private/v1). */
export async function referralsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/users/referrals',
    {
      schema: {
        tags,
        querystring: referralListQuerySchema,
        response: { 200: referralListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => referrals.listReferrals(deps, userOf(req), req.query),
  );
  r.get(
    '/users/referral/payouts',
    {
      schema: {
        tags,
        querystring: payoutListQuerySchema,
        response: { 200: payoutListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => referrals.listPayouts(deps.db, userOf(req), req.query.page, req.query.limit),
  );
  r.post(
    '/users/referral/payout',
    {
      schema: { tags, body: payoutBodySchema, response: { 201: payoutResponseSchema, ...errorResponses } },
      onRequest,
    },
    async (req, reply) =>
      reply.status(201).send(await referrals.requestPayout(deps.db, userOf(req), req.body)),
  );
}

/** Staff: referral payout requests (under /api/admin/v1). */
export async function adminReferralsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const adminTags = ['admin: referrals'];

  r.get(
    '/referral/payouts',
    {
      schema: {
        tags: adminTags,
        querystring: adminPayoutListQuerySchema,
        response: { 200: adminPayoutListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('referral-payouts'),
    },
    (req) => referrals.listAllPayouts(db, req.query),
  );
  for (const action of ['cancel', 'complete'] as const) {
    r.put(
      `/referral/payouts/:id/${action}`,
      {
        schema: {
          tags: adminTags,
          params: idParamsSchema,
          body: adminPayoutNoteBodySchema,
          response: { 200: adminPayoutResponseSchema, ...errorResponses },
        },
        onRequest: app.permit('payouts.manage'),
      },
      (req) =>
        (action === 'cancel' ? referrals.cancelPayout : referrals.completePayout)(
          db,
          req.params.id,
          authOf(req).user.id,
          req.body.note,
        ),
    );
  }
}
