// Server answers about ids and store links are STORE_LINK_MESSAGES texts: make them translatable.
import '../../../lib/store-link-messages';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppStore,
  CHART_PERIODS,
  ChartRankResponse,
  ChartRanksManyResponse,
  CloneKeywordsResponse,
  DeletedResponse,
  KeywordCountResponse,
  KeywordIdeasResponse,
  KeywordListResponse,
  KeywordResponse,
  KeywordSort,
  RankUpdate,
  RankUpdateResponse,
  RanksAroundResponse,
} from '@storelift/shared';
import { showApiError } from '../../../components/error-modal';
import { api } from '../../../lib/api';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';

export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** The app and country a keyword call is about (customer-area §2 query values). */
export interface KeywordScope {
  packageId: string;
  appstore: AppStore;
  country: string;
}

export interface KeywordListParams extends KeywordScope {
  page: number;
  limit: number;
  sortBy: KeywordSort;
  sortType: 'asc' | 'desc';
  favorite?: boolean;
}

export interface CloneTarget {
  toPackageId?: string;
  toAppstore?: AppStore;
  toCountry?: string;
}

export const keywordKeys = {
  all: ['keywords'] as const,
  scope: (scope: KeywordScope) => ['keywords', 'scope', scope] as const,
  list: (params: KeywordListParams) => {
    const { packageId, appstore, country, ...rest } = params;
    return ['keywords', 'scope', { packageId, appstore, country }, 'list', rest] as const;
  },
  count: (scope: Pick<KeywordScope, 'packageId' | 'appstore'>) => ['keywords', 'count', scope] as const,
  recommended: (scope: KeywordScope) => ['keywords', 'scope', scope, 'recommended'] as const,
  suggests: (scope: KeywordScope, keyword: string) =>
    ['keywords', 'scope', scope, 'suggests', keyword] as const,
  chart: (id: number, period: ChartPeriod) => ['keywords', 'chart', id, period] as const,
  chartMany: (ids: readonly number[], period: ChartPeriod) =>
    ['keywords', 'chart-many', [...ids], period] as const,
  around: (id: number, period: ChartPeriod) => ['keywords', 'around', id, period] as const,
};

/** One page of `GET keywords` (server-side paging and sorting); the last page stays while the next loads. */
export const keywordListQueryOptions = (params: KeywordListParams) =>
  queryOptions({
    queryKey: keywordKeys.list(params),
    queryFn: ({ signal }) => api.get<KeywordListResponse>('keywords', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET keywords/count` of an app: keywords per country, for the country picker. */
export const keywordCountQueryOptions = (scope: Pick<KeywordScope, 'packageId' | 'appstore'>) =>
  queryOptions({
    queryKey: keywordKeys.count(scope),
    queryFn: ({ signal }) => api.get<KeywordCountResponse>('keywords/count', { query: { ...scope }, signal }),
  });

/** `GET keywords/recommended`; a store failure answers "Can't load keywords" and an empty list. */
export const recommendedQueryOptions = (scope: KeywordScope) =>
  queryOptions({
    queryKey: keywordKeys.recommended(scope),
    queryFn: ({ signal }) =>
      api.get<KeywordIdeasResponse>('keywords/recommended', { query: { ...scope }, signal }),
    staleTime: 5 * 60_000,
  });

/** `GET keywords/suggests`: what the store completes the typed text to, marked when already added. */
export const suggestsQueryOptions = (scope: KeywordScope, keyword: string) =>
  queryOptions({
    queryKey: keywordKeys.suggests(scope, keyword),
    queryFn: ({ signal }) =>
      api.get<KeywordIdeasResponse>('keywords/suggests', { query: { ...scope, keyword }, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** `GET keywords/chartRank` of one keyword. */
export const chartRankQueryOptions = (id: number, period: ChartPeriod) =>
  queryOptions({
    queryKey: keywordKeys.chart(id, period),
    queryFn: ({ signal }) =>
      api.get<ChartRankResponse>('keywords/chartRank', { query: { id, period }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET keywords/chartRanksMany` of several keywords. */
export const chartRanksManyQueryOptions = (ids: readonly number[], period: ChartPeriod) =>
  queryOptions({
    queryKey: keywordKeys.chartMany(ids, period),
    queryFn: ({ signal }) =>
      api.get<ChartRanksManyResponse>('keywords/chartRanksMany', {
        query: { ids: ids.join(','), period },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET keywords/ranksAround`: the store's top 10 and the app's neighbours, with their places. */
export const ranksAroundQueryOptions = (id: number, period: ChartPeriod) =>
  queryOptions({
    queryKey: keywordKeys.around(id, period),
    queryFn: ({ signal }) =>
      api.get<RanksAroundResponse>('keywords/ranksAround', { query: { id, period }, signal }),
    placeholderData: keepPreviousData,
  });

/** True while an update of ranks is still moving. */
export function isRunActive(run: RankUpdate | undefined | null): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

/** `POST keywords/updateAllRanks`: answers the run to follow. */
export const startRankUpdate = (scope: KeywordScope, signal?: AbortSignal) =>
  api.post<RankUpdateResponse>('keywords/updateAllRanks', scope, { signal }).then((r) => r.data);

/** `GET keywords/updateAllRanks/{id}`: how far a run is. */
export const readRankUpdate = (id: string, signal?: AbortSignal) =>
  api
    .get<RankUpdateResponse>(`keywords/updateAllRanks/${encodeURIComponent(id)}`, { signal })
    .then((r) => r.data);

/** Re-reads everything about the keywords of an app (lists, counts, ideas' `added` marks). */
export function useInvalidateKeywords() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keywordKeys.all });
}

/** `POST keywords`: one keyword; the caller shows a 422 on the input. */
export function useAddKeyword(scope: KeywordScope) {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: (keyword: string) => api.post<KeywordResponse>('keywords', { ...scope, keyword }),
    onSuccess: invalidate,
  });
}

/** `PUT keywords/toggle`. */
export function useToggleKeyword() {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: (id: number) => api.put<KeywordResponse>('keywords/toggle', { id }),
    onSuccess: invalidate,
    onError: showApiError,
  });
}

/** `POST keywords/destroyMany` (ids as a comma-separated string), or `DELETE keywords/{id}` for one. */
export function useDeleteKeywords() {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      ids.length === 1
        ? api.delete<DeletedResponse>(`keywords/${ids[0]}`)
        : api.post<DeletedResponse>('keywords/destroyMany', { app_keywords_id: ids.join(',') }),
    onSuccess: ({ message }) => {
      notifySuccess(translateMessage(message));
      return invalidate();
    },
    onError: showApiError,
  });
}

/** `GET keywords/clone` (a GET, as the spec has it): copies to another country and/or app. */
export function useCloneKeywords(scope: KeywordScope) {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: (target: CloneTarget) =>
      api.get<CloneKeywordsResponse>('keywords/clone', { query: { ...scope, ...target } }),
    onSuccess: invalidate,
  });
}
