import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADS_REPORT_FILE_MAX_BYTES,
  MARKETING_MESSAGES,
  adsReportListQuerySchema,
  adsReportListResponseSchema,
  adsReportRowResponseSchema,
  adsReportUpdateBodySchema,
  adsReportUploadResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
} from '@storelift/shared';
import { ValidationError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as report from './ads-report.service.js';

const tags = ['admin: Google Ads report'];

/** The Google Ads report (staff-admin §2, §7) under /api/admin/v1: admin, ppc and marketer. */
export async function adminAdsReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const onRequest = app.permit('google-ads-report');
  r.get(
    '/google-ads-report',
    {
      schema: {
        tags,
        querystring: adsReportListQuerySchema,
        response: { 200: adsReportListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => report.listReport(db, req.query),
  );
  // The file arrives as the request body itself (text/csv), read as bytes up to the limit.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: ADS_REPORT_FILE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/google-ads-report',
    {
      schema: {
        tags,
        description:
          'The body is the CSV file itself (`Content-Type: text/csv`, at most 1 MiB, 5000 lines) with the columns type, code, from, to, amount.',
        consumes: ['text/csv'],
        response: { 200: adsReportUploadResponseSchema, ...errorResponses },
      },
      bodyLimit: ADS_REPORT_FILE_MAX_BYTES,
      onRequest,
    },
    (req) => {
      if (!Buffer.isBuffer(req.body))
        throw ValidationError.field('file', MARKETING_MESSAGES.reportFileMissing);
      return report.uploadReport(db, req.body);
    },
  );
  r.put(
    '/google-ads-report/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: adsReportUpdateBodySchema,
        response: { 200: adsReportRowResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => report.updateRow(db, req.params.id, req.body.amount),
  );
  r.delete(
    '/google-ads-report/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => report.deleteRow(db, req.params.id),
  );
}
