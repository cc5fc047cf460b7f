import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  type PayoutBody,
  type PayoutListResponse,
  type PayoutResponse,
  type ReferralListResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export interface ReferralListParams {
  page: number;
  sortBy: 'spendings_new' | 'payments' | 'earned' | 'created_at';
  sortType: 'asc' | 'desc';
}

export const referralKeys = {
  all: ['referrals'] as const,
  list: (params: ReferralListParams) => ['referrals', 'list', params] as const,
  payouts: (page: number) => ['referrals', 'payouts', page] as const,
};

/** Referrals per page (customer-area §9). */
export const REFERRALS_PAGE_SIZE = LIMITS.referralsPageSize;

/** `GET users/referrals`: referred users (5 per page, by spendings descending) and the summary. */
export const referralsQueryOptions = (params: ReferralListParams) =>
  queryOptions({
    queryKey: referralKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ReferralListResponse>('users/referrals', {
        query: { ...params, limit: REFERRALS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const PAYOUTS_PAGE_SIZE = 10;

/** `GET users/referral/payouts`: the caller's payout requests (the list is called `payments`). */
export const payoutsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: referralKeys.payouts(page),
    queryFn: ({ signal }) =>
      api.get<PayoutListResponse>('users/referral/payouts', {
        query: { page, limit: PAYOUTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `POST users/referral/payout`; the referral lists and summary reload after it. */
export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutBody) => api.post<PayoutResponse>('users/referral/payout', body),
    onSuccess: () => client.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
