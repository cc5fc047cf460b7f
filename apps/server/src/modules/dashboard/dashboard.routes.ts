import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  campaignsWidgetResponseSchema,
  externalBlogWidgetResponseSchema,
  internalBlogQuerySchema,
  internalBlogWidgetResponseSchema,
  pinnedBlogWidgetResponseSchema,
  popularAppsWidgetResponseSchema,
  popularCountriesWidgetResponseSchema,
  referralsWidgetResponseSchema,
  topRegionsWidgetResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { internalPosts, pinnedPosts } from '../blog/blog.service.js';
import { requestLocale } from '../reference/reference-texts.js';
import { createBlogFeed } from './blog-feed.js';
import * as widgets from './dashboard.service.js';

const tags = ['widgets'];

/** The dashboard widgets of customer-area §7 (under /api/private/v1): the caller's own data only. */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);

  r.get(
    '/widgets/campaigns',
    {
      schema: { tags, response: { 200: campaignsWidgetResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => widgets.campaignsWidget(deps, authOf(req).user.id),
  );
  r.get(
    '/widgets/country/appstores',
    { schema: { tags, response: { 200: topRegionsWidgetResponseSchema, ...errorResponses } }, onRequest },
    async (req) => ({ data: await widgets.topRegionsWidget(deps, authOf(req).user.id) }),
  );
  r.get(
    '/widgets/country/popular',
    {
      schema: { tags, response: { 200: popularCountriesWidgetResponseSchema, ...errorResponses } },
      onRequest,
    },
    async () => ({ data: await widgets.popularCountriesWidget(deps) }),
  );
  r.get(
    '/widgets/apps/popular',
    { schema: { tags, response: { 200: popularAppsWidgetResponseSchema, ...errorResponses } }, onRequest },
    async (req) => ({ data: await widgets.popularAppsWidget(deps, authOf(req).user.id) }),
  );
  r.get(
    '/widgets/referrals',
    { schema: { tags, response: { 200: referralsWidgetResponseSchema, ...errorResponses } }, onRequest },
    async (req) => ({ data: await widgets.referralsWidget(deps, authOf(req).user.id) }),
  );
  // One reader per server: its cache is shared by every customer.
  const externalPosts = createBlogFeed(deps.config.blogFeedUrl);
  r.get(
    '/widgets/blog/external',
    { schema: { tags, response: { 200: externalBlogWidgetResponseSchema, ...errorResponses } }, onRequest },
    () => externalPosts(),
  );
  r.get(
    '/widgets/blog/internal',
    {
      schema: {
        tags,
        querystring: internalBlogQuerySchema,
        response: { 200: internalBlogWidgetResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => internalPosts(deps.db, requestLocale(req), req.query),
  );
  r.get(
    '/widgets/blog/pinned',
    { schema: { tags, response: { 200: pinnedBlogWidgetResponseSchema, ...errorResponses } }, onRequest },
    (req) => pinnedPosts(deps.db, requestLocale(req)),
  );
}
