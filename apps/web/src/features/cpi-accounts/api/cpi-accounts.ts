import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/staff-money-messages';
import {
  cpiAccountListResponseSchema,
  cpiAccountResponseSchema,
  deletedResponseSchema,
  type CpiAccountBody,
  type CpiAccountListQuery,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export interface CpiAccountsQuery {
  search?: string;
  active?: '1';
  orderBy: NonNullable<CpiAccountListQuery['orderBy']>;
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

const lists = ['admin', 'cpi-accounts', 'list'] as const;
const base = 'admin' as const;

/** One page of `GET campaigns/cpi-accounts` with each account's daily budgets in use. */
export const cpiAccountsQueryOptions = (query: CpiAccountsQuery) =>
  queryOptions({
    queryKey: [...lists, query] as const,
    queryFn: ({ signal }) =>
      api.get('campaigns/cpi-accounts', cpiAccountListResponseSchema, { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

function useChange<V, A>(call: (variables: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: lists }) });
}

/** `POST campaigns/cpi-accounts` (no id) or `PUT campaigns/cpi-accounts/{id}`. */
export const useSaveCpiAccount = () =>
  useChange(({ id, body }: { id?: number; body: CpiAccountBody }) =>
    id === undefined
      ? api.post('campaigns/cpi-accounts', body, cpiAccountResponseSchema, { base })
      : api.put(`campaigns/cpi-accounts/${id}`, body, cpiAccountResponseSchema, { base }),
  );

/** `PUT campaigns/cpi-accounts/{id}/deactivate`. */
export const useDeactivateCpiAccount = () =>
  useChange((id: number) =>
    api.put(`campaigns/cpi-accounts/${id}/deactivate`, {}, cpiAccountResponseSchema, { base }),
  );

/** `DELETE campaigns/cpi-accounts/{id}`. */
export const useDeleteCpiAccount = () =>
  useChange((id: number) => api.delete(`campaigns/cpi-accounts/${id}`, deletedResponseSchema, { base }));
