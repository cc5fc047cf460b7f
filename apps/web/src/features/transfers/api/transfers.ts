import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTransfer,
  AdminTransferListResponse,
  CreateTransferBody,
  Transfer,
  TransferListResponse,
  TransferReceiverResponse,
  TransferSettings,
  TransferSettingsBody,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export const TRANSFERS_PAGE_SIZE = 10;

export const transferKeys = {
  all: ['transfers'] as const,
  list: (page: number) => ['transfers', 'list', page] as const,
  admin: (params: AdminTransferParams) => ['transfers', 'admin', params] as const,
  settings: ['transfers', 'settings'] as const,
};

/** `GET transfers`: the caller's sent and received transfers and what is left of today's limit. */
export const transfersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: transferKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<TransferListResponse>('transfers', { query: { page, limit: TRANSFERS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** `POST transfers/receiver`: the receiver's masked name (a 422 on `email` when no account can receive). */
export function useLookUpReceiver() {
  return useMutation({
    mutationFn: (email: string) => api.post<TransferReceiverResponse>('transfers/receiver', { email }),
  });
}

/**
 * `POST transfers`; the list, the balances (profile) and the transactions reload after it. Keys of other
 * features are named by their text: features never import each other.
 */
export function useSendTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTransferBody) =>
      api.post<{ data: Transfer; message: string }>('transfers', body),
    onSuccess: () =>
      Promise.all(
        [transferKeys.all, ['profile'], ['billing']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export interface AdminTransferParams {
  page: number;
  user_id?: number;
  status?: 'completed' | 'reversed';
}

/** Staff `GET transfers`. */
export const adminTransfersQueryOptions = (params: AdminTransferParams) =>
  queryOptions({
    queryKey: transferKeys.admin(params),
    queryFn: ({ signal }) =>
      api.get<AdminTransferListResponse>('transfers', {
        base: 'admin',
        query: { ...params, limit: TRANSFERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Staff `POST transfers/{id}/reverse`; the staff list reloads. */
export function useReverseTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ data: AdminTransfer; message: string }>(
        `transfers/${id}/reverse`,
        { reason: reason.trim() || undefined },
        { base: 'admin' },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: transferKeys.all }),
  });
}

/** `GET transfer-settings` (core settings). */
export const transferSettingsQueryOptions = () =>
  queryOptions({
    queryKey: transferKeys.settings,
    queryFn: ({ signal }) =>
      api.get<{ data: TransferSettings }>('transfer-settings', { base: 'admin', signal }),
  });

/** `PUT transfer-settings`. */
export function useSaveTransferSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferSettingsBody) =>
      api.put<{ data: TransferSettings; message: string }>('transfer-settings', body, { base: 'admin' }),
    onSuccess: (answer) => client.setQueryData(transferKeys.settings, { data: answer.data }),
  });
}
