import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeThemeRequest, CurrentUser } from '@steward/contract/auth';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { rememberTheme } from '../../../lib/theme.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export const changeTheme = (request: ChangeThemeRequest) => apiPost('/api/user/change-theme', request, successAnswer);

/** Switches at once and saves to the server on every change. */
export function useChangeTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTheme,
    onMutate: (request) => {
      rememberTheme(request.theme);
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, theme: request.theme } : user,
      );
    },
  });
}
