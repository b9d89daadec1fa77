import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import {
  type CreateIntegrationKeyRequest,
  createdIntegrationKeyRow,
  integrationKeyRow,
  type IntegrationKeyScopesRequest,
} from '@steward/contract/integration-keys';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

const keysAnswer = rowsAnswer(integrationKeyRow);

/** GET /api/integration-keys: every key, newest first, never a secret (docs/integrations.md). */
export const getIntegrationKeys = async () => (await apiGet('/api/integration-keys', keysAnswer)).data.rows;

export const integrationKeysQueryKey = ['integration-keys'] as const;

export const useIntegrationKeys = () => useQuery(queryOptions({ queryKey: integrationKeysQueryKey, queryFn: getIntegrationKeys }));

/** POST /api/integration-keys: the new key with its secret, the only time the secret is sent. */
export const createIntegrationKey = async (request: CreateIntegrationKeyRequest) =>
  (await apiPost('/api/integration-keys', request, rowsAnswer(createdIntegrationKeyRow))).data.rows[0];

export const changeIntegrationKeyScopes = async ({ id, ...request }: IntegrationKeyScopesRequest & { id: number }) =>
  (await apiPost(`/api/integration-keys/${id}/scopes`, request, keysAnswer)).data.rows[0];

export const revokeIntegrationKey = async (id: number) => (await apiPost(`/api/integration-keys/${id}/revoke`, {}, keysAnswer)).data.rows[0];

function useKeyMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeysQueryKey }) });
}

export const useCreateIntegrationKey = () => useKeyMutation(createIntegrationKey);
export const useChangeIntegrationKeyScopes = () => useKeyMutation(changeIntegrationKeyScopes);
export const useRevokeIntegrationKey = () => useKeyMutation(revokeIntegrationKey);
