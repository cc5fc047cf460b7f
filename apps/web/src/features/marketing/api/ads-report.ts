import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/marketing-messages';
import type {
  AdsReportListResponse,
  AdsReportRowResponse,
  AdsReportUploadResponse,
  DeletedResponse,
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
      api.get<AdsReportListResponse>('google-ads-report', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `POST google-ads-report`: the CSV file itself is the body. */
export function useUploadAdsReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post<AdsReportUploadResponse>('google-ads-report', new Blob([file], { type: 'text/csv' }), {
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
      api.put<AdsReportRowResponse>(`google-ads-report/${id}`, { amount }, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

/** `DELETE google-ads-report/{id}`. */
export function useDeleteAdsRow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`google-ads-report/${id}`, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}
