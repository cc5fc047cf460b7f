import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/staff-money-messages';
import type {
  CpiAccountBody,
  CpiAccountListQuery,
  CpiAccountListResponse,
  CpiAccountResponse,
  DeletedResponse,
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
      api.get<CpiAccountListResponse>('campaigns/cpi-accounts', { base, query: { ...query }, signal }),
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
      ? api.post<CpiAccountResponse>('campaigns/cpi-accounts', body, { base })
      : api.put<CpiAccountResponse>(`campaigns/cpi-accounts/${id}`, body, { base }),
  );

/** `PUT campaigns/cpi-accounts/{id}/deactivate`. */
export const useDeactivateCpiAccount = () =>
  useChange((id: number) =>
    api.put<CpiAccountResponse>(`campaigns/cpi-accounts/${id}/deactivate`, {}, { base }),
  );

/** `DELETE campaigns/cpi-accounts/{id}`. */
export const useDeleteCpiAccount = () =>
  useChange((id: number) => api.delete<DeletedResponse>(`campaigns/cpi-accounts/${id}`, { base }));
