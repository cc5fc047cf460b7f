import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/notices-messages';
import type {
  AdminNoticeListResponse,
  CampaignMessageBody,
  CampaignMessageListResponse,
  CampaignMessageResponse,
  DeletedResponse,
  MessageResponse,
  NoticeEmailPreferencesResponse,
  NoticeListResponse,
  NoticeResponse,
  NoticeTemplateBody,
  NoticeTemplateListResponse,
  NoticeTemplateResponse,
  NotificationListResponse,
  SendNoticeBody,
  SendNoticeResponse,
  UnreadCampaignMessages,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';

const keys = {
  own: ['notices', 'own'] as const,
  notifications: ['notices', 'notifications'] as const,
  preferences: ['notices', 'email-preferences'] as const,
  admin: ['admin', 'notices'] as const,
  templates: ['admin', 'notice-templates'] as const,
  thread: (base: 'private' | 'admin', id: number) => ['campaign-messages', base, id] as const,
  unread: ['admin', 'campaign-messages', 'unread'] as const,
};

/** The bell's list: the latest notices and the unread count (system texts in the interface language). */
export const BELL_SIZE = 10;
export const ownNoticesQueryOptions = () =>
  queryOptions({
    queryKey: [...keys.own, currentLocale()],
    queryFn: ({ signal }) => api.get<NoticeListResponse>('notices', { query: { limit: BELL_SIZE }, signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** `PUT notices/{id}/view`. */
export function useViewNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<NoticeResponse>(`notices/${id}/view`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.own }),
  });
}

/** `GET notifications`: the pinned notifications of the dashboard. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: keys.notifications,
    queryFn: ({ signal }) => api.get<NotificationListResponse>('notifications', { signal }),
    staleTime: 60_000,
  });

/**
 * `PUT notifications/deactivate/{id}`: the notification leaves the list at once and stays gone even if
 * the call fails (customer-area §8).
 */
export function useDismissNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<MessageResponse>(`notifications/deactivate/${id}`, {}),
    onMutate: (id: number) => {
      client.setQueryData<NotificationListResponse>(keys.notifications, (list) =>
        list ? { data: list.data.filter((item) => item.id !== id) } : list,
      );
    },
  });
}

/** The notice types the user also receives by e-mail. */
export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: keys.preferences,
    queryFn: ({ signal }) => api.get<NoticeEmailPreferencesResponse>('notices/email-preferences', { signal }),
  });

export function useSaveEmailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (types: number[]) =>
      api.put<NoticeEmailPreferencesResponse>('notices/email-preferences', { types }),
    onSuccess: (answer) => client.setQueryData(keys.preferences, answer),
  });
}

// ---------------------------------------------------------------- staff

/** Staff: one user's notices (user details, messages tab). */
export const userNoticesQueryOptions = (userId: number, page: number, limit: number) =>
  queryOptions({
    queryKey: [...keys.admin, userId, page, limit, currentLocale()],
    queryFn: ({ signal }) =>
      api.get<AdminNoticeListResponse>('notices', {
        base: 'admin',
        query: { user_id: userId, page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Staff: `POST notices`. */
export function useSendNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendNoticeBody) => api.post<SendNoticeResponse>('notices', body, { base: 'admin' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.admin }),
  });
}

/** Staff: a page of notice templates; `limit` 0 lists all (the send form's picker). */
export const noticeTemplatesQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...keys.templates, page, limit],
    queryFn: ({ signal }) =>
      api.get<NoticeTemplateListResponse>('notices/notice-templates', {
        base: 'admin',
        query: { page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSaveNoticeTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: NoticeTemplateBody }) =>
      id === undefined
        ? api.post<NoticeTemplateResponse>('notices/notice-templates', body, { base: 'admin' })
        : api.put<NoticeTemplateResponse>(`notices/notice-templates/${id}`, body, { base: 'admin' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.templates }),
  });
}

export function useDeleteNoticeTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<DeletedResponse>(`notices/notice-templates/${id}`, { base: 'admin' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.templates }),
  });
}

// ---------------------------------------------------------------- campaign messages

/** A page of a campaign's thread, newest first, for the customer (`private`) or staff (`admin`). */
export const campaignThreadQueryOptions = (base: 'private' | 'admin', campaignId: number, page: number) =>
  queryOptions({
    queryKey: [...keys.thread(base, campaignId), page],
    queryFn: ({ signal }) =>
      api.get<CampaignMessageListResponse>(`campaigns/${campaignId}/messages`, {
        base,
        query: { page, limit: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSendCampaignMessage(base: 'private' | 'admin', campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignMessageBody) =>
      api.post<CampaignMessageResponse>(`campaigns/${campaignId}/messages`, body, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.thread(base, campaignId) }),
  });
}

/** Staff: campaigns with customer messages nobody on staff has read. */
export const unreadCampaignMessagesQueryOptions = () =>
  queryOptions({
    queryKey: keys.unread,
    queryFn: ({ signal }) =>
      api.get<UnreadCampaignMessages>('campaign-messages/unread', { base: 'admin', signal }),
    staleTime: 30_000,
  });

/** After staff read a thread, the orders page's badges are fetched again. */
export function useRefreshUnread() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.unread });
}
