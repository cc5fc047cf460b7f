import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailPreviewResponseSchema,
  emailTemplateBodySchema,
  emailTemplateListResponseSchema,
  emailTemplateResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as templates from './email-templates.service.js';

const tags = ['admin: settings'];

/** E-mail templates, a core setting, under /api/admin/v1. */
export async function adminEmailTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/email-templates',
    {
      schema: { tags, response: { 200: emailTemplateListResponseSchema, ...errorResponses } },
      onRequest: app.permit('core-settings'),
    },
    () => templates.listTemplates(deps),
  );
  r.put(
    '/email-templates',
    {
      schema: {
        tags,
        body: emailTemplateBodySchema,
        response: { 200: emailTemplateResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.email-templates'),
    },
    (req) => templates.updateTemplate(deps, req.body),
  );
  r.post(
    '/email-templates/preview',
    {
      schema: {
        tags,
        body: emailTemplateBodySchema,
        response: { 200: emailPreviewResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.email-templates'),
    },
    (req) => templates.previewTemplate(deps, req.body),
  );
}
