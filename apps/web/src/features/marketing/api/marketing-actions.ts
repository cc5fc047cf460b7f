import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/marketing-messages';
import type {
  AdminMarketingActionResponse,
  DeletedResponse,
  MarketingActionBody,
  MarketingActionFiltersResponse,
  MarketingActionKind,
  MarketingActionListResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export interface MarketingActionsQuery {
  type?: MarketingActionKind;
  country?: string;
  current?: boolean;
  orderBy: 'starts_at' | 'name' | 'created_at';
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

const keys = ['admin', 'marketing-actions'] as const;
const base = 'admin' as const;

/** One page of `GET marketing-actions` (staff). */
export const marketingActionsQueryOptions = (query: MarketingActionsQuery) =>
  queryOptions({
    queryKey: [...keys, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<MarketingActionListResponse>('marketing-actions', {
        base,
        query: { ...query, current: query.current ? 1 : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET marketing-actions/filters`: countries and products in use, the price plans. */
export const marketingActionFiltersQueryOptions = () =>
  queryOptions({
    queryKey: [...keys, 'filters'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<MarketingActionFiltersResponse>('marketing-actions/filters', { base, signal })).data,
    staleTime: 60_000,
  });

/** `POST marketing-actions` (no id) or `PUT marketing-actions/{id}`. */
export function useSaveMarketingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: MarketingActionBody }) =>
      id === undefined
        ? api.post<AdminMarketingActionResponse>('marketing-actions', body, { base })
        : api.put<AdminMarketingActionResponse>(`marketing-actions/${id}`, body, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

/** `DELETE marketing-actions/{id}`. */
export function useDeleteMarketingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`marketing-actions/${id}`, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}
