import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/security-messages';
import type {
  AccessList,
  AccessListEntryBody,
  AccessListEntryResponse,
  AccessListQuery,
  DeletedResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

/** The list query as the table sends it (page and limit always set). */
export type AccessListsQuery = Omit<AccessListQuery, 'page' | 'limit'> & { page: number; limit: number };

export const accessListKeys = {
  all: ['admin', 'access-lists'] as const,
  list: (query: AccessListsQuery) => ['admin', 'access-lists', 'list', query] as const,
};

const base = 'admin' as const;

/** One page of `GET user-access-list`; the previous page stays on screen while the next loads. */
export const accessListQueryOptions = (query: AccessListsQuery) =>
  queryOptions({
    queryKey: accessListKeys.list(query),
    queryFn: ({ signal }) => api.get<AccessList>('user-access-list', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** `POST user-access-list`. */
export function useAddAccessEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessListEntryBody) =>
      api.post<AccessListEntryResponse>('user-access-list', body, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: accessListKeys.all }),
  });
}

/** `DELETE user-access-list/{id}`. */
export function useDeleteAccessEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`user-access-list/${id}`, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: accessListKeys.all }),
  });
}
