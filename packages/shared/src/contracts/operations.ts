import { z } from 'zod';
import { pageMetaSchema, pageQuerySchema } from './common.js';

/*
 * The operations page (`/admin/operations`, staff-admin §2 mentions two operations dashboards without routes)
 * and the server's own error log beside the log viewer (docs/staff-tools.md).
 */

/** A job queue's load: waiting (queued or to be retried), active and failed jobs. */
export const queueStatsSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;
export const queueStatsResponseSchema = z.object({ data: z.array(queueStatsSchema) });
export type QueueStatsResponse = z.infer<typeof queueStatsResponseSchema>;

/** A queue name in a path or query. */
export const queueNameRule = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9.-]*$/);

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  retry_count: z.number().int(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
/** `GET operations/failed-jobs`: the failed jobs of one queue, newest first. */
export const failedJobsQuerySchema = pageQuerySchema.extend({ queue: queueNameRule });
export type FailedJobsQuery = z.infer<typeof failedJobsQuerySchema>;
export const failedJobsSchema = z.object({ data: z.array(failedJobSchema), meta: pageMetaSchema });
export type FailedJobs = z.infer<typeof failedJobsSchema>;
/** `POST operations/failed-jobs/{queue}/{id}/retry`. */
export const retryJobParamsSchema = z.object({ queue: queueNameRule, id: z.uuid() });

/** What went wrong in the last day: failed payment callbacks and vendor placements, campaigns waiting. */
export const serverErrorSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  source: z.enum(['request', 'job', 'callback']),
  status: z.number().int().nullable(),
  method: z.string().nullable(),
  url: z.string().nullable(),
  queue: z.string().nullable(),
  job_id: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type ServerError = z.infer<typeof serverErrorSchema>;

export const failingPlacementSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  vendor: z.string().nullable(),
  state: z.string(),
  last_error: z.string().nullable(),
  failing_since: z.string().nullable(),
  updated_at: z.string(),
});
export type FailingPlacement = z.infer<typeof failingPlacementSchema>;

export const waitingCampaignSchema = z.object({
  id: z.number().int(),
  user_email: z.string(),
  product_type: z.number().int(),
  package: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WaitingCampaign = z.infer<typeof waitingCampaignSchema>;

const section = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), data: z.array(row) });
/** `GET operations/failures`: each part's count and its latest rows (at most 20). */
export const operationsFailuresSchema = z.object({
  callbacks: section(serverErrorSchema),
  placements: section(failingPlacementSchema),
  waiting_campaigns: section(waitingCampaignSchema),
});
export type OperationsFailures = z.infer<typeof operationsFailuresSchema>;

/** `GET server-errors`: the server's error log, newest first, optionally of one source. */
export const serverErrorsQuerySchema = pageQuerySchema.extend({
  source: z.enum(['request', 'job', 'callback']).optional(),
});
export type ServerErrorsQuery = z.infer<typeof serverErrorsQuerySchema>;
export const serverErrorsSchema = z.object({ data: z.array(serverErrorSchema), meta: pageMetaSchema });
export type ServerErrors = z.infer<typeof serverErrorsSchema>;
