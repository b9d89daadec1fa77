import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';
import { ssoQuery } from '../../../lib/sso-availability.ts';
import { ssoEndSessionUrl } from './sso.ts';

export const logout = () => apiGet('/api/logout', successAnswer);

/**
 * What the dashboard does once its session has ended (logout, or ending this session from the Sessions page): the
 * user first, so the login gate unmounts the dashboard; then everything else it had read, without giving a mounted
 * screen the chance to fetch again while signed out.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQueryKey, null);
  // Whether single sign-on is on is no one's data: the login screen goes on showing its button.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== ssoQuery.queryKey[0] });
}

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
      forgetSignedInUser(queryClient);
    },
  });
}
