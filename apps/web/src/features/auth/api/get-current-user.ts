import { createContext, useContext } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUserRow, type CurrentUser } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

/** The signed-in user, or null: any failure of GET /api/authenticate-user counts as not logged in. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const answer = await apiGet('/api/authenticate-user', rowsAnswer(currentUserRow));
    return answer.data.rows[0] ?? null;
  } catch {
    return null;
  }
}

export const currentUserQueryKey = ['current-user'] as const;

export const getCurrentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 60_000 });

export const useCurrentUser = () => useQuery(getCurrentUserQueryOptions());

/**
 * The login gate hands the user it checked to the screens below it. Reading it from here, not from
 * the query, means a screen never sees the moment the user becomes null (logout, an expired session):
 * the gate unmounts it first.
 */
export const SignedInUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user, inside the login gate (which renders nothing until it is known). */
export function useSignedInUser(): CurrentUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is only for screens behind the login gate.');
  return user;
}
