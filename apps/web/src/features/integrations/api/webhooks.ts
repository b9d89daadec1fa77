import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import {
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  webhookDeliveriesAnswer,
  webhookDeliveryRow,
  webhookEndpointRow,
  webhookEndpointWithSecret,
  webhookTestMessageResult,
} from '@steward/contract/webhooks';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** The webhook endpoints' calls (docs/integrations.md#outbound-webhooks). */
export const webhookQueryKeys = {
  endpoints: ['webhook-endpoints'] as const,
  deliveries: (endpointId: number, page: number) => ['webhook-endpoints', endpointId, 'deliveries', page] as const,
};

export const getWebhookEndpoints = async () => (await apiGet('/api/webhook-endpoints', rowsAnswer(webhookEndpointRow))).data.rows;

export const useWebhookEndpoints = () => useQuery(queryOptions({ queryKey: webhookQueryKeys.endpoints, queryFn: getWebhookEndpoints }));

export const getWebhookDeliveries = async (endpointId: number, page: number) =>
  (await apiGet(`/api/webhook-endpoints/${endpointId}/deliveries?page=${page}`, webhookDeliveriesAnswer)).data;

export const useWebhookDeliveries = (endpointId: number, page: number) =>
  useQuery(queryOptions({ queryKey: webhookQueryKeys.deliveries(endpointId, page), queryFn: () => getWebhookDeliveries(endpointId, page) }));

/** POST /api/webhook-endpoints: the endpoint with its signing secret, the only time the secret is sent. */
export const createWebhookEndpoint = async (request: CreateWebhookEndpointRequest) =>
  (await apiPost('/api/webhook-endpoints', request, rowsAnswer(webhookEndpointWithSecret))).data.rows[0];

export const changeWebhookEndpoint = async ({ id, ...request }: UpdateWebhookEndpointRequest & { id: number }) =>
  (await apiPost(`/api/webhook-endpoints/${id}`, request, rowsAnswer(webhookEndpointRow))).data.rows[0];

export const deleteWebhookEndpoint = async (id: number) => apiPost(`/api/webhook-endpoints/${id}/delete`, {}, successAnswer);

export const rotateWebhookSecret = async (id: number) =>
  (await apiPost(`/api/webhook-endpoints/${id}/rotate-secret`, {}, rowsAnswer(webhookEndpointWithSecret))).data.rows[0];

export const redeliverWebhook = async ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
  (await apiPost(`/api/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/redeliver`, {}, rowsAnswer(webhookDeliveryRow))).data.rows[0];

/** POST /api/webhook-endpoints/{id}/test-message: one message sent now; whether the receiver took it. */
export const sendWebhookTestMessage = async (id: number) =>
  (await apiPost(`/api/webhook-endpoints/${id}/test-message`, {}, rowsAnswer(webhookTestMessageResult))).data.rows[0];

export const useSendWebhookTestMessage = () => useMutation({ mutationFn: sendWebhookTestMessage });

/** A change to the endpoints: the list and every deliveries page are read again. */
function useWebhookMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKeys.endpoints }) });
}

export const useCreateWebhookEndpoint = () => useWebhookMutation(createWebhookEndpoint);
export const useChangeWebhookEndpoint = () => useWebhookMutation(changeWebhookEndpoint);
export const useDeleteWebhookEndpoint = () => useWebhookMutation(deleteWebhookEndpoint);
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret);
export const useRedeliverWebhook = () => useWebhookMutation(redeliverWebhook);
