import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/sales-messages';
import '../../../lib/user-messages';
import type {
  ChangeHistoryNoteBody,
  ChangeManagerBody,
  ChangeSalesStatusBody,
  ClientsReport,
  ClientsReportQuery,
  CustomerManagers,
  LastPaymentList,
  ManagerRequestResponse,
  MessageResponse,
  NewClientList,
  SalesByPayments,
  SalesByStatus,
  SalesClientList,
  SalesClientResponse,
  SalesClientsQuery,
  SalesHistory,
  SalesPeriodQuery,
  SalesTotalsResponse,
} from '@storelift/shared';
import { api, saveFile } from '../../../lib/api';

const base = 'admin' as const;
export const salesKeys = {
  all: ['admin', 'sales'] as const,
  clients: ['admin', 'sales', 'clients'] as const,
  newClients: ['admin', 'sales', 'new-clients'] as const,
  stats: ['admin', 'sales', 'stats'] as const,
  report: ['admin', 'clients-report'] as const,
  customer: ['managers'] as const,
};
const today = () => new Date().toISOString().slice(0, 10);

/** `GET sales-reports` (My clients). */
export const salesClientsQueryOptions = (query: SalesClientsQuery) =>
  queryOptions({
    queryKey: [...salesKeys.clients, query] as const,
    queryFn: ({ signal }) => api.get<SalesClientList>('sales-reports', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET sales-reports/export`: the filtered clients as CSV. */
export async function exportSalesClients(query: Omit<SalesClientsQuery, 'page' | 'limit'>) {
  saveFile(
    await api.file('sales-reports/export', { base, query: { ...query } }),
    `my-clients-${today()}.csv`,
  );
}

/** `GET sales-reports/history` of one client. */
export const salesHistoryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...salesKeys.clients, 'history', userId] as const,
    queryFn: ({ signal }) =>
      api.get<SalesHistory>('sales-reports/history', {
        base,
        query: { user_id: userId, limit: 50 },
        signal,
      }),
  });

/** `POST sales-reports/change-status` and `change-history-note`. */
export function useChangeSales() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ChangeSalesStatusBody | ChangeHistoryNoteBody) =>
      'status' in change
        ? api.post<SalesClientResponse>('sales-reports/change-status', change, { base })
        : api.post<SalesClientResponse>('sales-reports/change-history-note', change, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: salesKeys.all }),
  });
}

/** `GET sales-reports/new-clients`. */
export const newClientsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...salesKeys.newClients, page, limit] as const,
    queryFn: ({ signal }) =>
      api.get<NewClientList>('sales-reports/new-clients', { base, query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `POST sales-reports/new-clients/change-manager`. */
export function useChangeManager() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeManagerBody) =>
      api.post<MessageResponse>('sales-reports/new-clients/change-manager', body, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: salesKeys.all }),
  });
}

/** The statistics tab's reads, each on its own. */
export const salesStatsQueryOptions = (query: SalesPeriodQuery) => ({
  byStatus: queryOptions({
    queryKey: [...salesKeys.stats, 'by-status', query] as const,
    queryFn: ({ signal }) =>
      api.get<SalesByStatus>('sales-reports/by-status', { base, query: { ...query }, signal }),
  }),
  byPayments: queryOptions({
    queryKey: [...salesKeys.stats, 'by-payments', query] as const,
    queryFn: ({ signal }) =>
      api.get<SalesByPayments>('sales-reports/by-payments', { base, query: { ...query }, signal }),
  }),
  totals: queryOptions({
    queryKey: [...salesKeys.stats, 'totals', query] as const,
    queryFn: ({ signal }) =>
      api.get<SalesTotalsResponse>('sales-reports/totals', { base, query: { ...query }, signal }),
  }),
});

/** `GET sales-reports/last-payments`. */
export const lastPaymentsQueryOptions = (query: SalesPeriodQuery & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...salesKeys.stats, 'last-payments', query] as const,
    queryFn: ({ signal }) =>
      api.get<LastPaymentList>('sales-reports/last-payments', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET sales-reports/last-payments/export`. */
export async function exportLastPayments(query: SalesPeriodQuery) {
  saveFile(
    await api.file('sales-reports/last-payments/export', { base, query: { ...query } }),
    `last-payments-${today()}.csv`,
  );
}

/** `GET clients-report`. */
export const clientsReportQueryOptions = (query: ClientsReportQuery) =>
  queryOptions({
    queryKey: [...salesKeys.report, query] as const,
    queryFn: ({ signal }) => api.get<ClientsReport>('clients-report', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET clients-report/export`: the whole filtered set. */
export async function exportClientsReport(query: Omit<ClientsReportQuery, 'page' | 'limit'>) {
  saveFile(
    await api.file('clients-report/export', { base, query: { ...query } }),
    `clients-report-${today()}.csv`,
  );
}

/** Customer `GET managers`: the managers, the caller's own and their request. */
export const customerManagersQueryOptions = () =>
  queryOptions({
    queryKey: salesKeys.customer,
    queryFn: ({ signal }) => api.get<CustomerManagers>('managers', { query: { limit: 0, page: 1 }, signal }),
    staleTime: 60_000,
  });

/** Customer `POST managers/request`. */
export function useRequestManager() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ManagerRequestResponse>('managers/request', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: salesKeys.customer }),
  });
}
