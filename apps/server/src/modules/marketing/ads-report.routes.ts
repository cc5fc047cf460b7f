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
import { errorResponses } from '../../lib/route-schemas.js';
import { acceptUploads, readUpload, type UploadRules } from '../../lib/uploads.js';
import * as report from './ads-report.service.js';

const tags = ['admin: Google Ads report'];

/** A spend file: the CSV itself (`text/csv`) or a browser form with it in `file`. */
const ADS_REPORT_UPLOAD: UploadRules = {
  contentType: 'text/csv',
  maxBytes: ADS_REPORT_FILE_MAX_BYTES,
  formFile: 'file',
  formFields: [],
  missing: MARKETING_MESSAGES.reportFileMissing,
  tooLarge: MARKETING_MESSAGES.reportFileTooLarge,
};

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
  // The file arrives as the CSV itself or as a browser form; only this route reads forms.
  await app.register(async (upload) => {
    await acceptUploads(upload, ADS_REPORT_UPLOAD);
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/google-ads-report',
      {
        schema: {
          tags,
          description:
            'The CSV file itself (`Content-Type: text/csv`) or a form (`multipart/form-data`) with the file in `file`; at most 1 MiB, 5000 lines, with the columns type, code, from, to, amount.',
          consumes: ['text/csv', 'multipart/form-data'],
          response: { 200: adsReportUploadResponseSchema, ...errorResponses },
        },
        bodyLimit: ADS_REPORT_FILE_MAX_BYTES,
        onRequest,
      },
      async (req) => report.uploadReport(db, (await readUpload(req, ADS_REPORT_UPLOAD)).file),
    );
  });
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
