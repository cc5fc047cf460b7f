import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_ALL, campaignsWidgetResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../../plugins/auth.js';
import * as widgets from './widgets.service.js';

const tags = ['widgets'];

/** The dashboard widgets of customer-area §7 (under /api/private/v1): the caller's own data only. */
export async function widgetsRoutes(app: FastifyInstance) {
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
}
