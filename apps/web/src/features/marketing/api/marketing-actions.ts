import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/marketing-messages';
import {
  adminMarketingActionResponseSchema,
  deletedResponseSchema,
  marketingActionFiltersResponseSchema,
  marketingActionListResponseSchema,
  type MarketingActionBody,
  type MarketingActionKind,
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
      api.get('marketing-actions', marketingActionListResponseSchema, {
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
      (await api.get('marketing-actions/filters', marketingActionFiltersResponseSchema, { base, signal }))
        .data,
    staleTime: 60_000,
  });

/** `POST marketing-actions` (no id) or `PUT marketing-actions/{id}`. */
export function useSaveMarketingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: MarketingActionBody }) =>
      id === undefined
        ? api.post('marketing-actions', body, adminMarketingActionResponseSchema, { base })
        : api.put(`marketing-actions/${id}`, body, adminMarketingActionResponseSchema, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

/** `DELETE marketing-actions/{id}`. */
export function useDeleteMarketingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`marketing-actions/${id}`, deletedResponseSchema, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}
