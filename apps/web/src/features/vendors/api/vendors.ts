import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/campaign-messages';
import type {
  DeletedResponse,
  Vendor,
  VendorBody,
  VendorListQuery,
  VendorListResponse,
  VendorResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

/** The list query as the table sends it (page and limit always set). */
export type VendorsQuery = Omit<VendorListQuery, 'page' | 'limit'> & { page: number; limit: number };

export const vendorKeys = {
  all: ['admin', 'vendors'] as const,
  lists: ['admin', 'vendors', 'list'] as const,
  list: (query: VendorsQuery) => ['admin', 'vendors', 'list', query] as const,
  one: (id: number) => ['admin', 'vendors', 'one', id] as const,
  services: (id: number) => ['admin', 'vendors', 'services', id] as const,
  mappings: (id: number) => ['admin', 'vendors', 'mappings', id] as const,
};

const base = 'admin' as const;

/** One page of `GET vendors`; the previous page stays on screen while the next loads. */
export const vendorsQueryOptions = (query: VendorsQuery) =>
  queryOptions({
    queryKey: vendorKeys.list(query),
    queryFn: ({ signal }) => api.get<VendorListResponse>('vendors', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET vendors/{id}`: the vendor page's header (protocol, balance). */
export const vendorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vendorKeys.one(id),
    queryFn: ({ signal }) => api.get<VendorResponse>(`vendors/${id}`, { base, signal }),
    staleTime: 10_000,
  });

type Client = ReturnType<typeof useQueryClient>;

/** The answer of a change replaces the vendor in every loaded page. */
function replaceVendor(client: Client, vendor: Vendor) {
  client.setQueryData<VendorResponse>(vendorKeys.one(vendor.id), { data: vendor });
  client.setQueriesData<VendorListResponse>({ queryKey: vendorKeys.lists }, (list) =>
    list ? { ...list, data: list.data.map((row) => (row.id === vendor.id ? vendor : row)) } : list,
  );
}

/** `POST vendors` (no id) or `PUT vendors/{id}`; a new vendor means the pages are read again. */
export function useSaveVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: VendorBody }) =>
      id === undefined
        ? api.post<VendorResponse>('vendors', body, { base })
        : api.put<VendorResponse>(`vendors/${id}`, body, { base }),
    onSuccess: (answer, { id }) => {
      if (id === undefined) return client.invalidateQueries({ queryKey: vendorKeys.all });
      replaceVendor(client, answer.data);
    },
  });
}

/** `DELETE vendors/{id}`. */
export function useDeleteVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`vendors/${id}`, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}

/** `PUT vendors/change-admin-vendors-activity`: the vendor's own switch. */
export function useVendorActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; is_active: boolean }) =>
      api.put<VendorResponse>('vendors/change-admin-vendors-activity', body, { base }),
    onSuccess: (answer) => replaceVendor(client, answer.data),
  });
}

/** `PUT vendors/change-admin-country-vendors-activity`: the vendor's switch for one country. */
export function useVendorCountryActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; country: string; is_active: boolean }) =>
      api.put<VendorResponse>('vendors/change-admin-country-vendors-activity', body, { base }),
    onSuccess: (answer) => replaceVendor(client, answer.data),
  });
}
