/**
 * The English texts of the operations page's answers (docs/staff-tools.md); the page registers them for
 * translation under `operations.` of the messages namespace (apps/web/src/lib/operations-messages.ts).
 */
export const OPERATIONS_MESSAGES = {
  jobRetried: 'The job is queued again',
  jobNotFailed: 'This job has not failed (any more)',
} as const;
