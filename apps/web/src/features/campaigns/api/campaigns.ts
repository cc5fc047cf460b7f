import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/campaign-messages';
import type {
  AppStore,
  ArchiveAllResponse,
  Campaign,
  CampaignAction,
  CampaignFilters,
  CampaignFiltersResponse,
  CampaignListResponse,
  CampaignQuote,
  CampaignResponse,
  CampaignStatus,
  CommonReviewsQuery,
  CommonReviewsResponse,
  CreateCampaignBody,
  KeywordListResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import { CAMPAIGN_FILTERS_CALL, type CampaignListParams } from './campaign-list-params';

export type { CampaignTab } from './campaign-list-params';

/** Statuses whose campaigns change without the user doing anything. */
const RUNNING: readonly CampaignStatus[] = ['active', 'pending', 'delayed', 'moderation'];
/** How often My campaigns is read again while one of its campaigns runs. */
const REFRESH_MS = 15_000;

/** The body of an order or a quote, as the form sends it. */
export type CampaignBody = Omit<CreateCampaignBody, 'draft' | 'promotionRule'> & { draft?: boolean };

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: ['campaigns', 'list'] as const,
  list: (params: CampaignListParams) => ['campaigns', 'list', params] as const,
  details: (id: number) => ['campaigns', 'details', id] as const,
  filters: ['campaigns', 'filters'] as const,
  quote: (body: CampaignBody) => ['campaigns', 'quote', body] as const,
  appKeywords: (packageId: string, appstore: AppStore, country: string) =>
    ['campaigns', 'app-keywords', { packageId, appstore, country }] as const,
};

/** One page of `GET campaigns` with the counts per status tab; the last page stays while the next loads. */
export const campaignListQueryOptions = (params: CampaignListParams) =>
  queryOptions({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => api.get<CampaignListResponse>('campaigns', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    // Delivery moves on by itself: a page with running campaigns is read again now and then.
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => RUNNING.includes(row.status)) ? REFRESH_MS : false,
  });

/** `GET campaigns` with `isExport`: every campaign of the filters, unpaged (CSV export). */
export async function fetchCampaignsForExport(
  params: Omit<CampaignListParams, 'page' | 'limit'>,
): Promise<Campaign[]> {
  const answer = await api.get<CampaignListResponse>('campaigns', {
    query: { ...params, isExport: true },
  });
  return answer.data;
}

/** `GET campaigns/{id}`: the campaign with its orders (per-day sequence) and status history. */
export const campaignDetailsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: campaignKeys.details(id),
    queryFn: ({ signal }) =>
      api.get<CampaignResponse>(`campaigns/${id}`, { signal }).then((answer) => answer.data),
  });

/** `POST campaigns/quote`: the live price of the form. */
export const campaignQuoteQueryOptions = (body: CampaignBody, enabled: boolean) =>
  queryOptions({
    queryKey: campaignKeys.quote(body),
    queryFn: async ({ signal }): Promise<CampaignQuote['data']> =>
      (await api.post<CampaignQuote>('campaigns/quote', body, { signal })).data,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

/** The tracked keywords of an app in a country (`GET keywords`), to pick keyword installs from. */
export const appKeywordsQueryOptions = (packageId: string, appstore: AppStore, country: string) =>
  queryOptions({
    queryKey: campaignKeys.appKeywords(packageId, appstore, country),
    queryFn: ({ signal }) =>
      api
        .get<KeywordListResponse>('keywords', {
          query: { packageId, appstore, country, limit: 1000, sortBy: 'keyword', sortType: 'asc' },
          signal,
        })
        .then((answer) => answer.data.map((keyword) => keyword.keyword)),
    staleTime: 60_000,
  });

/** `POST campaigns/get-filters`: the apps, countries and products the user's campaigns have. */
export const campaignFiltersQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.filters,
    queryFn: async ({ signal }): Promise<CampaignFilters> =>
      (
        await api.post<CampaignFiltersResponse>(CAMPAIGN_FILTERS_CALL.path, CAMPAIGN_FILTERS_CALL.body, {
          signal,
        })
      ).data,
    staleTime: 60_000,
  });

/**
 * `POST campaigns` (an order, or a draft with `draft: true`), or `PUT campaigns/{id}` when `id` is given:
 * the edit of a draft or delayed campaign.
 */
export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CampaignBody }) =>
      id === undefined
        ? api.post<CampaignResponse>('campaigns', body)
        : api.put<CampaignResponse>(`campaigns/${id}`, body),
    onSuccess: (answer, { id }) => {
      if (id !== undefined) client.removeQueries({ queryKey: campaignKeys.details(id) });
      return Promise.all([
        client.invalidateQueries({ queryKey: campaignKeys.lists }),
        client.invalidateQueries({ queryKey: campaignKeys.filters }),
      ]);
    },
  });
}

/** `GET reviews/common`: a random pack of 5 ready-made reviews in a language, by an author, of a rating. */
export function useRandomReviews() {
  return useMutation({
    mutationFn: async (query: CommonReviewsQuery) =>
      (await api.get<CommonReviewsResponse>('reviews/common', { query: { ...query } })).data,
  });
}

/** `PUT campaigns/toggle`: the star of a row; the answer replaces the campaign, the lists are read again. */
export function useToggleCampaignFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (campaign: Pick<Campaign, 'id' | 'favorite'>) =>
      api.put<CampaignResponse>('campaigns/toggle', { id: campaign.id, favorite: !campaign.favorite }),
    onSuccess: (answer) => {
      replaceCampaign(client, answer.data);
      return client.invalidateQueries({ queryKey: campaignKeys.lists });
    },
  });
}

/** Puts an action's answer in place of the campaign in every loaded list and its details. */
function replaceCampaign(client: ReturnType<typeof useQueryClient>, campaign: Campaign) {
  client.setQueriesData<CampaignListResponse>({ queryKey: campaignKeys.lists }, (list) =>
    list
      ? { ...list, data: list.data.map((row) => (row.id === campaign.id ? { ...row, ...campaign } : row)) }
      : list,
  );
  if (campaign.orders) client.setQueryData(campaignKeys.details(campaign.id), campaign);
}

/** Start, pause, resume, cancel or archive: the returned campaign replaces the row; counts are read again. */
export function useCampaignAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CampaignAction }) =>
      api.get<CampaignResponse>(`campaigns/${id}/${action}`),
    onSuccess: (answer) => {
      replaceCampaign(client, answer.data);
      return client.invalidateQueries({ queryKey: campaignKeys.lists });
    },
  });
}

/** `POST campaigns/{id}/clone`: a new draft with the same settings. */
export function useCloneCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CampaignResponse>(`campaigns/${id}/clone`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.lists }),
  });
}

/** `POST campaigns/all/archive`: every finished campaign into the archive. */
export function useArchiveAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ArchiveAllResponse>('campaigns/all/archive', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.lists }),
  });
}
