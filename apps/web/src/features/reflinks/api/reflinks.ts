import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/staff-money-messages';
import {
  deletedResponseSchema,
  reflinkListResponseSchema,
  reflinkResponseSchema,
  type ReflinkBody,
  type ReflinkListQuery,
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
    queryFn: ({ signal }) =>
      api.get('reflinks', reflinkListResponseSchema, { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `POST reflinks` (no id) or `PUT reflinks/{id}`. */
export function useSaveReflink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReflinkBody }) =>
      id === undefined
        ? api.post('reflinks', body, reflinkResponseSchema, { base })
        : api.put(`reflinks/${id}`, body, reflinkResponseSchema, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: lists }),
  });
}

/** `DELETE reflinks/{id}`. */
export function useDeleteReflink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`reflinks/${id}`, deletedResponseSchema, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: lists }),
  });
}
