import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Pacing, PacingBody, PacingResponse } from '@storelift/shared';
import { api } from '../../../lib/api';

export const pacingKeys = {
  pacing: (body: PacingBody | null) => ['campaigns', 'pacing', body] as const,
};

/**
 * `POST pacing`: the chosen keywords' rank, score, difficulty and the suggestion to reach a target rank;
 * nothing is asked without a body. The last answer stays while the next loads.
 */
export const pacingQueryOptions = (body: PacingBody | null) =>
  queryOptions({
    queryKey: pacingKeys.pacing(body),
    queryFn: async ({ signal }): Promise<Pacing> =>
      (await api.post<PacingResponse>('pacing', body, { signal })).data,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
