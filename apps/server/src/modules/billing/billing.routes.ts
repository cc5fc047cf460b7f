import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  cancelPaymentResponseSchema,
  checkoutAuthBodySchema,
  checkoutAuthResponseSchema,
  checkoutBodySchema,
  checkoutQuoteQuerySchema,
  checkoutQuoteResponseSchema,
  checkoutResponseSchema,
  idParamsSchema,
  invoiceBridgeResponseSchema,
  invoiceDownloadQuerySchema,
  marketingActionResponseSchema,
  paymentConfigurationResponseSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentTotalResponseSchema,
  paysystemListSchema,
  paysystemParamsSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transferPaymentResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { downloadInvoice, invoiceBridge, sendInvoice } from './invoices.js';
import { requestLocale } from '../reference/reference-texts.js';
import * as payments from './payments.service.js';
import { listTransactions } from './transactions.service.js';
import { cancelTransferPayment, transferPayment } from './transfer-payments.js';

const tags = ['money'];

/** Money and plans calls of customer-area §7 (under /api/private/v1): the caller's own money only. */
export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user;

  r.get(
    '/transactions',
    {
      schema: {
        tags,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => listTransactions(db, userOf(req).id, req.query, requestLocale(req)),
  );
  r.get(
    '/paysystems',
    { schema: { tags, response: { 200: paysystemListSchema, ...errorResponses } }, onRequest },
    (req) => payments.listPaysystems(deps, userOf(req), requestLocale(req)),
  );
  r.get(
    '/marketing-actions',
    { schema: { tags, response: { 200: marketingActionResponseSchema, ...errorResponses } }, onRequest },
    (req) => payments.currentPaymentAction(db, userOf(req), requestLocale(req)),
  );
  r.get(
    '/checkout/quote',
    {
      schema: {
        tags,
        querystring: checkoutQuoteQuerySchema,
        response: { 200: checkoutQuoteResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => payments.quote(deps, userOf(req), req.query.paysystem_id, req.query.amount),
  );
  r.post(
    '/checkout',
    {
      schema: {
        tags,
        body: checkoutBodySchema,
        response: { 201: checkoutResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) => {
      const { url, data } = await payments.checkout(
        deps,
        userOf(req),
        req.body.paysystem_id,
        req.body.amount,
      );
      return reply.status(201).send({ link: url, data });
    },
  );
  r.post(
    '/checkout/:paysystem_id/auth',
    {
      schema: {
        tags,
        params: paysystemParamsSchema,
        body: checkoutAuthBodySchema,
        response: { 201: checkoutAuthResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await payments.checkout(deps, userOf(req), req.params.paysystem_id, req.body.amount)),
  );
  r.get(
    '/payments',
    {
      schema: {
        tags,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => payments.listOwnPayments(db, userOf(req).id, req.query, requestLocale(req)),
  );
  r.get(
    '/payments/total',
    { schema: { tags, response: { 200: paymentTotalResponseSchema, ...errorResponses } }, onRequest },
    (req) => payments.paymentTotal(db, userOf(req).id),
  );
  r.get(
    '/payments/:id/get-configuration',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: paymentConfigurationResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => payments.paymentConfiguration(db, userOf(req).id, req.params.id),
  );
  r.get(
    '/payments/:id/transfer',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: transferPaymentResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => transferPayment(db, userOf(req).id, req.params.id),
  );
  r.post(
    '/payments/:id/cancel',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: cancelPaymentResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => cancelTransferPayment(db, userOf(req).id, req.params.id),
  );
  r.get(
    '/payments/download-invoice/:id/bridge',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: invoiceBridgeResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => invoiceBridge(deps, userOf(req).id, req.params.id),
  );
  // The browser opens this one itself: the signed `ts` and `h` authorize it, not a bearer token.
  r.get(
    '/payments/download-invoice/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: invoiceDownloadQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) =>
      sendInvoice(reply, await downloadInvoice(deps, req.params.id, req.query.ts, req.query.h)),
  );
}
