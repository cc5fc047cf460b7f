import { queryOptions } from '@tanstack/react-query';
import type { ManagerList, PricePlanList } from '@storelift/shared';
import { api } from './api';

/*
 * The choices several staff features offer (the user lists' and the sales reports' filters, the user form):
 * here, below the features, since a feature never imports another.
 */

/** `GET managers`: the manager filter and field. */
export const managersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'managers'],
    queryFn: ({ signal }) => api.get<ManagerList>('managers', { base: 'admin', signal }),
    staleTime: 60_000,
  });

/** `GET priceplans`: every plan (the plan filter and field). */
export const pricePlansQueryOptions = () =>
  queryOptions({
    queryKey: ['priceplans', 'all'],
    queryFn: ({ signal }) => api.get<PricePlanList>('priceplans', { query: { limit: 0, page: 1 }, signal }),
    staleTime: 5 * 60_000,
  });
