import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserRow } from '@steward/contract/auth';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { PASSKEY_MESSAGES, type PasskeyOptions, passkeyOptionsRow, passkeyRow, passkeySignInAvailabilityRow, type RenamePasskeyRequest } from '@steward/contract/passkeys';
import type { RemoveSecondFactorRequest } from '@steward/contract/second-factor';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/**
 * Passkeys: one's own (account page), and signing in with one (second step, or no password). Each ceremony asks the
 * server for its options, lets the browser (SimpleWebAuthn) talk to the authenticator, and sends the answer back.
 */

/** The options as the server made them with SimpleWebAuthn: the browser library's own JSON shape. */
type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

async function options(path: string): Promise<PasskeyOptions> {
  const row = (await apiPost(path, undefined, rowsAnswer(passkeyOptionsRow))).data.rows[0];
  if (!row) throw new Error('The server gave no passkey options.');
  return row;
}

// The contract checks only the challenge of options the server built with SimpleWebAuthn's generate*Options.
const asCreation = (row: PasskeyOptions) => row as unknown as CreationOptions;
const asRequest = (row: PasskeyOptions) => row as unknown as RequestOptions;

/** The browser's part of a ceremony; its failure (cancelled, no passkey here) is shown as one plain message. */
async function inBrowser<Answer>(ceremony: () => Promise<Answer>): Promise<Answer> {
  try {
    return await ceremony();
  } catch {
    throw new ApiError(PASSKEY_MESSAGES.notUsed, 0, 'none');
  }
}

const listKey = (userId: number) => ['passkeys', userId] as const;

export const ownPasskeysQueryOptions = (userId: number) =>
  queryOptions({ queryKey: listKey(userId), queryFn: async () => (await apiGet(`/api/user/${userId}/passkeys`, rowsAnswer(passkeyRow))).data.rows });

export const useOwnPasskeys = (userId: number) => useQuery(ownPasskeysQueryOptions(userId));

/** A call that changes the member's passkeys, then reads them (and the second factor's state) again. */
function usePasskeysChange<Request, Result>(userId: number, call: (request: Request) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listKey(userId) });
      await queryClient.invalidateQueries({ queryKey: ['second-factor', userId] });
    },
  });
}

export const useAddPasskey = (userId: number) =>
  usePasskeysChange(userId, async ({ name }: { name: string }) => {
    const optionsJSON = asCreation(await options(`/api/user/${userId}/passkeys/options`));
    const created = await inBrowser(() => startRegistration({ optionsJSON }));
    return apiPost(`/api/user/${userId}/passkeys`, { name, response: created }, rowsAnswer(passkeyRow));
  });

export const useRenamePasskey = (userId: number, passkeyId: number) =>
  usePasskeysChange(userId, (request: RenamePasskeyRequest) => apiPost(`/api/user/${userId}/passkeys/${passkeyId}/rename`, request, successAnswer));

export const useRemovePasskey = (userId: number, passkeyId: number) =>
  usePasskeysChange(userId, (request: RemoveSecondFactorRequest) => apiPost(`/api/user/${userId}/passkeys/${passkeyId}/remove`, request, successAnswer));

/** Signs in with a passkey: sign-in's second step, or (no password) from the login screen. */
function usePasskeySignInCall(optionsPath: string, answerPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = asRequest(await options(optionsPath));
      const asserted = await inBrowser(() => startAuthentication({ optionsJSON }));
      return apiPost(answerPath, { response: asserted }, rowsAnswer(currentUserRow));
    },
    onSuccess: (answer) => queryClient.setQueryData(currentUserQueryKey, answer.data.rows[0] ?? null),
  });
}

/** Adds a passkey at sign-in's enrolment step (an administrator requires a second factor); the session starts. */
export function useEnrolPasskeyAndSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name }: { name: string }) => {
      const optionsJSON = asCreation(await options('/api/sign-in/second-factor/passkey/enrol/options'));
      const created = await inBrowser(() => startRegistration({ optionsJSON }));
      return apiPost('/api/sign-in/second-factor/passkey/enrol', { name, response: created }, rowsAnswer(currentUserRow));
    },
    onSuccess: (answer) => queryClient.setQueryData(currentUserQueryKey, answer.data.rows[0] ?? null),
  });
}

export const usePasskeySecondStep = () => usePasskeySignInCall('/api/sign-in/second-factor/passkey/options', '/api/sign-in/second-factor/passkey');
export const usePasskeySignIn = () => usePasskeySignInCall('/api/sign-in/passkey/options', '/api/sign-in/passkey');

/** Whether the login screen offers "Sign in with a passkey" (second factors offered, and a server that can). */
export const usePasskeySignInAvailable = () =>
  useQuery({
    queryKey: ['sign-in', 'passkey'],
    queryFn: async () => (await apiGet('/api/sign-in/passkey', rowsAnswer(passkeySignInAvailabilityRow))).data.rows[0]?.available === true,
    retry: false,
    staleTime: Infinity,
  });
