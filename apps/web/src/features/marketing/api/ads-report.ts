import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/marketing-messages';
import {
  adsReportListResponseSchema,
  adsReportRowResponseSchema,
  adsReportUploadResponseSchema,
  deletedResponseSchema,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export interface AdsReportQuery {
  search?: string;
  orderBy: 'date' | 'amount' | 'code';
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

const keys = ['admin', 'google-ads-report'] as const;
const base = 'admin' as const;

/** One page of `GET google-ads-report` with totals. */
export const adsReportQueryOptions = (query: AdsReportQuery) =>
  queryOptions({
    queryKey: [...keys, query] as const,
    queryFn: ({ signal }) =>
      api.get('google-ads-report', adsReportListResponseSchema, { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `POST google-ads-report`: the CSV file itself is the body. */
export function useUploadAdsReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post('google-ads-report', new Blob([file], { type: 'text/csv' }), adsReportUploadResponseSchema, {
        base,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

/** `PUT google-ads-report/{id}`: a row's amount. */
export function useUpdateAdsRow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: string }) =>
      api.put(`google-ads-report/${id}`, { amount }, adsReportRowResponseSchema, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

/** `DELETE google-ads-report/{id}`. */
export function useDeleteAdsRow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`google-ads-report/${id}`, deletedResponseSchema, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}
