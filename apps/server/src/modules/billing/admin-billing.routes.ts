import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVOICE_MAX_BYTES,
  adminPaymentExportQuerySchema,
  adminPaymentListQuerySchema,
  adminPaymentListResponseSchema,
  adminPaymentResponseSchema,
  adminTransactionListQuerySchema,
  changePaysystemActiveBodySchema,
  paysystemBodySchema,
  receivingSettingsBodySchema,
  receivingSettingsResponseSchema,
  changeUserBalanceBodySchema,
  changeUserBalanceResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
  adminPaysystemListSchema,
  adminPaysystemResponseSchema,
  refundPaymentBodySchema,
  transactionListResponseSchema,
  updatePaymentBodySchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { acceptUploads } from '../../lib/uploads.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as admin from './admin-billing.service.js';
import { INVOICE_UPLOAD, deleteInvoice, readInvoiceUpload, uploadInvoice } from './admin-invoices.js';
import { sendInvoice, staffInvoice } from './invoices.js';
import { exportPayments } from './payments-export.js';
import { listTransactions } from './transactions.service.js';
import { changeReceivingSettings, receivingSettings } from './receiving-details.js';

const tags = ['admin: money'];

/** Staff calls of the money area (staff-admin §7), under /api/admin/v1. */
export async function adminBillingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;

  r.get(
    '/transactions',
    {
      schema: {
        tags,
        querystring: adminTransactionListQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-details'),
    },
    (req) => {
      const { user_id, orderBy, sortBy, is_admin, ...filters } = req.query;
      return listTransactions(db, user_id, {
        ...filters,
        sortBy: orderBy,
        sortType: sortBy,
        staffMade: is_admin,
      });
    },
  );
  r.get(
    '/payments',
    {
      schema: {
        tags,
        querystring: adminPaymentListQuerySchema,
        response: { 200: adminPaymentListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-payments'),
    },
    (req) => admin.listPayments(db, req.query),
  );
  r.get(
    '/payments/export',
    {
      schema: { tags, querystring: adminPaymentExportQuerySchema, produces: ['text/csv'] },
      onRequest: app.permit('user-payments'),
    },
    (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .header('cache-control', 'private, no-store')
        .send(exportPayments(db, req.query)),
  );
  r.put(
    '/payments/change-user-balance',
    {
      schema: {
        tags,
        body: changeUserBalanceBodySchema,
        response: { 200: changeUserBalanceResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('users.change-balance'),
    },
    (req) => admin.changeUserBalance(db, authOf(req).user.id, req.body),
  );
  r.put(
    '/payments/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updatePaymentBodySchema,
        response: { 200: adminPaymentResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('payments.update'),
    },
    (req) => admin.updatePayment(db, req.params.id, req.body),
  );
  r.delete(
    '/payments/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest: app.permit('payments.delete'),
    },
    (req) => admin.deletePayment(deps, req.params.id),
  );
  r.post(
    '/payments/:id/refund',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: refundPaymentBodySchema,
        response: { 200: adminPaymentResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('payments.refund'),
    },
    (req) => admin.refund(deps, req.params.id, authOf(req).user.id, req.body.description ?? null),
  );
  r.get(
    '/payments/invoice/:id',
    {
      schema: { tags, params: idParamsSchema, produces: ['application/pdf'], response: errorResponses },
      onRequest: app.permit('user-payments'),
    },
    async (req, reply) => sendInvoice(reply, await staffInvoice(deps, req.params.id)),
  );
  // The invoice arrives as the PDF itself or as a browser form; only this route reads forms.
  await app.register(async (upload) => {
    await acceptUploads(upload, INVOICE_UPLOAD);
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/payments/invoice/:id',
      {
        schema: {
          tags,
          description:
            'The PDF itself (`Content-Type: application/pdf`) or a form (`multipart/form-data`) with the PDF in `data` and optionally `paymentInvoiceId`, at most 5 MB.',
          params: idParamsSchema,
          consumes: ['application/pdf', 'multipart/form-data'],
          response: { 200: adminPaymentResponseSchema, ...errorResponses },
        },
        bodyLimit: INVOICE_MAX_BYTES,
        onRequest: app.permit('payments.invoices'),
      },
      async (req) => uploadInvoice(deps, req.params.id, await readInvoiceUpload(req, req.params.id)),
    );
  });
  r.delete(
    '/payments/invoice/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: adminPaymentResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('payments.invoices'),
    },
    (req) => deleteInvoice(deps, req.params.id),
  );
  r.get(
    '/paysystems',
    {
      schema: { tags, response: { 200: adminPaysystemListSchema, ...errorResponses } },
      onRequest: app.permit('core-settings'),
    },
    () => admin.listAllPaysystems(deps),
  );
  r.put(
    '/paysystems/change-is-active-paysystem',
    {
      schema: {
        tags,
        body: changePaysystemActiveBodySchema,
        response: { 200: adminPaysystemResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.paysystems'),
    },
    (req) => admin.changePaysystemActive(deps, req.body.id, req.body.is_active),
  );
  r.put(
    '/paysystems/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: paysystemBodySchema,
        response: { 200: adminPaysystemResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.paysystems'),
    },
    (req) => admin.updatePaysystem(deps, req.params.id, req.body),
  );
  // Our accounts for bank transfer, Wise and Payoneer, and the days a transfer payment waits.
  r.get(
    '/receiving-details',
    {
      schema: { tags, response: { 200: receivingSettingsResponseSchema, ...errorResponses } },
      onRequest: app.permit('core-settings'),
    },
    () => receivingSettings(db),
  );
  r.put(
    '/receiving-details',
    {
      schema: {
        tags,
        body: receivingSettingsBodySchema,
        response: { 200: receivingSettingsResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('settings.paysystems'),
    },
    (req) => changeReceivingSettings(db, req.body),
  );
}
