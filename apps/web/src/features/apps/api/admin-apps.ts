import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminAppListQuery, AdminAppListResponse, AppStore } from '@storelift/shared';
import { api } from '../../../lib/api';

/** The user-app list filters of staff-admin §3 as the page sends them (page and limit always set). */
export interface AdminAppsQuery {
  search?: string;
  searchColumn: NonNullable<AdminAppListQuery['searchColumn']>;
  allAppsFilter: NonNullable<AdminAppListQuery['allAppsFilter']>;
  appstoreId?: AppStore;
  only_paid?: '1';
  orderBy: NonNullable<AdminAppListQuery['orderBy']>;
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** One page of `GET apps` (staff): every customer's tracked apps with their owners. */
export const adminAppsQueryOptions = (query: AdminAppsQuery) =>
  queryOptions({
    queryKey: ['admin', 'apps', 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<AdminAppListResponse>('apps', { base: 'admin', query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
