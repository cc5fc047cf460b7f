import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/operations-messages';
import type {
  FailedJobs,
  MessageResponse,
  OperationsFailures,
  QueueStatsResponse,
  ServerErrors,
  ServerErrorsQuery,
  VendorHealthResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

const base = 'admin' as const;

export const operationsKeys = {
  all: ['admin', 'operations'] as const,
  queues: ['admin', 'operations', 'queues'] as const,
  failedJobs: (queue: string, page: number) => ['admin', 'operations', 'failed-jobs', queue, page] as const,
  failures: ['admin', 'operations', 'failures'] as const,
  vendors: ['admin', 'operations', 'vendors'] as const,
  serverErrors: (query: ServerErrorsListQuery) => ['admin', 'server-errors', query] as const,
};

/** `GET operations/queues`, refreshed every 10 seconds while the page is open. */
export const queuesQueryOptions = () =>
  queryOptions({
    queryKey: operationsKeys.queues,
    queryFn: ({ signal }) => api.get<QueueStatsResponse>('operations/queues', { base, signal }),
    refetchInterval: 10_000,
  });

export const FAILED_JOBS_PAGE = 10;

/** `GET operations/failed-jobs` of one queue. */
export const failedJobsQueryOptions = (queue: string, page: number) =>
  queryOptions({
    queryKey: operationsKeys.failedJobs(queue, page),
    queryFn: ({ signal }) =>
      api.get<FailedJobs>('operations/failed-jobs', {
        base,
        query: { queue, page, limit: FAILED_JOBS_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET operations/failures`. */
export const failuresQueryOptions = () =>
  queryOptions({
    queryKey: operationsKeys.failures,
    queryFn: ({ signal }) => api.get<OperationsFailures>('operations/failures', { base, signal }),
    refetchInterval: 30_000,
  });

/** `GET operations/vendors`: each vendor's last known balance, open orders and failures of the last day. */
export const vendorHealthQueryOptions = () =>
  queryOptions({
    queryKey: operationsKeys.vendors,
    queryFn: ({ signal }) => api.get<VendorHealthResponse>('operations/vendors', { base, signal }),
    refetchInterval: 60_000,
  });

/** `POST operations/failed-jobs/{queue}/{id}/retry`. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      api.post<MessageResponse>(`operations/failed-jobs/${queue}/${id}/retry`, undefined, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.all }),
  });
}

export type ServerErrorsListQuery = Omit<ServerErrorsQuery, 'page' | 'limit'> & {
  page: number;
  limit: number;
};

/** `GET server-errors` (the log viewer's second tab). */
export const serverErrorsQueryOptions = (query: ServerErrorsListQuery) =>
  queryOptions({
    queryKey: operationsKeys.serverErrors(query),
    queryFn: ({ signal }) => api.get<ServerErrors>('server-errors', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
