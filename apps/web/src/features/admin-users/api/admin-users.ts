import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/user-messages';
import type {
  AdminPaymentListResponse,
  AdminReferralList,
  AdminResellerRequestListResponse,
  AdminResellerRequestResponse,
  AdminUserAppList,
  AdminUserList,
  AdminUserOne,
  AdminUserResponse,
  AdminUsersQuery,
  ChangeUserBalanceBody,
  ChangeUserBalanceResponse,
  MessageResponse,
  PaysystemList,
  PricetagListResponse,
  TransactionListResponse,
  TransactionType,
  UpdateAdminUserBody,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export { managersQueryOptions, pricePlansQueryOptions } from '../../../lib/staff-choices';

/** The list query as the table sends it: page and limit are always numbers here. */
export type AdminUsersListQuery = {
  [K in Exclude<keyof AdminUsersQuery, 'page' | 'limit' | 'id'>]?: string | number | undefined;
} & { page: number; limit: number };

const base = 'admin' as const;
/** User details lists: 10 a page, newest first (staff-admin §7). */
export const DETAIL_PAGE_SIZE = 10;
const detailQuery = (userId: number, page: number) => ({
  user_id: userId,
  page,
  limit: DETAIL_PAGE_SIZE,
  orderBy: 'created_at',
  sortBy: 'desc',
});

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: ['admin', 'users', 'list'] as const,
  list: (query: AdminUsersListQuery) => ['admin', 'users', 'list', query] as const,
  one: (id: number) => ['admin', 'users', 'one', id] as const,
  ofUser: (id: number) => ['admin', 'users', 'of', id] as const,
  detailList: (id: number, list: string, query: object) => ['admin', 'users', 'of', id, list, query] as const,
};

/** One page of `GET /api/admin/v1/users`; the previous page stays on screen while the next loads. */
export const adminUsersQueryOptions = (query: AdminUsersListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => api.get<AdminUserList>('users', { base, query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET users?id=`: one user with balances and totals. */
export const adminUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.one(id),
    queryFn: ({ signal }) => api.get<AdminUserOne>('users', { base, query: { id }, signal }),
    retry: false,
  });

/** `GET paysystems` (admin): the payment systems of a balance change. */
export const paysystemsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'paysystems'],
    queryFn: ({ signal }) => api.get<PaysystemList>('paysystems', { base, signal }),
    staleTime: 60_000,
  });

/** `GET transactions` of a user (type filter, default all). */
export const userTransactionsQueryOptions = (userId: number, page: number, type: TransactionType | null) =>
  queryOptions({
    queryKey: adminUserKeys.detailList(userId, 'transactions', { page, type }),
    queryFn: ({ signal }) =>
      api.get<TransactionListResponse>('transactions', {
        base,
        query: { ...detailQuery(userId, page), type: type ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET payments` of a user. */
export const userPaymentsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.detailList(userId, 'payments', { page }),
    queryFn: ({ signal }) =>
      api.get<AdminPaymentListResponse>('payments', {
        base,
        query: { ...detailQuery(userId, page), successOnly: 0 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET users/referrals` of a user. */
export const userReferralsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.detailList(userId, 'referrals', { page }),
    queryFn: ({ signal }) =>
      api.get<AdminReferralList>('users/referrals', { base, query: detailQuery(userId, page), signal }),
    placeholderData: keepPreviousData,
  });

/** `GET users/{id}/apps`. */
export const userAppsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.detailList(userId, 'apps', { page }),
    queryFn: ({ signal }) =>
      api.get<AdminUserAppList>(`users/${userId}/apps`, {
        base,
        query: { page, limit: DETAIL_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** After a change to a user: their row, details and lists are read again. */
function useRefreshUser() {
  const client = useQueryClient();
  return (id: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminUserKeys.lists }),
      client.invalidateQueries({ queryKey: adminUserKeys.one(id) }),
      client.invalidateQueries({ queryKey: adminUserKeys.ofUser(id) }),
    ]);
}

/** `PUT users`. */
export function useUpdateUser() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: UpdateAdminUserBody) => api.put<AdminUserResponse>('users', body, { base }),
    onSuccess: (_answer, body) => refresh(Number(body.id)),
  });
}

/** `DELETE users/{id}`, `PUT users/{id}/activate|deactivate`, `POST users/{id}/resend-verification`. */
export function useUserAction() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: UserAction }) => {
      if (action === 'delete') return api.delete<MessageResponse>(`users/${id}`, { base });
      if (action === 'resend')
        return api.post<MessageResponse>(`users/${id}/resend-verification`, {}, { base });
      return api.put<AdminUserResponse>(`users/${id}/${action}`, {}, { base });
    },
    onSuccess: (_answer, { id }) => refresh(id),
  });
}
export type UserAction = 'delete' | 'activate' | 'deactivate' | 'resend';

/** `PUT payments/change-user-balance`. */
export function useChangeBalance() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: ChangeUserBalanceBody) =>
      api.put<ChangeUserBalanceResponse>('payments/change-user-balance', body, { base }),
    onSuccess: (_answer, body) => refresh(Number(body.id)),
  });
}

/** `POST users/referrals` and `DELETE users/referrals/{id}`. */
export function useReferralChange(userId: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (change: { attach: string } | { remove: number }) =>
      'attach' in change
        ? api.post<MessageResponse>('users/referrals', { user_id: userId, referral: change.attach }, { base })
        : api.delete<MessageResponse>(`users/referrals/${change.remove}`, { base }),
    onSuccess: () => refresh(userId),
  });
}

/** `PUT priceplans/user/{id}` (a new plan) or `POST priceplans/pricetags/user/{id}/sync`. */
export function usePlanChange(userId: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (planId: number | null) =>
      planId === null
        ? api.post<PricetagListResponse>(`priceplans/pricetags/user/${userId}/sync`, {}, { base })
        : api.put<PricetagListResponse>(`priceplans/user/${userId}`, { priceplan_id: planId }, { base }),
    onSuccess: () => refresh(userId),
  });
}

/** `GET resellers/requests?user_id=`: the user's reseller program requests, newest first. */
export const userResellerRequestsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.detailList(userId, 'reseller', { page }),
    queryFn: ({ signal }) =>
      api.get<AdminResellerRequestListResponse>('resellers/requests', {
        base,
        query: { user_id: userId, page, limit: DETAIL_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Approve (onto a reseller plan) or reject a reseller request; the user's plan and lists refresh. */
export function useResellerReview(userId: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, verdict, note }: { id: number; verdict: 'approve' | 'reject'; note?: string }) =>
      api.put<AdminResellerRequestResponse>(`resellers/requests/${id}/${verdict}`, note ? { note } : {}, {
        base,
      }),
    onSuccess: () => refresh(userId),
  });
}
