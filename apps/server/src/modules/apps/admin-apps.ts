import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAppListQuerySchema,
  adminAppListResponseSchema,
  type AdminApp,
  type AppStore,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { pageMeta } from '../../lib/paging.js';
import { pageAllApps } from './apps.repo.js';

type Query = z.output<typeof adminAppListQuerySchema>;

/** One page of every customer's tracked apps with their owners (staff-admin §2 User apps). */
export async function listAdminApps(db: Queryable, query: Query) {
  const { rows, total } = await pageAllApps(db, query);
  const data: AdminApp[] = rows.map(({ app, country, user }) => ({
    id: app.id,
    appstore: app.appstore as AppStore,
    package: app.package,
    title: app.title,
    developer: app.developer,
    icon: app.icon,
    url: app.url,
    country,
    is_alive: app.is_alive,
    is_favorite: app.is_favorite,
    promotion_value: app.promotion_value,
    created_at: app.created_at.toISOString(),
    user,
  }));
  return { data, meta: pageMeta(total, query.page, query.limit) };
}

/** `GET apps` under /api/admin/v1 (the user-apps page). */
export async function adminAppsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/apps',
    {
      schema: {
        tags: ['admin: user apps'],
        querystring: adminAppListQuerySchema,
        response: { 200: adminAppListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-apps'),
    },
    (req) => listAdminApps(app.deps.db, req.query),
  );
}
