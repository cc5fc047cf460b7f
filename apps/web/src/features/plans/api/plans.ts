import { queryOptions } from '@tanstack/react-query';
import type { CurrentPlanResponse, PricePlanList } from '@storelift/shared';
import { api } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';

export const planKeys = {
  all: ['plans'] as const,
  list: ['plans', 'list'] as const,
  current: ['plans', 'current'] as const,
};

/**
 * `GET priceplans` (limit 0, page 1): every plan with its threshold, discount and prices. The names come in
 * the interface language (lib/api.ts sends it), so the language is part of the key.
 */
export const pricePlansQueryOptions = () =>
  queryOptions({
    queryKey: [...planKeys.list, currentLocale()],
    queryFn: ({ signal }) =>
      api.get<PricePlanList>('priceplans', { query: { limit: 0, page: 1 }, signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** `GET priceplans/current`: the caller's plan, the next one and the progress towards it (named in the language). */
export const currentPlanQueryOptions = () =>
  queryOptions({
    queryKey: [...planKeys.current, currentLocale()],
    queryFn: ({ signal }) =>
      api.get<CurrentPlanResponse>('priceplans/current', { signal }).then((r) => r.data),
  });
