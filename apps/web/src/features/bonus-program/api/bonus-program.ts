import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BonusProgramResponse, BonusSubmissionBody, BonusSubmissionResponse } from '@storelift/shared';
import { api } from '../../../lib/api';

export const bonusProgramKeys = { all: ['bonus-program'] as const };

/** `GET users/bonus-program`: the rules of each type with the caller's submission of it. */
export const bonusProgramQueryOptions = () =>
  queryOptions({
    queryKey: bonusProgramKeys.all,
    queryFn: ({ signal }) => api.get<BonusProgramResponse>('users/bonus-program', { signal }),
  });

/** `POST users/bonus-program`: one submission per type; the program reloads after it. */
export function useSubmitBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BonusSubmissionBody) => api.post<BonusSubmissionResponse>('users/bonus-program', body),
    onSuccess: () => client.invalidateQueries({ queryKey: bonusProgramKeys.all }),
  });
}
