import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Capability } from '@steward/contract/access';
import type { CurrentUser } from '@steward/contract/auth';
import { SignedInUserContext } from '../features/auth/api/get-current-user.ts';
import { openHelpRequestCountQueryKey } from '../features/help-requests/api/get-open-help-request-count.ts';
import { Sidebar } from './sidebar.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderSidebar(capabilities: Capability[], openHelpRequests: number, collapsed = false, role: CurrentUser['role'] = 'viewer') {
  // Any call the sidebar makes on its own answers with the same count the cache holds.
  vi.stubGlobal('fetch', async () => Response.json({ success: true, data: { rows: [{ total_count: openHelpRequests }] } }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const user: CurrentUser = { id: 7, name: 'Vic', email: 'vic@example.com', theme: 'light', role, capabilities };
  queryClient.setQueryData(openHelpRequestCountQueryKey, openHelpRequests);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SignedInUserContext value={user}>
          <Sidebar collapsed={collapsed} onToggleCollapsed={() => undefined} />
        </SignedInUserContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('Sidebar', () => {
  it('hides the entries whose capability the user lacks, keeping the spec order', () => {
    const sidebar = renderSidebar([], 0);
    expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'History',
      'Feedback',
      'Help Requests',
      'Bot Settings',
      'Insights',
    ]);
  });

  it('shows Documents, Inform the Bot, User Accounts and Audit Log with their read capabilities', () => {
    const sidebar = renderSidebar(['read_documents', 'read_inform_the_bot', 'read_user_accounts', 'read_audit_log'], 0);
    expect(sidebar.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/home',
      '/history',
      '/feedback',
      '/help-requests',
      '/documents',
      '/inform-the-bot',
      '/bot-settings',
      '/user-accounts',
      '/audit-log',
      '/insights',
    ]);
  });

  it('shows an administrator Integrations then Sign-in security, last', () => {
    const links = renderSidebar([], 0, false, 'admin').getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.slice(-3)).toEqual(['/insights', '/integrations', '/sign-in-security']);
  });

  it('shows the open help request badge only above zero', () => {
    expect(renderSidebar([], 3).getByLabelText('3 open help requests')).toHaveTextContent('3');
  });

  it('has no badge at zero', () => {
    expect(renderSidebar([], 0).queryByLabelText(/open help requests/)).toBeNull();
  });

  it('keeps every name and the badge in the collapsed rail, with icon-only theme and logout buttons', () => {
    const sidebar = renderSidebar([], 2, true);
    expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'History', 'Feedback', 'Help Requests2', 'Bot Settings', 'Insights']);
    expect(sidebar.getByRole('link', { name: 'History' }).querySelector('svg')).not.toBeNull();
    expect(sidebar.getByLabelText('2 open help requests')).toHaveTextContent('2');
    expect(sidebar.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'false');
    expect(sidebar.getByRole('button', { name: 'Logout' })).not.toHaveTextContent('Logout');
    expect(sidebar.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });
});
