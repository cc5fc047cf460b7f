import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorServicesResponse } from '@storelift/shared';
import { api } from '../../../lib/api';
import { vendorKeys } from './vendors';

const base = 'admin' as const;

/** `GET vendors/{id}/services`: the panel's service list as last loaded (empty before the first load). */
export const vendorServicesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vendorKeys.services(id),
    queryFn: ({ signal }) => api.get<VendorServicesResponse>(`vendors/${id}/services`, { base, signal }),
    staleTime: 60_000,
  });

/** `POST vendors/{id}/services/load`: asks the vendor's panel for its services; the answer is the new list. */
export function useLoadVendorServices(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<VendorServicesResponse>(`vendors/${id}/services/load`, undefined, { base }),
    onSuccess: (answer) => {
      client.setQueryData(vendorKeys.services(id), answer);
      // The mappings show each service's rate, min and max as last loaded.
      return client.invalidateQueries({ queryKey: vendorKeys.mappings(id) });
    },
  });
}
