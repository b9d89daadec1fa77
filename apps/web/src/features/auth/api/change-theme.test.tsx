import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@steward/contract/auth';
import { rememberedTheme } from '../../../lib/theme.ts';
import { failureBody, rowsBody, stubApi } from '../../../test/stub-api.ts';
import { useChangeTheme } from './change-theme.ts';
import { currentUserQueryKey, getCurrentUserQueryOptions } from './get-current-user.ts';

const user: CurrentUser = { id: 7, name: 'Vic', email: 'vic@example.com', theme: 'light', role: 'viewer', capabilities: [] };

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(currentUserQueryKey, user);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useChangeTheme(), { wrapper });
  const theme = () => queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey)?.theme;
  return { queryClient, result, theme };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('useChangeTheme', () => {
  it('keeps the new theme when a read of the user started before the switch answers the old one after it', async () => {
    let answerRead: (answer: { body: unknown }) => void = () => undefined;
    const calls = stubApi({
      'GET /api/authenticate-user': () => new Promise((resolve) => (answerRead = resolve)),
      'POST /api/user/change-theme': () => ({ body: { success: true } }),
    });
    const { queryClient, result, theme } = setUp();
    const reading = queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 }).catch(() => undefined);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/authenticate-user'));

    await act(async () => {
      await result.current.mutateAsync({ id: user.id, theme: 'dark' });
    });
    answerRead({ body: rowsBody([user]) });
    await reading;

    expect(theme()).toBe('dark');
    expect(rememberedTheme()).toBe('dark');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ id: 7, theme: 'dark' });
  });

  it('undoes a change the server refuses, on the screen and in this browser', async () => {
    stubApi({ 'POST /api/user/change-theme': () => ({ status: 400, body: failureBody('Invalid theme.') }) });
    const { result, theme } = setUp();

    await act(async () => {
      await result.current.mutateAsync({ id: user.id, theme: 'dark' }).catch(() => undefined);
    });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(theme()).toBe('light');
    expect(rememberedTheme()).toBe('light');
  });
});
