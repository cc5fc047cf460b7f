import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/user-messages';
import '../../../lib/staff-money-messages';
import type {
  AdminPayment,
  AdminPaymentListQuery,
  AdminPaymentListResponse,
  AdminPaymentResponse,
  DeletedResponse,
  PaymentStatus,
  PaymentType,
  UpdatePaymentBody,
} from '@storelift/shared';
import { api, saveFile } from '../../../lib/api';

/** The user payments query of staff-admin §3 as the page sends it (page and limit always set). */
export interface AdminPaymentsQuery {
  search?: string;
  searchColumn: NonNullable<AdminPaymentListQuery['searchColumn']>;
  priceplan_id?: number;
  /** Payment system ids, "30,1". */
  pay_systems?: string;
  payment_type?: PaymentType;
  status?: PaymentStatus;
  successOnly?: '1';
  from?: string;
  to?: string;
  orderBy: NonNullable<AdminPaymentListQuery['orderBy']>;
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

export const adminPaymentKeys = {
  lists: ['admin', 'payments', 'list'] as const,
  list: (query: AdminPaymentsQuery) => ['admin', 'payments', 'list', query] as const,
};

const base = 'admin' as const;

/** One page of `GET payments` with the totals of the filtered set. */
export const adminPaymentsQueryOptions = (query: AdminPaymentsQuery) =>
  queryOptions({
    queryKey: adminPaymentKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<AdminPaymentListResponse>('payments', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET payments/export`: the filtered set as CSV, saved by the browser. */
export async function exportPayments(query: Omit<AdminPaymentsQuery, 'page' | 'limit'>): Promise<void> {
  const csv = await api.file('payments/export', { base, query: { ...query } });
  saveFile(csv, `payments-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** `GET payments/invoice/{id}`: the invoice the customer downloads (uploaded or generated), saved by the browser. */
export async function downloadInvoice(payment: AdminPayment): Promise<void> {
  const pdf = await api.file(`payments/invoice/${payment.id}`, { base });
  saveFile(pdf, `storelift-${payment.invoice_number ?? payment.id}.pdf`);
}

/** Every change answers with a message; the pages are read again so totals follow. */
function useChange<V, A>(call: (variables: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: adminPaymentKeys.lists }),
  });
}

/** `PUT payments/{id}`: description and payment system. */
export const useUpdatePayment = () =>
  useChange(({ id, body }: { id: number; body: UpdatePaymentBody }) =>
    api.put<AdminPaymentResponse>(`payments/${id}`, body, { base }),
  );

/** `DELETE payments/{id}`: only a payment that moved no money. */
export const useDeletePayment = () =>
  useChange((id: number) => api.delete<DeletedResponse>(`payments/${id}`, { base }));

/** `POST payments/{id}/refund`. */
export const useRefundPayment = () =>
  useChange((id: number) => api.post<AdminPaymentResponse>(`payments/${id}/refund`, {}, { base }));

/** `POST payments/invoice/{id}`: the PDF itself is the body. */
export const useUploadInvoice = () =>
  useChange(({ id, file }: { id: number; file: File }) =>
    api.post<AdminPaymentResponse>(`payments/invoice/${id}`, file, { base }),
  );

/** `DELETE payments/invoice/{id}`: the customer gets the generated invoice again. */
export const useDeleteInvoice = () =>
  useChange((id: number) => api.delete<AdminPaymentResponse>(`payments/invoice/${id}`, { base }));
