import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  adminContactMessageListQuerySchema,
  adminContactMessageListResponseSchema,
  adminContactMessageResponseSchema,
  handleContactMessageBodySchema,
  idParamsSchema,
  contactMessageBodySchema,
  contactsResponseSchema,
  errorsResponseSchema,
  messageResponseSchema,
  startingResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as pages from './pages.service.js';

const tags = ['information pages'];
/** Contact messages per user and minute: enough to correct a typo, too few to flood support's mailbox. */
const CONTACT_RATE_LIMIT = 3;

/** The information pages of customer-area §2 (Contacts, starting page) and `GET errors` (§7 Other). */
export async function pagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);

  r.get(
    '/contacts',
    { schema: { tags, response: { 200: contactsResponseSchema, ...errorResponses } }, onRequest },
    (req) => pages.contacts(deps, authOf(req).user.id),
  );
  r.post(
    '/contacts',
    {
      schema: {
        tags,
        body: contactMessageBodySchema,
        response: { 201: messageResponseSchema, ...errorResponses },
      },
      onRequest,
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT,
          timeWindow: '1 minute',
          // After the session check, so it counts per account: one office shares an address.
          hook: 'preHandler',
          keyGenerator: (req) => `contacts:${authOf(req).user.id}`,
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await pages.sendContactMessage(deps, authOf(req).user.id, req.body)),
  );
  r.get(
    '/starting',
    { schema: { tags, response: { 200: startingResponseSchema, ...errorResponses } }, onRequest },
    (req) => pages.starting(deps, authOf(req).user.id),
  );
  r.get('/errors', { schema: { tags, response: { 200: errorsResponseSchema } } }, async () => ({
    data: pages.ERRORS_CATALOGUE,
  }));
}

/** Staff: the messages customers sent from Contacts (under /api/admin/v1), and marking them handled. */
export async function adminPagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const adminTags = ['admin: contact messages'];
  const onRequest = app.permit('contact-messages');
  r.get(
    '/contact-messages',
    {
      schema: {
        tags: adminTags,
        querystring: adminContactMessageListQuerySchema,
        response: { 200: adminContactMessageListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => pages.listContactMessages(deps, req.query),
  );
  r.put(
    '/contact-messages/:id/handle',
    {
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        body: handleContactMessageBodySchema,
        response: { 200: adminContactMessageResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) =>
      pages.changeContactMessage(deps, req.params.id, authOf(req).user.id, {
        to: 'handled',
        note: req.body.note,
      }),
  );
  r.put(
    '/contact-messages/:id/reopen',
    {
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        response: { 200: adminContactMessageResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => pages.changeContactMessage(deps, req.params.id, authOf(req).user.id, { to: 'new' }),
  );
}
