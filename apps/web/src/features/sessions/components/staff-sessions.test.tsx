import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_LIST_MESSAGES, MEMBER_LIST_PAGE_SIZE } from '@steward/contract/member-lists';
import type { StaffSessionsRow } from '@steward/contract/sessions';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { StaffSessions } from './staff-sessions.tsx';

/** A signed-in team of 23: the server's pages of ten, and its search by a part of the name. */
const team: StaffSessionsRow[] = Array.from({ length: 23 }, (_, index) => ({
  id: index + 1,
  name: `Member ${index + 1}`,
  email: `member${index + 1}@example.com`,
  sessions: 1,
  last_seen_at: '2026-11-29T10:00:00.000Z',
}));

function stubTheTeam(members: StaffSessionsRow[] = team) {
  return stubApi({
    'GET /api/staff-sessions': ({ path }) => {
      const query = new URL(path, 'http://localhost').searchParams;
      const found = members.filter((member) => member.name.toLowerCase().includes((query.get('search') ?? '').toLowerCase()));
      const page = Number(query.get('page'));
      return { body: { success: true, data: { rows: found.slice(page * MEMBER_LIST_PAGE_SIZE, (page + 1) * MEMBER_LIST_PAGE_SIZE), total_count: found.length } } };
    },
  });
}

const names = () => within(screen.getByRole('table', { name: 'Signed-in staff' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Signed-in staff', () => {
  it('shows ten a page, says which, and pages forward and back', async () => {
    const calls = stubTheTeam();
    renderWithProviders(<StaffSessions />);
    await waitFor(() => expect(names()).toHaveLength(MEMBER_LIST_PAGE_SIZE));
    const pages = screen.getByRole('navigation', { name: 'Signed-in staff pages' });
    expect(pages).toHaveTextContent('1–10 of 23');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages).toHaveTextContent('11–20 of 23'));
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()).toEqual(['Member 21', 'Member 22', 'Member 23']));
    expect(pages).toHaveTextContent('21–23 of 23');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.map((call) => call.path)).toEqual(['/api/staff-sessions?page=0', '/api/staff-sessions?page=1', '/api/staff-sessions?page=2']);
  });

  it('finds a member by a part of the name from the first page, and says when nobody matches', async () => {
    const calls = stubTheTeam();
    renderWithProviders(<StaffSessions />);
    const search = await screen.findByRole('searchbox', { name: MEMBER_LIST_MESSAGES.searchLabel });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(search, 'member 2');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(names()).toEqual(['Member 2', 'Member 20', 'Member 21', 'Member 22', 'Member 23']));
    expect(calls.at(-1)?.path).toBe('/api/staff-sessions?search=member+2&page=0');
    expect(screen.queryByRole('navigation', { name: 'Signed-in staff pages' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(MEMBER_LIST_MESSAGES.noMatches)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Signed-in staff' })).toBeNull();
  });

  it('goes back to the last page when the one shown empties', async () => {
    const members = team.slice(0, MEMBER_LIST_PAGE_SIZE + 1);
    const calls = stubTheTeam(members);
    const { queryClient } = renderWithProviders(<StaffSessions />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()).toEqual(['Member 11']));
    // Member 11's sessions end elsewhere; the next read of page 2 is empty.
    members.pop();
    await queryClient.invalidateQueries();
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/staff-sessions?page=0'));
    await waitFor(() => expect(names()).toHaveLength(MEMBER_LIST_PAGE_SIZE));
    expect(screen.queryByRole('navigation', { name: 'Signed-in staff pages' })).toBeNull();
  });
});
