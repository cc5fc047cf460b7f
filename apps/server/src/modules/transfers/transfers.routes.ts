import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  adminTransferListQuerySchema,
  adminTransferListResponseSchema,
  adminTransferResponseSchema,
  createTransferBodySchema,
  createTransferResponseSchema,
  idParamsSchema,
  reverseTransferBodySchema,
  transferListQuerySchema,
  transferListResponseSchema,
  transferReceiverBodySchema,
  transferReceiverResponseSchema,
  transferSettingsBodySchema,
  transferSettingsResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, refuseImpersonated } from '../sessions/auth.plugin.js';
import * as transfers from './transfers.service.js';

const tags = ['transfers'];

/** Look-ups a customer may make: a few a minute, counted per account after sign-in (not per address). */
const LOOKUPS_PER_WINDOW = 10;

/**
 * Transfers between accounts (payment system 34), under /api/private/v1: the customer's list, the receiver
 * look-up and the transfer.
 */
export async function transfersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  // Staff signed in as the user see the transfers but neither look up nor send.
  const ownerOnly = [onRequest, refuseImpersonated];
  const perUser = (max: number, timeWindow: string) => ({
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (req: { auth?: { user: { id: number } } | null; ip: string }) =>
        req.auth ? `transfers:${req.auth.user.id}` : req.ip,
    },
  });

  r.get(
    '/transfers',
    {
      schema: {
        tags,
        querystring: transferListQuerySchema,
        response: { 200: transferListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => transfers.listTransfers(deps.db, authOf(req).user.id, req.query),
  );
  r.post(
    '/transfers/receiver',
    {
      schema: {
        tags,
        body: transferReceiverBodySchema,
        response: { 200: transferReceiverResponseSchema, ...errorResponses },
      },
      onRequest: ownerOnly,
      config: perUser(LOOKUPS_PER_WINDOW, '1 minute'),
    },
    (req) => transfers.lookUpReceiver(deps.db, authOf(req).user, req.body.email),
  );
  r.post(
    '/transfers',
    {
      schema: {
        tags,
        body: createTransferBodySchema,
        response: { 201: createTransferResponseSchema, ...errorResponses },
      },
      onRequest: ownerOnly,
      config: perUser(deps.config.authRateLimit, '1 minute'),
    },
    async (req, reply) =>
      reply.code(201).send(await transfers.createTransfer(deps, authOf(req).user, req.body)),
  );
}

/** Staff calls (under /api/admin/v1): transfers on user payments, their reversal, the limits in core settings. */
export async function adminTransfersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;

  r.get(
    '/transfers',
    {
      schema: {
        tags,
        querystring: adminTransferListQuerySchema,
        response: { 200: adminTransferListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-payments'),
    },
    (req) => transfers.listAdminTransfers(db, req.query),
  );
  r.post(
    '/transfers/:id/reverse',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: reverseTransferBodySchema,
        response: { 200: adminTransferResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('transfers.reverse'),
    },
    (req) => transfers.reverseTransfer(deps, authOf(req).user.id, req.params.id, req.body.reason ?? null),
  );
  r.get(
    '/transfer-settings',
    {
      schema: { tags, response: { 200: transferSettingsResponseSchema, ...errorResponses } },
      onRequest: app.permit('core-settings'),
    },
    () => transfers.transferSettings(db),
  );
  r.put(
    '/transfer-settings',
    {
      schema: {
        tags,
        body: transferSettingsBodySchema,
        response: { 200: transferSettingsResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.transfers'),
    },
    (req) => transfers.changeTransferSettings(db, req.body),
  );
}
