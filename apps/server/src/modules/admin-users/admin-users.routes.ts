import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUserListSchema, adminUsersQuerySchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { pageMeta } from '../../lib/paging.js';
import { rolesOf, toUserView } from '../users/users.repo.js';
import { pageUsers } from './admin-users.repo.js';

const tags = ['admin: users'];

/** Staff user administration (staff-admin §7), under /api/admin/v1. */
export async function adminUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/users',
    {
      schema: {
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses },
      },
      onRequest: app.permit('user-lists'),
    },
    async (req) => {
      const { rows, total } = await pageUsers(db, req.query);
      const roleMap = await rolesOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => ({
          ...toUserView(row, roleMap.get(row.id) ?? []),
          last_login_at: row.last_login_at?.toISOString() ?? null,
        })),
        meta: pageMeta(total, req.query.page, req.query.limit),
      };
    },
  );
}
