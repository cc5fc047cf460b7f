import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/settings-messages';
import type {
  EmailPreviewResponse,
  EmailTemplateBody,
  EmailTemplateListResponse,
  EmailTemplateResponse,
  MaintenanceBody,
  MaintenanceResponse,
  MarketingSettingsBody,
  MarketingSettingsResponse,
  AdminPaysystemList,
  AdminPaysystemResponse,
  PaysystemBody,
  ProductsBody,
  ProductsResponse,
  ReceivingSettingsBody,
  ReceivingSettingsResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

const base = 'admin' as const;

export const settingsKeys = {
  maintenance: ['admin', 'settings', 'maintenance'] as const,
  marketing: ['admin', 'settings', 'marketing'] as const,
  paysystems: ['admin', 'settings', 'paysystems'] as const,
  products: (appstore: number) => ['admin', 'settings', 'products', appstore] as const,
  templates: ['admin', 'settings', 'email-templates'] as const,
  receiving: ['admin', 'settings', 'receiving-details'] as const,
};

/** `GET receiving-details`: our accounts for bank transfer, Wise and Payoneer, and the days a payment waits. */
export const receivingQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.receiving,
    queryFn: ({ signal }) => api.get<ReceivingSettingsResponse>('receiving-details', { base, signal }),
  });

/** `PUT receiving-details`: the paysystems list changes too (who is configured). */
export function useSaveReceiving() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceivingSettingsBody) =>
      api.put<ReceivingSettingsResponse>('receiving-details', body, { base }),
    onSuccess: (answer) => {
      client.setQueryData(settingsKeys.receiving, answer);
      void client.invalidateQueries({ queryKey: settingsKeys.paysystems });
    },
  });
}

/** `GET maintenance`. */
export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.maintenance,
    queryFn: ({ signal }) => api.get<MaintenanceResponse>('maintenance', { base, signal }),
  });

/** `PUT maintenance`: on or off, with staff's note. */
export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceBody) => api.put<MaintenanceResponse>('maintenance', body, { base }),
    onSuccess: (answer) => client.setQueryData(settingsKeys.maintenance, answer),
  });
}

/** `GET marketing-settings`: the highest marketing percent a non-admin may give. */
export const marketingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.marketing,
    queryFn: ({ signal }) => api.get<MarketingSettingsResponse>('marketing-settings', { base, signal }),
  });

/** `PUT marketing-settings` (admin). */
export function useSetMarketingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketingSettingsBody) =>
      api.put<MarketingSettingsResponse>('marketing-settings', body, { base }),
    onSuccess: (answer) => client.setQueryData(settingsKeys.marketing, answer),
  });
}

/** `GET paysystems`: every system, active or not, with who serves it. */
export const paysystemsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.paysystems,
    queryFn: ({ signal }) => api.get<AdminPaysystemList>('paysystems', { base, signal }),
  });

type Client = ReturnType<typeof useQueryClient>;
const replacePaysystem = (client: Client, answer: { data: AdminPaysystemList['data'][number] }) =>
  client.setQueryData<AdminPaysystemList>(settingsKeys.paysystems, (list) =>
    list ? { data: list.data.map((row) => (row.id === answer.data.id ? answer.data : row)) } : list,
  );

/** `PUT paysystems/change-is-active-paysystem`. */
export function usePaysystemActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; is_active: boolean }) =>
      api.put<AdminPaysystemResponse>('paysystems/change-is-active-paysystem', body, { base }),
    onSuccess: (answer) => replacePaysystem(client, answer),
  });
}

/** `PUT paysystems/{id}`: bonus and options. */
export function useSavePaysystem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaysystemBody }) =>
      api.put<AdminPaysystemResponse>(`paysystems/${id}`, body, { base }),
    onSuccess: (answer) => replacePaysystem(client, answer),
  });
}

/** `GET products?appstore=`: one store's price list. */
export const productsQueryOptions = (appstore: number) =>
  queryOptions({
    queryKey: settingsKeys.products(appstore),
    queryFn: ({ signal }) => api.get<ProductsResponse>('products', { base, query: { appstore }, signal }),
  });

/** `PUT products` (no id): the store's prices. */
export function useSaveProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductsBody) => api.put<ProductsResponse>('products', body, { base }),
    onSuccess: (answer) => client.setQueryData(settingsKeys.products(answer.appstore), answer),
  });
}

/** `GET email-templates`: every template in every language. */
export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.templates,
    queryFn: ({ signal }) => api.get<EmailTemplateListResponse>('email-templates', { base, signal }),
  });

/** `PUT email-templates`. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailTemplateBody) =>
      api.put<EmailTemplateResponse>('email-templates', body, { base }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.templates }),
  });
}

/** `POST email-templates/preview`: the mail with sample data, nothing saved. */
export function usePreviewTemplate() {
  return useMutation({
    mutationFn: (body: EmailTemplateBody) =>
      api.post<EmailPreviewResponse>('email-templates/preview', body, { base }),
  });
}
