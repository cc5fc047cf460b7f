import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConstantsResponse, CountryFilters, CountryList, LanguageList } from '@storelift/shared';
import { api } from '../../../lib/api';

/** Reference data changes with a deployment, not during a session. */
const FOREVER = Number.POSITIVE_INFINITY;

export const referenceKeys = {
  constants: ['reference', 'constants'] as const,
  countries: ['reference', 'countries'] as const,
  countryFilters: ['reference', 'country-filters'] as const,
  languages: ['reference', 'languages'] as const,
};

export const constantsQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.constants,
    queryFn: ({ signal }) => api.get<ConstantsResponse>('constants', { signal }).then((r) => r.data),
    staleTime: FOREVER,
  });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries,
    queryFn: ({ signal }) => api.get<CountryList>('country', { signal }).then((r) => r.data),
    staleTime: FOREVER,
  });

export const countryFiltersQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countryFilters,
    queryFn: ({ signal }) => api.get<CountryFilters>('country/get-filters', { signal }).then((r) => r.data),
    staleTime: FOREVER,
  });

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.languages,
    queryFn: ({ signal }) => api.get<LanguageList>('languages', { signal }).then((r) => r.data),
    staleTime: FOREVER,
  });

/** After a successful `me`: loads whichever reference data is missing, without holding the page. */
export function preloadReferenceData(client: QueryClient): void {
  // prefetchQuery never throws and skips data that is already cached and fresh.
  void client.prefetchQuery(constantsQueryOptions());
  void client.prefetchQuery(countriesQueryOptions());
  void client.prefetchQuery(languagesQueryOptions());
  void client.prefetchQuery(countryFiltersQueryOptions());
}
