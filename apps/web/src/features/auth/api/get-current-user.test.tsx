import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@steward/contract/auth';
import { failureBody, rowsBody, stubApi } from '../../../test/stub-api.ts';
import { CURRENT_USER_RETRIES, useCurrentUser } from './get-current-user.ts';

const user: CurrentUser = { id: 7, name: 'Vic', email: 'vic@example.com', theme: 'light', role: 'viewer', capabilities: [] };

/** The hook as the gates use it, in the app's own client (whose default is one retry). */
function renderCurrentUser() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCurrentUser(), { wrapper }).result;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useCurrentUser', () => {
  it('asks again when the server answers 503 once (an instance restarting), and the member stays signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    stubApi({
      'GET /api/authenticate-user': () => {
        asked += 1;
        return asked === 1 ? { status: 503, body: failureBody('The database cannot be reached.') } : { body: rowsBody([user]) };
      },
    });
    const result = renderCurrentUser();
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(500);
      expect(result.current.data).toEqual(user);
    });
    expect(asked).toBe(2);
  });

  it('is not logged in at once when the server says so (401): no second ask', async () => {
    const calls = stubApi({ 'GET /api/authenticate-user': () => ({ status: 401, body: failureBody('Not logged in.') }) });
    const result = renderCurrentUser();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('counts a fault that lasts as not logged in (the spec), after its retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({ 'GET /api/authenticate-user': () => ({ status: 502, body: undefined }) });
    const result = renderCurrentUser();
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(result.current.isPending).toBe(false);
    });
    expect(result.current.data).toBeUndefined();
    expect(calls).toHaveLength(1 + CURRENT_USER_RETRIES);
  });
});
