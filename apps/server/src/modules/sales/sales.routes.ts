import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  changeHistoryNoteBodySchema,
  changeManagerBodySchema,
  changeSalesStatusBodySchema,
  clientsReportExportQuerySchema,
  clientsReportQuerySchema,
  clientsReportSchema,
  customerManagersSchema,
  lastPaymentListSchema,
  lastPaymentsQuerySchema,
  managerRequestResponseSchema,
  messageResponseSchema,
  newClientListSchema,
  newClientsQuerySchema,
  salesByPaymentsSchema,
  salesByStatusSchema,
  salesClientListSchema,
  salesClientResponseSchema,
  salesClientsQuerySchema,
  salesExportQuerySchema,
  salesHistoryQuerySchema,
  salesHistorySchema,
  salesPeriodQuerySchema,
  salesTotalsSchema,
} from '@storelift/shared';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, permissionsOf } from '../sessions/auth.plugin.js';
import { clientsReport, clientsReportBatches } from './clients-report.service.js';
import { EXPORT_BATCH, csvOf } from './csv-export.js';
import { customerManagers, requestManager } from './managers.service.js';
import * as sales from './sales.service.js';
import type { SalesScope } from './sales.repo.js';

const scopeOf = async (req: FastifyRequest): Promise<SalesScope> => ({
  actorId: authOf(req).user.id,
  seesAll: (await permissionsOf(req)).has('sales-report.all-managers'),
});

const sendCsv = (reply: FastifyReply, name: string, csv: Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(csv);

const CLIENT_COLUMNS = [
  'id',
  'email',
  'nickname',
  'full_name',
  'country',
  'priceplan',
  'manager',
  'created_at',
  'total_payments',
  'total_spent',
  'status',
  'note',
] as const;
const PAYMENT_COLUMNS = ['id', 'user_id', 'email', 'nickname', 'paysystem', 'amount', 'credited_at'] as const;
const REPORT_COLUMNS = [
  'id',
  'email',
  'nickname',
  'country',
  'manager',
  'priceplan',
  'created_at',
  'total_payments',
  'total_spent',
] as const;

/** The sales report (staff-admin §2, §3, §7 sales-reports/*) under /api/admin/v1: admin and manager. */
export async function adminSalesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: sales report'];
  const onRequest = app.permit('sales-report');
  const client = { 200: salesClientResponseSchema, ...errorResponses };

  r.get(
    '/sales-reports',
    {
      schema: {
        tags,
        querystring: salesClientsQuerySchema,
        response: { 200: salesClientListSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.listClients(db, await scopeOf(req), req.query),
  );
  r.get(
    '/sales-reports/export',
    { schema: { tags, querystring: salesExportQuerySchema, produces: ['text/csv'] }, onRequest },
    async (req, reply) =>
      sendCsv(
        reply,
        'my-clients',
        csvOf(
          sales.clientBatches(db, await scopeOf(req), req.query, EXPORT_BATCH),
          CLIENT_COLUMNS,
          (row) => ({
            ...row,
            manager: row.manager?.email ?? '',
          }),
        ),
      ),
  );
  r.post(
    '/sales-reports/change-status',
    { schema: { tags, body: changeSalesStatusBodySchema, response: client }, onRequest },
    async (req) => sales.changeStatus(db, await scopeOf(req), req.body),
  );
  r.post(
    '/sales-reports/change-history-note',
    { schema: { tags, body: changeHistoryNoteBodySchema, response: client }, onRequest },
    async (req) => sales.changeNote(db, await scopeOf(req), req.body),
  );
  r.get(
    '/sales-reports/history',
    {
      schema: {
        tags,
        querystring: salesHistoryQuerySchema,
        response: { 200: salesHistorySchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.history(db, await scopeOf(req), req.query),
  );
  r.get(
    '/sales-reports/new-clients',
    {
      schema: {
        tags,
        querystring: newClientsQuerySchema,
        response: { 200: newClientListSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => sales.newClients(db, req.query),
  );
  r.post(
    '/sales-reports/new-clients/change-manager',
    {
      schema: {
        tags,
        body: changeManagerBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.changeManager(db, await scopeOf(req), req.body),
  );
  r.get(
    '/sales-reports/by-status',
    {
      schema: {
        tags,
        querystring: salesPeriodQuerySchema,
        response: { 200: salesByStatusSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.byStatus(db, await scopeOf(req), req.query),
  );
  r.get(
    '/sales-reports/by-payments',
    {
      schema: {
        tags,
        querystring: salesPeriodQuerySchema,
        response: { 200: salesByPaymentsSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.byPayments(db, await scopeOf(req), req.query),
  );
  r.get(
    '/sales-reports/totals',
    {
      schema: {
        tags,
        querystring: salesPeriodQuerySchema,
        response: { 200: salesTotalsSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.totals(db, await scopeOf(req), req.query),
  );
  r.get(
    '/sales-reports/last-payments',
    {
      schema: {
        tags,
        querystring: lastPaymentsQuerySchema,
        response: { 200: lastPaymentListSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req) => sales.lastPayments(db, await scopeOf(req), req.query),
  );
  r.get(
    '/sales-reports/last-payments/export',
    { schema: { tags, querystring: salesPeriodQuerySchema, produces: ['text/csv'] }, onRequest },
    async (req, reply) =>
      sendCsv(
        reply,
        'last-payments',
        csvOf(
          sales.paymentBatches(db, await scopeOf(req), req.query, EXPORT_BATCH),
          PAYMENT_COLUMNS,
          (row) => ({
            ...row,
            user_id: row.user.id,
            email: row.user.email,
            nickname: row.user.nickname,
          }),
        ),
      ),
  );

  const reportTags = ['admin: clients report'];
  r.get(
    '/clients-report',
    {
      schema: {
        tags: reportTags,
        querystring: clientsReportQuerySchema,
        response: { 200: clientsReportSchema, ...errorResponses },
      },
      onRequest: app.permit('clients-report'),
    },
    (req) => clientsReport(db, req.query),
  );
  r.get(
    '/clients-report/export',
    {
      schema: { tags: reportTags, querystring: clientsReportExportQuerySchema, produces: ['text/csv'] },
      onRequest: app.permit('clients-report'),
    },
    (req, reply) =>
      sendCsv(
        reply,
        'clients-report',
        csvOf(clientsReportBatches(db, req.query, EXPORT_BATCH), REPORT_COLUMNS, (row) => ({
          ...row,
          manager: row.manager?.email ?? '',
        })),
      ),
  );
}

/** Personal managers for customers (customer-area §4, §7 Other) under /api/private/v1. */
export async function managersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['managers'];
  const onRequest = app.allow([ROLE_ALL]);
  r.get(
    '/managers',
    { schema: { tags, response: { 200: customerManagersSchema, ...errorResponses } }, onRequest },
    (req) => customerManagers(db, authOf(req).user.id),
  );
  r.post(
    '/managers/request',
    {
      schema: {
        tags,
        response: { 200: managerRequestResponseSchema, 201: managerRequestResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => {
      const { created, body } = await requestManager(db, authOf(req).user.id);
      return reply.status(created ? 201 : 200).send(body);
    },
  );
}
