import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// Registers the campaign texts, so the server's period messages are translated.
import '../../../lib/campaign-messages';
import type {
  CampaignStatisticsGroup,
  CampaignStatisticsResponse,
  ImpactStatisticsResponse,
  KEYWORD_STATISTICS_SORTS,
  KeywordStatisticsResponse,
  ProductStatisticsResponse,
} from '@storelift/shared';
import { api, saveFile } from '../../../lib/api';

/** The filters every statistics call takes, as the page sends them. */
export interface StatisticsParams {
  from: string;
  to: string;
  appstore?: number;
  package?: string;
  country?: string;
  productType?: number;
}

interface Paged {
  page: number;
  limit: number;
  sortType: 'asc' | 'desc';
}

export type KeywordStatisticsParams = StatisticsParams &
  Paged & { sortBy: (typeof KEYWORD_STATISTICS_SORTS)[number] };
export type CampaignStatisticsParams = StatisticsParams &
  Paged & { groupBy: CampaignStatisticsGroup; sortBy: string };

export const statisticsKeys = {
  all: ['statistics'] as const,
  products: (params: StatisticsParams) => ['statistics', 'products', params] as const,
  keywords: (params: KeywordStatisticsParams) => ['statistics', 'keywords', params] as const,
  campaigns: (params: CampaignStatisticsParams) => ['statistics', 'campaigns', params] as const,
};

const STALE_MS = 30_000;

/** `GET statistics/products`: by date, per product type, with the totals. */
export const productStatisticsQueryOptions = (params: StatisticsParams) =>
  queryOptions({
    queryKey: statisticsKeys.products(params),
    queryFn: ({ signal }) =>
      api.get<ProductStatisticsResponse>('statistics/products', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

/** `GET statistics/keywords`: one page of keywords and the top keywords. */
export const keywordStatisticsQueryOptions = (params: KeywordStatisticsParams) =>
  queryOptions({
    queryKey: statisticsKeys.keywords(params),
    queryFn: ({ signal }) =>
      api.get<KeywordStatisticsResponse>('statistics/keywords', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

/** `GET statistics/campaigns`: one page per campaign or per app. */
export const campaignStatisticsQueryOptions = (params: CampaignStatisticsParams) =>
  queryOptions({
    queryKey: statisticsKeys.campaigns(params),
    queryFn: ({ signal }) =>
      api.get<CampaignStatisticsResponse>('statistics/campaigns', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

export type ImpactStatisticsParams = StatisticsParams & { page: number; limit: number; keyword?: string };

/** `GET statistics/impact`: a page of what the period's keyword-installs campaigns did to their keywords' ranks. */
export const impactStatisticsQueryOptions = (params: ImpactStatisticsParams) =>
  queryOptions({
    queryKey: ['statistics', 'impact', params] as const,
    queryFn: ({ signal }) =>
      api.get<ImpactStatisticsResponse>('statistics/impact', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

/** `GET statistics/impact/export`: every keyword report of the period and filters as CSV, saved by the browser. */
export async function exportImpactStatistics(params: StatisticsParams): Promise<void> {
  const csv = await api.file('statistics/impact/export', { query: { ...params } });
  saveFile(csv, `rank-impact-${params.from}-${params.to}.csv`);
}
