import { createContext, useContext } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUserRow, type CurrentUser } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/**
 * The signed-in user, or null when the server says there is none. A passing fault (no answer, a 5xx while an
 * instance restarts, 408, 429) is thrown, so the query asks again before the gate shows the login form: the spec
 * treats a failure as not logged in, and so do the gates, only after the retries below.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const answer = await apiGet('/api/authenticate-user', rowsAnswer(currentUserRow));
    return answer.data.rows[0] ?? null;
  } catch (error) {
    if (isPassingFault(error)) throw error;
    return null;
  }
}

const isPassingFault = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429);

/** Asked up to three times more, 0.5 s, 1 s and 2 s apart, before a passing fault counts as not logged in. */
export const CURRENT_USER_RETRIES = 3;
const retryDelayMs = (attempt: number): number => 500 * 2 ** attempt;

export const currentUserQueryKey = ['current-user'] as const;

export const getCurrentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 60_000, retry: CURRENT_USER_RETRIES, retryDelay: retryDelayMs });

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
