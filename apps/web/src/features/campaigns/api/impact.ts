import { queryOptions } from '@tanstack/react-query';
import type { CampaignImpact } from '@storelift/shared';
import { api, saveFile } from '../../../lib/api';

export const impactKeys = {
  campaign: (id: number) => ['campaigns', 'impact', id] as const,
};

/** `GET campaigns/{id}/impact`: what the campaign did to each keyword's rank (a running one: so far). */
export const campaignImpactQueryOptions = (id: number) =>
  queryOptions({
    queryKey: impactKeys.campaign(id),
    queryFn: ({ signal }) => api.get<{ data: CampaignImpact }>(`campaigns/${id}/impact`, { signal }),
    select: (answer) => answer.data,
  });

/** `GET campaigns/{id}/impact/export`: the report as CSV, saved by the browser. */
export async function exportCampaignImpact(id: number): Promise<void> {
  saveFile(await api.file(`campaigns/${id}/impact/export`), `campaign-${id}-impact.csv`);
}
