import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/staff-money-messages';
import type {
  DeletedResponse,
  ReflinkBody,
  ReflinkListQuery,
  ReflinkListResponse,
  ReflinkResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export interface ReflinksQuery {
  search?: string;
  orderBy: NonNullable<ReflinkListQuery['orderBy']>;
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

const lists = ['admin', 'reflinks', 'list'] as const;
const base = 'admin' as const;

/** One page of `GET reflinks` with registrations, paying users and revenue. */
export const reflinksQueryOptions = (query: ReflinksQuery) =>
  queryOptions({
    queryKey: [...lists, query] as const,
    queryFn: ({ signal }) => api.get<ReflinkListResponse>('reflinks', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `POST reflinks` (no id) or `PUT reflinks/{id}`. */
export function useSaveReflink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReflinkBody }) =>
      id === undefined
        ? api.post<ReflinkResponse>('reflinks', body, { base })
        : api.put<ReflinkResponse>(`reflinks/${id}`, body, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: lists }),
  });
}

/** `DELETE reflinks/{id}`. */
export function useDeleteReflink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`reflinks/${id}`, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: lists }),
  });
}
