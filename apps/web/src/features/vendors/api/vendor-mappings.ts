import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorMappingsBody, VendorMappingsResponse } from '@storelift/shared';
import { api } from '../../../lib/api';
import { vendorKeys } from './vendors';

const base = 'admin' as const;

/** `GET vendors/{id}/mappings`: our products mapped to the vendor's services, with rate and our price beside. */
export const vendorMappingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vendorKeys.mappings(id),
    queryFn: ({ signal }) => api.get<VendorMappingsResponse>(`vendors/${id}/mappings`, { base, signal }),
  });

/** `PUT vendors/{id}/mappings`: replaces the whole list; the answer is the list as saved. */
export function useSaveVendorMappings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorMappingsBody) =>
      api.put<VendorMappingsResponse>(`vendors/${id}/mappings`, body, { base }),
    onSuccess: (answer) => client.setQueryData(vendorKeys.mappings(id), answer),
  });
}
