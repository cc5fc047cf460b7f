import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/webhook-messages';
import type {
  MessageResponse,
  WebhookDeliveryList,
  WebhookDeliveryResponse,
  WebhookEndpointBody,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookEndpointResponse,
  WebhookEndpointUpdate,
} from '@storelift/shared';
import { api } from '../../../lib/api';

const root = ['webhooks'] as const;
const endpointsKey = [...root, 'endpoints'] as const;
const deliveriesKey = (id: number) => [...root, 'deliveries', id] as const;

/** `GET webhooks`: the user's endpoints (secrets masked). */
export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: endpointsKey,
    queryFn: ({ signal }) => api.get<WebhookEndpointList>('webhooks', { signal }),
  });

/** One page of an endpoint's deliveries with their attempt logs; refreshed while one is pending. */
export const webhookDeliveriesQueryOptions = (id: number, page: number, limit: number) =>
  queryOptions({
    queryKey: [...deliveriesKey(id), { page, limit }] as const,
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryList>(`webhooks/${id}/deliveries`, { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending') ? 5000 : false,
  });

/** `POST webhooks`: answers the endpoint and, this once, its secret. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) => api.post<WebhookEndpointCreated>('webhooks', body),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** `PUT webhooks/{id}`: events, threshold, on or off. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookEndpointUpdate }) =>
      api.put<WebhookEndpointResponse>(`webhooks/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** `DELETE webhooks/{id}` (its log goes with it). */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`webhooks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

/** `POST webhooks/{id}/test` (a `ping`) and `POST webhooks/{id}/deliveries/{deliveryId}/redeliver`. */
export function useSendWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId?: number }) =>
      api.post<WebhookDeliveryResponse>(
        deliveryId === undefined
          ? `webhooks/${id}/test`
          : `webhooks/${id}/deliveries/${deliveryId}/redeliver`,
        {},
      ),
    onSuccess: (_answer, { id }) => client.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
