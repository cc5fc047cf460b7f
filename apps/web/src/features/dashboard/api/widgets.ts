import { queryOptions } from '@tanstack/react-query';
import { campaignsWidgetResponseSchema, type CampaignsWidget } from '@storelift/shared';
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
      (await api.get('widgets/campaigns', campaignsWidgetResponseSchema, { signal })).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.running.length ? REFRESH_MS : false),
  });
