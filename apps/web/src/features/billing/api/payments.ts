import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  CheckoutAuthResponse,
  CheckoutQuoteResponse,
  CheckoutResponse,
  InvoiceBridgeResponse,
  MarketingActionResponse,
  PaymentConfigurationResponse,
  PaymentListResponse,
  PaymentTotalResponse,
  Paysystem,
  PaysystemList,
} from '@storelift/shared';
import { ApiError, api } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';

/** The billing history as the table asks for it. */
export interface PaymentListParams {
  page: number;
  limit: number;
  orderBy: 'created_at' | 'amount' | 'id' | 'status' | 'paysystem_id';
  sortBy: 'asc' | 'desc';
}

export const billingKeys = {
  all: ['billing'] as const,
  paysystems: ['billing', 'paysystems'] as const,
  marketingAction: ['billing', 'marketing-action'] as const,
  quote: (paysystemId: number, amount: string) => ['billing', 'quote', paysystemId, amount] as const,
  payments: ['billing', 'payments'] as const,
  paymentList: (params: PaymentListParams) => ['billing', 'payments', 'list', params] as const,
  paymentTotal: ['billing', 'payments', 'total'] as const,
  payment: (id: number) => ['billing', 'payments', 'one', id] as const,
  transactions: ['billing', 'transactions'] as const,
};

/** `GET paysystems`: the payment methods with their fee, bonus and limits (texts in the interface language). */
export const paysystemsQueryOptions = () =>
  queryOptions({
    queryKey: [...billingKeys.paysystems, currentLocale()],
    queryFn: ({ signal }) => api.get<PaysystemList>('paysystems', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** `GET marketing-actions`: the current payment-bonus action, or null when none runs (a 404). */
export const marketingActionQueryOptions = () =>
  queryOptions({
    queryKey: [...billingKeys.marketingAction, currentLocale()],
    queryFn: async ({ signal }) => {
      try {
        const { data } = await api.get<MarketingActionResponse>('marketing-actions', { signal });
        return data.type === 'payment' ? data : null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** `GET checkout/quote`: what `amount` through the method costs (fee, VAT, total) and brings (bonus). */
export const quoteQueryOptions = (paysystemId: number, amount: string) =>
  queryOptions({
    queryKey: billingKeys.quote(paysystemId, amount),
    queryFn: ({ signal }) =>
      api
        .get<CheckoutQuoteResponse>('checkout/quote', {
          query: { paysystem_id: paysystemId, amount },
          signal,
        })
        .then((r) => r.data),
    staleTime: 30_000,
    retry: false,
  });

/**
 * Starts a payment and answers where to send the browser: `POST checkout`, or `checkout/{id}/auth` for
 * methods where the customer signs in at the provider (PayPal).
 */
export function useCheckout() {
  return useMutation({
    mutationFn: async ({ paysystem, amount }: { paysystem: Paysystem; amount: string }) => {
      if (paysystem.auth) {
        const { url } = await api.post<CheckoutAuthResponse>(`checkout/${paysystem.id}/auth`, { amount });
        return url;
      }
      const { link } = await api.post<CheckoutResponse>('checkout', { amount, paysystem_id: paysystem.id });
      return link;
    },
  });
}

/** `GET payments`: one page of the caller's payments (billing history). */
export const paymentsQueryOptions = (params: PaymentListParams) =>
  queryOptions({
    // The payment system's name comes in the interface language.
    queryKey: [...billingKeys.paymentList(params), currentLocale()],
    queryFn: ({ signal }) => api.get<PaymentListResponse>('payments', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET payments/total`: credited payments in all and the latest one. */
export const paymentTotalQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.paymentTotal,
    queryFn: ({ signal }) => api.get<PaymentTotalResponse>('payments/total', { signal }).then((r) => r.data),
  });

/** How often the result page asks again while a payment waits (crypto confirmations). */
export const PAYMENT_POLL_MS = 2_000;

/** `GET payments/{id}/get-configuration`: one payment (the result page), polled until it settles. */
export const paymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingKeys.payment(id),
    queryFn: ({ signal }) =>
      api.get<PaymentConfigurationResponse>(`payments/${id}/get-configuration`, { signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status === 'pending' || status === 'received' ? PAYMENT_POLL_MS : false;
    },
  });

/**
 * Downloads a payment's invoice: `payments/download-invoice/{id}/bridge` answers a signed, short-lived
 * link, which the browser then opens (the PDF comes as an attachment, so the page stays).
 */
export async function downloadInvoice(paymentId: number): Promise<void> {
  const { url } = await api.get<InvoiceBridgeResponse>(`payments/download-invoice/${paymentId}/bridge`);
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
