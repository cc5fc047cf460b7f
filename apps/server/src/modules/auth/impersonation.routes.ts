import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeUserAccountBodySchema, changeUserAccountResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { changeUserAccount } from './impersonation.service.js';

/** Log in as a user (staff-admin §7 `auth/change-user-account`), under /api/admin/v1. */
export async function adminImpersonationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/change-user-account',
    {
      schema: {
        tags: ['admin: users'],
        body: changeUserAccountBodySchema,
        response: { 200: changeUserAccountResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('users.login-as'),
    },
    (req) => changeUserAccount(app.deps, authOf(req), req.body.email),
  );
}
