import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  adminBonusSubmissionListQuerySchema,
  adminBonusSubmissionListResponseSchema,
  adminBonusSubmissionResponseSchema,
  approveBonusSubmissionBodySchema,
  bonusProgramResponseSchema,
  bonusSubmissionBodySchema,
  bonusSubmissionResponseSchema,
  idParamsSchema,
  rejectBonusSubmissionBodySchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, requirePermission } from '../sessions/auth.plugin.js';
import * as program from './bonus-program.service.js';

const tags = ['bonus program'];

/** The bonus program of customer-area §9 (under /api/private/v1). */
export async function bonusProgramRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/users/bonus-program',
    { schema: { tags, response: { 200: bonusProgramResponseSchema, ...errorResponses } }, onRequest },
    (req) => program.bonusProgram(db, userOf(req)),
  );
  r.post(
    '/users/bonus-program',
    {
      schema: {
        tags,
        body: bonusSubmissionBodySchema,
        response: { 201: bonusSubmissionResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => reply.status(201).send(await program.submit(db, userOf(req), req.body)),
  );
}

/** Staff: review of bonus program submissions (under /api/admin/v1). */
export async function adminBonusProgramRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // The list is the bonus submissions page's; approving and rejecting are a function of their own.
  const onRequest = app.permit('bonus-program.review');
  const adminTags = ['admin: bonus program'];

  r.get(
    '/bonus-program/submissions',
    {
      schema: {
        tags: adminTags,
        querystring: adminBonusSubmissionListQuerySchema,
        response: { 200: adminBonusSubmissionListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('bonus-submissions'),
    },
    (req) => program.listSubmissions(db, req.query),
  );
  r.put(
    '/bonus-program/submissions/:id/approve',
    {
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        body: approveBonusSubmissionBodySchema,
        response: { 200: adminBonusSubmissionResponseSchema, ...errorResponses },
      },
      onRequest,
      // Another reward than the rule's (within the cap) is a capability of its own.
      preHandler: async (req) => {
        if (req.body.reward !== undefined) await requirePermission(req, 'bonus-program.override-reward');
      },
    },
    (req) => program.approve(db, req.params.id, authOf(req).user.id, req.body),
  );
  r.put(
    '/bonus-program/submissions/:id/reject',
    {
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        body: rejectBonusSubmissionBodySchema,
        response: { 200: adminBonusSubmissionResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => program.reject(db, req.params.id, authOf(req).user.id, req.body.note),
  );
}
