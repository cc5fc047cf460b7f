import { queryOptions } from '@tanstack/react-query';
import { currentPlanResponseSchema, pricePlanListResponseSchema } from '@storelift/shared';
import { api } from '../../../lib/api';

export const planKeys = {
  all: ['plans'] as const,
  list: ['plans', 'list'] as const,
  current: ['plans', 'current'] as const,
};

/** `GET priceplans` (limit 0, page 1): every plan with its threshold, discount and prices. */
export const pricePlansQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.list,
    queryFn: ({ signal }) =>
      api
        .get('priceplans', pricePlanListResponseSchema, { query: { limit: 0, page: 1 }, signal })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** `GET priceplans/current`: the caller's plan, the next one and the progress towards it. */
export const currentPlanQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.current,
    queryFn: ({ signal }) =>
      api.get('priceplans/current', currentPlanResponseSchema, { signal }).then((r) => r.data),
  });
