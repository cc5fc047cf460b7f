// Server answers about ids and store links are STORE_LINK_MESSAGES texts: make them translatable.
import '../../../lib/store-link-messages';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  App,
  AppListResponse,
  AppResponse,
  AppSort,
  CreateAppBody,
  DeletedResponse,
  STORE_FILTERS,
  StoreSearchResponse,
} from '@storelift/shared';
import { showApiError } from '../../../components/error-modal';
import { api } from '../../../lib/api';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { withAppReplaced } from './app-lists';

export type AppsFilter = (typeof STORE_FILTERS)[number];
export type AppsStoreFilter = 'android' | 'ios';

/** What the My apps list asks `GET apps` for (page comes from the infinite query). */
export interface AppsListParams {
  filter: AppsFilter;
  appstore?: AppsStoreFilter;
  search?: string;
  sortBy: AppSort;
  limit: number;
}

export interface StoreSearchParams {
  appstore: 1 | 2;
  country: string;
  keyword: string;
}

export const appKeys = {
  all: ['apps'] as const,
  lists: ['apps', 'list'] as const,
  list: (params: AppsListParams) => ['apps', 'list', params] as const,
  mine: ['apps', 'mine'] as const,
  storeSearch: (params: StoreSearchParams) => ['apps', 'store-search', params] as const,
};

/** My apps, page after page ("Show more" appends the next one). */
export const appsListQueryOptions = (params: AppsListParams) =>
  infiniteQueryOptions({
    queryKey: appKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      api.get<AppListResponse>('apps', { query: { ...params, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    placeholderData: keepPreviousData,
  });

/** The most apps `GET apps` gives in one page: the pickers list the first 100 by title. */
const PICKER_LIMIT = 100;

/** The user's apps for pickers (Keywords page, clone targets), by title. */
export const myAppsQueryOptions = () =>
  queryOptions({
    queryKey: appKeys.mine,
    queryFn: ({ signal }) =>
      api.get<AppListResponse>('apps', {
        query: { sortBy: 'title', limit: PICKER_LIMIT },
        signal,
      }),
  });

/** `GET apps/search`: store results for a name, id or link, to pick the app to add. */
export const storeSearchQueryOptions = (params: StoreSearchParams) =>
  queryOptions({
    queryKey: appKeys.storeSearch(params),
    queryFn: ({ signal }) =>
      api.get<StoreSearchResponse>('apps/search', { query: { ...params, limit: 8 }, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** `POST apps`; the caller maps a 422 onto the form. */
export function useAddApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppBody) => api.post<AppResponse>('apps', body),
    onSuccess: () => client.invalidateQueries({ queryKey: appKeys.all }),
  });
}

/** `PUT apps/toggle`: the answer replaces the app in every loaded list; the counts are re-read. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (app: Pick<App, 'id'>) => api.put<AppResponse>('apps/toggle', { id: app.id }),
    onSuccess: ({ data }) => {
      client.setQueriesData({ queryKey: appKeys.lists }, (old) => withAppReplaced(old, data));
      client.setQueriesData({ queryKey: appKeys.mine }, (old) => withAppReplaced(old, data));
      return client.invalidateQueries({ queryKey: appKeys.lists });
    },
    onError: showApiError,
  });
}

/** `DELETE apps/{package}` (the store is given: an id alone could be ambiguous). */
export function useDeleteApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (app: Pick<App, 'package' | 'appstore'>) =>
      api.delete<DeletedResponse>(`apps/${encodeURIComponent(app.package)}`, {
        query: { appstore: app.appstore },
      }),
    onSuccess: ({ message }) => {
      notifySuccess(translateMessage(message));
      return client.invalidateQueries({ queryKey: appKeys.all });
    },
    onError: showApiError,
  });
}

/** `DELETE apps/destroyBanned`. */
export function useDeleteBannedApps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<DeletedResponse>('apps/destroyBanned'),
    onSuccess: ({ message }) => {
      notifySuccess(translateMessage(message));
      return client.invalidateQueries({ queryKey: appKeys.all });
    },
    onError: showApiError,
  });
}
