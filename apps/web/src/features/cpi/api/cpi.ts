import { queryOptions, useMutation } from '@tanstack/react-query';
import '../../../lib/campaign-messages';
import type {
  AppStore,
  CampaignResponse,
  CpiAdAssetsResponse,
  CpiEstimate,
  CpiGeo,
  CpiLanguage,
  CpiLevel,
  CpiReport,
  PRODUCT_TYPES,
} from '@storelift/shared';
import { api } from '../../../lib/api';

/**
 * The body of a CPI order or draft as the wizard sends it (`POST campaigns` with productType 4: the CPI
 * draft fields of the shared contract; `days` and `installs` are the budget's business).
 */
export interface CpiBody {
  productType: typeof PRODUCT_TYPES.cpi;
  packageId: string;
  appstore: AppStore;
  country: string;
  cpiGeo: CpiGeo[];
  cpiLevels: CpiLevel[];
  /** Absent: every target country. */
  cpiCountry?: string[];
  cpiLanguages: CpiLanguage[];
  cpiBudget: string;
  cpiTarget: string;
  /** Null with `unlimited_duration`. */
  cpiDays: number | null;
  unlimited_duration: boolean;
  cpiHeadline1: string;
  cpiHeadline2: string;
  cpiAdAssets: string;
  deeplink: string;
  start_at?: string;
  draft?: boolean;
}

export const cpiKeys = {
  adAssets: (packageId: string, appstore: AppStore, country: string) =>
    ['cpi', 'ad-assets', { packageId, appstore, country }] as const,
  estimate: (appstore: number, countries: string, target: string) =>
    ['cpi', 'estimate', { appstore, countries, target }] as const,
  report: (campaignId: number) => ['cpi', 'report', campaignId] as const,
};

/**
 * `GET campaigns/cpi-estimate`: expected cost per install in these countries (benchmark by tier, or the
 * customer's own figures) and where the target is below it. `target` is sent only when it reads as money.
 */
export const cpiEstimateQueryOptions = (
  appstore: number,
  countries: readonly string[],
  target: string | null,
) =>
  queryOptions({
    queryKey: cpiKeys.estimate(appstore, countries.join(','), target ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ data: CpiEstimate }>('campaigns/cpi-estimate', {
          query: { appstore, countries: countries.join(','), ...(target ? { target } : {}) },
          signal,
        })
        .then((answer) => answer.data),
    enabled: countries.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** `GET campaigns/{id}/cpi-report`: the campaign as its ad network reported it (read again every minute while open). */
export const cpiReportQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: cpiKeys.report(campaignId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: CpiReport }>(`campaigns/${campaignId}/cpi-report`, { signal })
        .then((answer) => answer.data),
    refetchInterval: 60_000,
  });

/** `GET campaigns/cpi-ad-assets`: headline and description suggestions from the app's store listing. */
export const cpiAdAssetsQueryOptions = (packageId: string, appstore: AppStore, country: string) =>
  queryOptions({
    queryKey: cpiKeys.adAssets(packageId, appstore, country),
    queryFn: ({ signal }) =>
      api
        .get<CpiAdAssetsResponse>('campaigns/cpi-ad-assets', {
          query: { packageId, appstore, country },
          signal,
        })
        .then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });

/**
 * `POST campaigns` with a CPI body (an order, or a draft with `draft: true`), or with `id` the edit of
 * that CPI draft or delayed campaign (`PUT campaigns/{id}`), then with `start` its `GET campaigns/{id}/start`
 * (ordering an edited draft).
 */
export function useSaveCpiCampaign() {
  return useMutation({
    mutationFn: async ({ id, body, start }: { id?: number; body: CpiBody; start?: boolean }) => {
      if (id === undefined) return api.post<CampaignResponse>('campaigns', body);
      const saved = await api.put<CampaignResponse>(`campaigns/${id}`, body);
      return start ? api.get<CampaignResponse>(`campaigns/${id}/start`) : saved;
    },
  });
}
