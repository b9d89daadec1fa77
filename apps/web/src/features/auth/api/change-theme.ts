import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeThemeRequest, CurrentUser } from '@steward/contract/auth';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { rememberTheme } from '../../../lib/theme.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export const changeTheme = (request: ChangeThemeRequest) => apiPost('/api/user/change-theme', request, successAnswer);

/**
 * Switches at once and saves to the server on every change. A read of the user still on its way would
 * answer the old theme and switch it back: it is cancelled first. A change the server refuses is undone.
 */
export function useChangeTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTheme,
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
      const before = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
      rememberTheme(request.theme);
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) => (user ? { ...user, theme: request.theme } : user));
      return { before };
    },
    onError: (_error, _request, context) => {
      const before = context?.before;
      if (!before) return;
      rememberTheme(before.theme);
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) => (user ? { ...user, theme: before.theme } : user));
    },
  });
}
