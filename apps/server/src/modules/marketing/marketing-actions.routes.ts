import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMarketingActionResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
  marketingActionBodySchema,
  marketingActionFiltersResponseSchema,
  marketingActionListQuerySchema,
  marketingActionListResponseSchema,
  marketingSettingsBodySchema,
  marketingSettingsResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as actions from './marketing-actions.service.js';

const tags = ['admin: marketing actions'];

/** Marketing actions (staff-admin §2, §7) under /api/admin/v1: the page's staff read, admin and marketer manage. */
export async function adminMarketingActionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // Above the marketing percent limit only an admin saves an action.
  const byAdmin = (req: FastifyRequest) => authOf(req).roles.includes('admin');
  r.get(
    '/marketing-actions',
    {
      schema: {
        tags,
        querystring: marketingActionListQuerySchema,
        response: { 200: marketingActionListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('marketing-actions'),
    },
    (req) => actions.listActions(db, req.query),
  );
  r.get(
    '/marketing-actions/filters',
    {
      schema: { tags, response: { 200: marketingActionFiltersResponseSchema, ...errorResponses } },
      onRequest: app.permit('marketing-actions'),
    },
    () => actions.filters(db),
  );
  r.get(
    '/marketing-actions/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: adminMarketingActionResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('marketing-actions'),
    },
    (req) => actions.getAction(db, req.params.id),
  );
  r.post(
    '/marketing-actions',
    {
      schema: {
        tags,
        body: marketingActionBodySchema,
        response: { 200: adminMarketingActionResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('marketing-actions.manage'),
    },
    (req) => actions.createAction(db, req.body, byAdmin(req)),
  );
  r.put(
    '/marketing-actions/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: marketingActionBodySchema,
        response: { 200: adminMarketingActionResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('marketing-actions.manage'),
    },
    (req) => actions.updateAction(db, req.params.id, req.body, byAdmin(req)),
  );
  r.delete(
    '/marketing-actions/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest: app.permit('marketing-actions.manage'),
    },
    (req) => actions.deleteAction(db, req.params.id),
  );
  // The marketing percent limit, a core setting: the action form reads it, an admin sets it.
  r.get(
    '/marketing-settings',
    {
      schema: {
        tags: ['admin: settings'],
        response: { 200: marketingSettingsResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('marketing-actions'),
    },
    () => actions.marketingSettings(db),
  );
  r.put(
    '/marketing-settings',
    {
      schema: {
        tags: ['admin: settings'],
        body: marketingSettingsBodySchema,
        response: { 200: marketingSettingsResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.marketing'),
    },
    (req) => actions.changeMarketingSettings(db, req.body.max_percent),
  );
}
