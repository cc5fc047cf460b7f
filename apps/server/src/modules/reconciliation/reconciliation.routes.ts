import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RECONCILIATION_MESSAGES,
  STATEMENT_MAX_BYTES,
  assignLineBodySchema,
  idParamsSchema,
  ignoreLineBodySchema,
  reconciliationCandidatesQuerySchema,
  reconciliationCandidatesResponseSchema,
  statementLineListQuerySchema,
  statementLineListResponseSchema,
  statementLineResponseSchema,
  statementListQuerySchema,
  statementListResponseSchema,
  uploadStatementQuerySchema,
  uploadStatementResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { acceptUploads, readUpload, type UploadRules } from '../../lib/uploads.js';
import { authOf } from '../sessions/auth.plugin.js';
import { assignLine, findCandidates, ignoreLine, listLines } from './reconciliation-lines.service.js';
import { listStatements, uploadStatement } from './reconciliation.service.js';

const tags = ['admin: money'];

/** A statement: the file itself as the body, or a form with it in `file`. */
const STATEMENT_UPLOAD: UploadRules = {
  contentType: 'application/octet-stream',
  maxBytes: STATEMENT_MAX_BYTES,
  formFile: 'file',
  formFields: [],
  missing: RECONCILIATION_MESSAGES.statementMissing,
  tooLarge: RECONCILIATION_MESSAGES.statementTooLarge,
};

/**
 * Staff reconciliation of transfers (docs/money.md, Reconciliation), under /api/admin/v1: reading is the page's
 * module, anything that credits or sets a line aside is for those who may change balances.
 */
export async function adminReconciliationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/reconciliation/statements',
    {
      schema: {
        tags,
        querystring: statementListQuerySchema,
        response: { 200: statementListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('reconciliation'),
    },
    (req) => listStatements(db, req.query),
  );
  r.get(
    '/reconciliation/lines',
    {
      schema: {
        tags,
        querystring: statementLineListQuerySchema,
        response: { 200: statementLineListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('reconciliation'),
    },
    (req) => listLines(db, req.query),
  );
  r.get(
    '/reconciliation/candidates',
    {
      schema: {
        tags,
        querystring: reconciliationCandidatesQuerySchema,
        response: { 200: reconciliationCandidatesResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('users.change-balance'),
    },
    (req) => findCandidates(db, req.query.search),
  );
  r.post(
    '/reconciliation/lines/:id/assign',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: assignLineBodySchema,
        response: { 200: statementLineResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('users.change-balance'),
    },
    (req) => assignLine(db, authOf(req).user.id, req.params.id, req.body),
  );
  r.post(
    '/reconciliation/lines/:id/ignore',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: ignoreLineBodySchema,
        response: { 200: statementLineResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('users.change-balance'),
    },
    (req) => ignoreLine(db, authOf(req).user.id, req.params.id, req.body.reason),
  );
  // Only this route reads forms and raw files.
  await app.register(async (upload) => {
    await acceptUploads(upload, STATEMENT_UPLOAD);
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/reconciliation/statements',
      {
        schema: {
          tags,
          description:
            'A camt.053 XML, Wise CSV or Payoneer CSV statement: the file itself (`application/octet-stream`) or a form (`multipart/form-data`) with it in `file`, at most 10 MB. `format` is detected when left out.',
          querystring: uploadStatementQuerySchema,
          consumes: ['application/octet-stream', 'multipart/form-data'],
          response: { 200: uploadStatementResponseSchema, ...errorResponses },
        },
        bodyLimit: STATEMENT_MAX_BYTES,
        onRequest: app.permit('users.change-balance'),
      },
      async (req) => {
        const { file, fileName } = await readUpload(req, STATEMENT_UPLOAD);
        return uploadStatement(db, authOf(req).user.id, { bytes: file, name: fileName }, req.query.format);
      },
    );
  });
}
