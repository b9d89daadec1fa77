import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@steward/contract/auth';
import { SignedInUserContext } from '../features/auth/api/get-current-user.ts';
import { ThemeToggle } from './theme-toggle.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The server (and so the signed-in user the layout reads) has not answered yet: the save never returns here. */
function renderToggle(compact: boolean) {
  const saves: unknown[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    saves.push(JSON.parse(String(init.body)));
    return new Promise<Response>(() => undefined);
  });
  const user: CurrentUser = { id: 7, name: 'Vic', email: 'vic@example.com', theme: 'light', role: 'viewer', capabilities: [] };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignedInUserContext value={user}>
        <ThemeToggle compact={compact} />
      </SignedInUserContext>
    </QueryClientProvider>,
  );
  return saves;
}

describe('ThemeToggle', () => {
  it('turns on in the same event as the click, before the save or the user read settles', async () => {
    const saves = renderToggle(false);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(saves).toEqual([{ id: 7, theme: 'dark' }]));
    expect(toggle).toBeChecked();
  });

  it('does the same as the collapsed rail’s icon button', () => {
    renderToggle(true);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});
