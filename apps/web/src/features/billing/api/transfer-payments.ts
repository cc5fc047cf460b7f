import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelPaymentResponse, TransferPaymentResponse } from '@storelift/shared';
import '../../../lib/transfer-payment-messages';
import { api } from '../../../lib/api';
import { billingKeys } from './payments';

export const transferPaymentKey = (id: number) => [...billingKeys.payments, 'transfer', id] as const;

/** `GET payments/{id}/transfer`: the payment awaiting a transfer, its reference and where to send it. */
export const transferPaymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: transferPaymentKey(id),
    queryFn: ({ signal }) => api.get<TransferPaymentResponse>(`payments/${id}/transfer`, { signal }),
    retry: false,
  });

/** `POST payments/{id}/cancel`: the payment is given up; the page and the lists show it canceled. */
export function useCancelTransferPayment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CancelPaymentResponse>(`payments/${id}/cancel`, {}),
    onSuccess: (answer) => {
      client.setQueryData<TransferPaymentResponse>(transferPaymentKey(id), (page) =>
        page ? { ...page, data: answer.data } : page,
      );
      void client.invalidateQueries({ queryKey: billingKeys.payments, exact: false });
    },
  });
}
