import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  failedJobsQuerySchema,
  failedJobsSchema,
  messageResponseSchema,
  operationsFailuresSchema,
  queueStatsResponseSchema,
  retryJobParamsSchema,
  serverErrorsQuerySchema,
  serverErrorsSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import * as operations from './operations.service.js';
import { listServerErrors } from './server-errors.js';

/** The operations page and the server's error log (docs/staff-tools.md), under /api/admin/v1. */
export async function adminOperationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: operations'];
  const onRequest = app.permit('operations');

  r.get(
    '/operations/queues',
    { schema: { tags, response: { 200: queueStatsResponseSchema, ...errorResponses } }, onRequest },
    () => operations.queueStats(app.deps),
  );
  r.get(
    '/operations/failed-jobs',
    {
      schema: {
        tags,
        querystring: failedJobsQuerySchema,
        response: { 200: failedJobsSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => operations.failedJobs(db, req.query),
  );
  r.post(
    '/operations/failed-jobs/:queue/:id/retry',
    {
      schema: {
        tags,
        params: retryJobParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('operations.retry-jobs'),
    },
    (req) => operations.retryJob(app.deps, req.params.queue, req.params.id),
  );
  r.get(
    '/operations/failures',
    { schema: { tags, response: { 200: operationsFailuresSchema, ...errorResponses } }, onRequest },
    () => operations.failures(db),
  );
  r.get(
    '/server-errors',
    {
      schema: {
        tags: ['admin: log viewer'],
        querystring: serverErrorsQuerySchema,
        response: { 200: serverErrorsSchema, ...errorResponses },
      },
      onRequest: app.permit('log-viewer'),
    },
    (req) => listServerErrors(db, req.query),
  );
}
