import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminUserListSchema, type AdminUsersQuery } from '@storelift/shared';
import { api } from '../../../lib/api';

/** The list query as the table sends it: page and limit are always numbers here. */
export type AdminUsersListQuery = Omit<AdminUsersQuery, 'page' | 'limit'> & { page: number; limit: number };

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: AdminUsersListQuery) => ['admin', 'users', 'list', query] as const,
};

/** One page of `GET /api/admin/v1/users`; the previous page stays on screen while the next loads. */
export const adminUsersQueryOptions = (query: AdminUsersListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => api.get('users', adminUserListSchema, { base: 'admin', query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
