import type {
  CampaignsWidget,
  CampaignsWidgetResponse,
  ExternalBlogWidget,
  InternalBlogWidget,
  PinnedBlogWidgetResponse,
  PopularAppsWidgetResponse,
  PopularCountriesWidgetResponse,
  ReferralsWidgetResponse,
  TopRegionsWidgetResponse,
} from '@storelift/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** While a campaign runs its delivery moves: the widget reads itself again this often. */
const REFRESH_MS = 30_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  campaigns: ['dashboard', 'widgets', 'campaigns'] as const,
};

/**
 * `GET widgets/campaigns`: the caller's tab counts, newest running campaigns and 30-day spending. Read again
 * on every visit (an order or a cancel on another page changes it), and every 30 s while one runs.
 */
export const campaignsWidgetQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.campaigns,
    queryFn: async ({ signal }): Promise<CampaignsWidget> =>
      (await api.get<CampaignsWidgetResponse>('widgets/campaigns', { signal })).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.running.length ? REFRESH_MS : false),
  });

/** The dashboard's other widgets: each its own query, so each loads and fails on its own. */
const widgetQuery = <Answer extends { data: unknown }>(key: string, path: string) =>
  queryOptions({
    queryKey: ['dashboard', 'widgets', key],
    queryFn: async ({ signal }): Promise<Answer['data']> => (await api.get<Answer>(path, { signal })).data,
    staleTime: 60_000,
  });

export const topRegionsQueryOptions = () =>
  widgetQuery<TopRegionsWidgetResponse>('top-regions', 'widgets/country/appstores');
export const popularCountriesQueryOptions = () =>
  widgetQuery<PopularCountriesWidgetResponse>('popular-countries', 'widgets/country/popular');
export const popularAppsQueryOptions = () =>
  widgetQuery<PopularAppsWidgetResponse>('popular-apps', 'widgets/apps/popular');
export const referralsWidgetQueryOptions = () =>
  widgetQuery<ReferralsWidgetResponse>('referrals', 'widgets/referrals');
/** `GET widgets/blog/external`: the posts and whether they are the feed's or the sample's. */
export const externalBlogQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'widgets', 'blog-external'],
    queryFn: ({ signal }) => api.get<ExternalBlogWidget>('widgets/blog/external', { signal }),
    staleTime: 5 * 60_000,
  });
/** Page size of the internal news widget. */
const INTERNAL_BLOG_PAGE_SIZE = 3;
/** `GET widgets/blog/internal`: staff's published posts in the interface language (the server reads Accept-Language). */
export const internalBlogQueryOptions = (page: number, language: string) =>
  queryOptions({
    queryKey: ['dashboard', 'widgets', 'blog-internal', language, page],
    queryFn: ({ signal }) =>
      api.get<InternalBlogWidget>('widgets/blog/internal', {
        query: { page, limit: INTERNAL_BLOG_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
/** `GET widgets/blog/pinned`: the pinned posts, shown above the widgets. */
export const pinnedBlogQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['dashboard', 'widgets', 'blog-pinned', language],
    queryFn: async ({ signal }) =>
      (await api.get<PinnedBlogWidgetResponse>('widgets/blog/pinned', { signal })).data,
    staleTime: 60_000,
  });
