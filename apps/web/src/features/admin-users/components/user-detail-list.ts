import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useServerList, type PageResult } from '../../../components/staff-list';
import { DETAIL_PAGE_SIZE } from '../api/admin-users';

/**
 * A list of a user's details (payments, transactions, apps, referrals, reseller requests): short pages, its
 * `filters` (the user, a type) start again from page 1.
 */
export function useUserDetailList<F extends object, R extends PageResult<unknown>, K extends QueryKey>(
  filters: F,
  queryOptions: (page: number) => UseQueryOptions<R, Error, R, K>,
) {
  return useServerList({
    filters,
    queryOptions: ({ page }) => queryOptions(page),
    perPage: DETAIL_PAGE_SIZE,
    emptyHeight: 180,
  });
}
