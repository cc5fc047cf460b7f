import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  adminAppListQuerySchema,
  adminAppListResponseSchema,
  type AdminApp,
  type AppStore,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { apps, billingProfiles, countries, users } from '../../db/schema/index.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { pageMeta } from '../../lib/paging.js';

type Query = z.output<typeof adminAppListQuerySchema>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const ORDER: Record<Query['orderBy'], SQL> = {
  created_at: sql`${apps.created_at}`,
  id: sql`${apps.id}`,
  title: sql`lower(${apps.title})`,
  developer: sql`lower(${apps.developer})`,
  promotion_value: sql`${apps.promotion_value}`,
};

function filtersOf(query: Query): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.appstoreId) filters.push(eq(apps.appstore, query.appstoreId));
  if (query.allAppsFilter === 'alive') filters.push(eq(apps.is_alive, true));
  if (query.allAppsFilter === 'ban') filters.push(eq(apps.is_alive, false));
  if (query.allAppsFilter === 'fav') filters.push(eq(apps.is_favorite, true));
  if (query.only_paid) filters.push(gt(billingProfiles.total_payments, '0'));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const columns = {
      title: ilike(apps.title, pattern),
      package: ilike(apps.package, pattern),
      developer: ilike(apps.developer, pattern),
      email: ilike(users.email, pattern),
    };
    filters.push(query.searchColumn === 'all' ? or(...Object.values(columns)) : columns[query.searchColumn]);
  }
  return and(...filters);
}

// A customer's billing profile is made on first use: one without it has paid nothing.
/** One page of every customer's tracked apps with their owners (staff-admin §2 User apps). */
export async function listAdminApps(db: Queryable, query: Query) {
  const where = filtersOf(query);
  const direction = sql.raw(query.sortBy);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        app: apps,
        country: countries.code,
        user: {
          id: users.id,
          email: users.email,
          nickname: users.nickname,
          total_payments: sql<string>`coalesce(${billingProfiles.total_payments}, 0)::numeric(14,4)::text`,
        },
      })
      .from(apps)
      .innerJoin(users, eq(users.id, apps.user_id))
      .leftJoin(billingProfiles, eq(billingProfiles.user_id, apps.user_id))
      .innerJoin(countries, eq(countries.id, apps.country_id))
      .where(where)
      .orderBy(sql`${ORDER[query.orderBy]} ${direction}`, sql`${apps.id} ${direction}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ value: count() })
      .from(apps)
      .innerJoin(users, eq(users.id, apps.user_id))
      .leftJoin(billingProfiles, eq(billingProfiles.user_id, apps.user_id))
      .where(where),
  ]);
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
  return { data, meta: pageMeta(total?.value ?? 0, query.page, query.limit) };
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
