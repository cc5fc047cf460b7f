import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/campaign-messages';
import type {
  AdminCampaign,
  AdminCampaignListQuery,
  AdminCampaignListResponse,
  AdminCampaignResponse,
  CampaignProgressResponse,
  PartnerResponse,
  StaffCampaignAction,
  StatusHistoryResponse,
  VendorCallListResponse,
  VendorShortList,
} from '@storelift/shared';
import { api } from '../../../lib/api';

/** The list query as the table sends it (every field of `GET admin campaigns` it sets). */
export type UserOrdersQuery = Omit<AdminCampaignListQuery, 'page' | 'limit'> & {
  page: number;
  limit: number;
};

export const adminCampaignKeys = {
  all: ['admin', 'campaigns'] as const,
  lists: ['admin', 'campaigns', 'list'] as const,
  list: (query: UserOrdersQuery) => ['admin', 'campaigns', 'list', query] as const,
  details: (id: number) => ['admin', 'campaigns', 'details', id] as const,
  progress: (id: number) => ['admin', 'campaigns', 'progress', id] as const,
  history: (id: number) => ['admin', 'campaigns', 'history', id] as const,
  vendors: ['admin', 'campaigns', 'vendors'] as const,
  vendorCalls: (id: number, page: number) => ['admin', 'campaigns', 'vendor-calls', id, page] as const,
};

const base = 'admin' as const;

/** One page of every user's campaigns; the previous page stays on screen while the next loads. */
export const userOrdersQueryOptions = (query: UserOrdersQuery) =>
  queryOptions({
    queryKey: adminCampaignKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<AdminCampaignListResponse>('campaigns', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET campaigns/{id}`: the campaign with its orders and history. */
export const userOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminCampaignKeys.details(id),
    queryFn: ({ signal }) =>
      api.get<AdminCampaignResponse>(`campaigns/${id}`, { base, signal }).then((answer) => answer.data),
  });

/** `POST campaigns/{id}/progress`: planned and delivered installs per day, every order summed. */
export const userOrderProgressQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminCampaignKeys.progress(id),
    queryFn: ({ signal }) =>
      api
        .post<CampaignProgressResponse>(`campaigns/${id}/progress`, {}, { base, signal })
        .then((answer) => answer.data),
  });

/** `POST campaigns/{id}/status-history`. */
export const userOrderHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminCampaignKeys.history(id),
    queryFn: ({ signal }) =>
      api
        .post<StatusHistoryResponse>(`campaigns/${id}/status-history`, {}, { base, signal })
        .then((answer) => answer.data),
  });

export const VENDOR_CALLS_PAGE = 10;

/** `GET campaigns/{id}/vendor-calls` (admins): the calls made to vendors for the campaign, newest first. */
export const vendorCallsQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: adminCampaignKeys.vendorCalls(id, page),
    queryFn: ({ signal }) =>
      api.get<VendorCallListResponse>(`campaigns/${id}/vendor-calls`, {
        base,
        query: { page, limit: VENDOR_CALLS_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET vendors/get-list`: every vendor, short, to pick a campaign's vendor from (admins only). */
export const vendorChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminCampaignKeys.vendors,
    queryFn: ({ signal }) =>
      api.get<VendorShortList>('vendors/get-list', { base, signal }).then((answer) => answer.data),
    staleTime: 60_000,
  });

type Client = ReturnType<typeof useQueryClient>;

/**
 * The spec's "each action returns the updated campaign, which replaces it in the list": the answer goes
 * into every loaded page and the details; the drawer's history and progress are read again.
 */
function replaceCampaign(client: Client, campaign: AdminCampaign) {
  client.setQueriesData<AdminCampaignListResponse>({ queryKey: adminCampaignKeys.lists }, (list) =>
    list
      ? { ...list, data: list.data.map((row) => (row.id === campaign.id ? { ...row, ...campaign } : row)) }
      : list,
  );
  client.setQueryData(adminCampaignKeys.details(campaign.id), campaign);
  void client.invalidateQueries({ queryKey: adminCampaignKeys.history(campaign.id) });
  void client.invalidateQueries({ queryKey: adminCampaignKeys.progress(campaign.id) });
}

/** `GET campaigns/{id}/{action}` with an optional reason for the history and, for a start, a start time. */
export function useStaffAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      reason,
      startAt,
    }: {
      id: number;
      action: StaffCampaignAction;
      reason?: string;
      startAt?: string | null;
    }) =>
      api.get<AdminCampaignResponse>(`campaigns/${id}/${action}`, {
        base,
        query: { reason: reason?.trim() || undefined, start_at: startAt ?? undefined },
      }),
    onSuccess: (answer) => replaceCampaign(client, answer.data),
  });
}

/** `PUT campaigns/{id}`: the notes. */
export function useUpdateNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, description }: { id: number; description: string }) =>
      api.put<AdminCampaignResponse>(`campaigns/${id}`, { description }, { base }),
    onSuccess: (answer) => replaceCampaign(client, answer.data),
  });
}

/** `PUT campaigns/{id}/vendor`. */
export function useChangeVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vendorId }: { id: number; vendorId: number }) =>
      api.put<AdminCampaignResponse>(`campaigns/${id}/vendor`, { vendor_id: vendorId }, { base }),
    onSuccess: (answer) => replaceCampaign(client, answer.data),
  });
}

/** `POST campaigns/{id}/partners`: answers only the partner, so the campaign is patched with it. */
export function useSetPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, partner }: { id: number; partner: string }) =>
      api.post<PartnerResponse>(`campaigns/${id}/partners`, { partner: partner.trim() || null }, { base }),
    onSuccess: ({ data }) => {
      const patch = (campaign: AdminCampaign) =>
        campaign.id === data.id ? { ...campaign, partner: data.partner } : campaign;
      client.setQueriesData<AdminCampaignListResponse>({ queryKey: adminCampaignKeys.lists }, (list) =>
        list ? { ...list, data: list.data.map(patch) } : list,
      );
      client.setQueryData<AdminCampaign>(adminCampaignKeys.details(data.id), (campaign) =>
        campaign ? patch(campaign) : campaign,
      );
      void client.invalidateQueries({ queryKey: adminCampaignKeys.history(data.id) });
    },
  });
}
