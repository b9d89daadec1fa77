import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';
import { ssoQuery } from '../../../lib/sso-availability.ts';
import { ssoEndSessionUrl } from './sso.ts';

export const logout = () => apiGet('/api/logout', successAnswer);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // With single sign-on on, the provider's logout URL is asked first (it needs the session), then the spec's logout.
    mutationFn: async () => {
      const sso = await queryClient.fetchQuery(ssoQuery).catch(() => null);
      const endSessionUrl = sso ? await ssoEndSessionUrl().catch(() => null) : null;
      await logout();
      return { endSessionUrl };
    },
    onSuccess: ({ endSessionUrl }) => {
      // The provider ends its session too, and sends the browser back to the login screen.
      if (endSessionUrl) window.location.assign(endSessionUrl);
      // The user first, so the login gate unmounts the dashboard; then everything else it had read,
      // without giving a mounted screen the chance to fetch again while signed out.
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== ssoQuery.queryKey[0] });
    },
  });
}
