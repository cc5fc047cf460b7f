import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/user-messages';
import '../../../lib/pages-messages';
import type {
  AdminBonusSubmissionListQuery,
  AdminBonusSubmissionListResponse,
  AdminBonusSubmissionResponse,
  AdminContactMessageListQuery,
  AdminContactMessageListResponse,
  AdminContactMessageResponse,
  AdminPayoutListQuery,
  AdminPayoutListResponse,
  AdminPayoutResponse,
  StaffHomeResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

const base = 'admin' as const;
/** A list query as the tables send it (page and limit always set). */
type Paged<Q> = Omit<Q, 'page' | 'limit'> & { page: number; limit: number };

export const staffDeskKeys = {
  all: ['admin', 'staff-desk'] as const,
  home: ['admin', 'staff-desk', 'home'] as const,
  list: (name: string, query: object) => ['admin', 'staff-desk', name, query] as const,
};

/** `GET home`: the staff home's counts (null where the caller may not open the list). */
export const staffHomeQueryOptions = () =>
  queryOptions({
    queryKey: staffDeskKeys.home,
    queryFn: ({ signal }) => api.get<StaffHomeResponse>('home', { base, signal }),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

/** One page of a staff desk list; the previous page stays on screen while the next loads. */
const listOptions = <T>(name: string, path: string, query: object) =>
  queryOptions({
    queryKey: staffDeskKeys.list(name, query),
    queryFn: ({ signal }) => api.get<T>(path, { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const payoutsQueryOptions = (query: Paged<AdminPayoutListQuery>) =>
  listOptions<AdminPayoutListResponse>('payouts', 'referral/payouts', query);
export const bonusSubmissionsQueryOptions = (query: Paged<AdminBonusSubmissionListQuery>) =>
  listOptions<AdminBonusSubmissionListResponse>('bonus', 'bonus-program/submissions', query);
export const contactMessagesQueryOptions = (query: Paged<AdminContactMessageListQuery>) =>
  listOptions<AdminContactMessageListResponse>('contacts', 'contact-messages', query);

/** A staff decision on a row (`PUT {path}/{id}/{action}` with an optional note); the lists and counts reload. */
function useDecision<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: string; note?: string }) =>
      api.put<T>(`${path}/${id}/${action}`, note ? { note } : {}, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: staffDeskKeys.all }),
  });
}

/** `PUT referral/payouts/{id}/complete|cancel`. */
export const usePayoutDecision = () => useDecision<AdminPayoutResponse>('referral/payouts');
/** `PUT bonus-program/submissions/{id}/approve|reject`. */
export const useBonusDecision = () => useDecision<AdminBonusSubmissionResponse>('bonus-program/submissions');
/** `PUT contact-messages/{id}/handle|reopen`. */
export const useContactDecision = () => useDecision<AdminContactMessageResponse>('contact-messages');
