import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveBotSettingsRequest } from '@steward/contract/bot-settings';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { botSettingsQueryKey } from './get-bot-settings.ts';

export const saveBotSettings = (request: SaveBotSettingsRequest) => apiPost('/api/bot-settings', request, successAnswer);

export function useSaveBotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBotSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botSettingsQueryKey }),
  });
}
