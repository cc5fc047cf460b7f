import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_ALL, profileResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../../plugins/auth.js';
import { profileOf } from './profile.service.js';

/** `GET users/profile` (under /api/private/v1); editing the profile is another module's. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/profile',
    {
      schema: { tags: ['profile'], response: { 200: profileResponseSchema, ...errorResponses } },
      onRequest: app.allow([ROLE_ALL]),
    },
    (req) => profileOf(app.deps, authOf(req).user),
  );
}
