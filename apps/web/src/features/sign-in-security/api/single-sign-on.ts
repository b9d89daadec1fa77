import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { type SaveSsoSettingsRequest, ssoSettingsRow } from '@steward/contract/single-sign-on';
import { userListRow } from '@steward/contract/user-accounts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** Sign-in security's single sign-on: the settings (GET/POST /api/sso-settings) and the administrators to choose from. */
const settingsKey = ['sso-settings'] as const;

export const useSsoSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: async () => (await apiGet('/api/sso-settings', rowsAnswer(ssoSettingsRow))).data.rows[0] ?? null });

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SaveSsoSettingsRequest) => apiPost('/api/sso-settings', settings, successAnswer),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: settingsKey }), queryClient.invalidateQueries({ queryKey: ['sso'] })]),
  });
}

/** The administrators of the users list's first page (staff number in the dozens), as break-glass candidates. */
export const useAdministrators = () =>
  useQuery({
    queryKey: ['sso-administrators'],
    queryFn: async () => (await apiGet('/api/users/0', rowsAnswer(userListRow))).data.rows.filter((user) => user.role === 'admin'),
  });
