import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cpiAccountBodySchema,
  cpiAccountListQuerySchema,
  cpiAccountListResponseSchema,
  cpiAccountResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as accounts from './cpi-accounts.service.js';

const tags = ['admin: CPI accounts'];

/** CPI accounts (staff-admin §2, §7) under /api/admin/v1: all staff read them, the admin manages them. */
export async function adminCpiAccountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const response = { 200: cpiAccountResponseSchema, ...errorResponses };
  r.get(
    '/campaigns/cpi-accounts',
    {
      schema: {
        tags,
        querystring: cpiAccountListQuerySchema,
        response: { 200: cpiAccountListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('cpi-accounts'),
    },
    (req) => accounts.listCpiAccounts(db, req.query),
  );
  r.post(
    '/campaigns/cpi-accounts',
    { schema: { tags, body: cpiAccountBodySchema, response }, onRequest: app.permit('cpi-accounts.manage') },
    (req) => accounts.createCpiAccount(db, req.body),
  );
  r.put(
    '/campaigns/cpi-accounts/:id',
    {
      schema: { tags, params: idParamsSchema, body: cpiAccountBodySchema, response },
      onRequest: app.permit('cpi-accounts.manage'),
    },
    (req) => accounts.updateCpiAccount(db, req.params.id, req.body),
  );
  r.put(
    '/campaigns/cpi-accounts/:id/deactivate',
    { schema: { tags, params: idParamsSchema, response }, onRequest: app.permit('cpi-accounts.manage') },
    (req) => accounts.deactivateCpiAccount(db, req.params.id),
  );
  r.delete(
    '/campaigns/cpi-accounts/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest: app.permit('cpi-accounts.manage'),
    },
    (req) => accounts.deleteCpiAccount(db, req.params.id),
  );
}
