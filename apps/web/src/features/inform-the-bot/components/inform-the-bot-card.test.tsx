import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Capability } from '@steward/contract/access';
import type { InformTheBotRow } from '@steward/contract/inform-the-bot';
import type { StaffMember } from '@steward/contract/permissions';
import { InformTheBotCard } from './inform-the-bot-card.tsx';

const row: InformTheBotRow = {
  id: 1,
  user_id: 10,
  last_author_id: 20,
  time: '2026-03-04T12:00:00.000Z',
  content: 'We ship to Canada.',
  name: 'Ada Author',
  status: 'pending',
  type: 'information',
  question: null,
  total_count: 1,
};

const viewer = (
  id: number,
  role: StaffMember['role'] = 'viewer',
  capabilities: Capability[] = ['read_inform_the_bot', 'create_inform_the_bot'],
): StaffMember => ({
  id,
  role,
  capabilities,
});

const renderCard = (cardRow: InformTheBotRow, cardViewer: StaffMember) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InformTheBotCard row={cardRow} viewer={cardViewer} />
    </QueryClientProvider>,
  );

describe('InformTheBotCard', () => {
  it('shows date, author and content', () => {
    renderCard(row, viewer(30));
    expect(screen.getByText('Ada Author')).toBeInTheDocument();
    expect(screen.getByText('We ship to Canada.')).toBeInTheDocument();
    expect(screen.getByText(/March 4, 2026/)).toBeInTheDocument();
  });

  it('offers Approve to someone other than the last author, a viewer too, and says who may approve', () => {
    renderCard(row, viewer(10));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByText(/^Waiting for another team member: anyone who may add information, except the author of this text, may approve it\.$/)).toBeInTheDocument();
  });

  it('gives the last author a disabled "Pending approval"', () => {
    renderCard(row, viewer(20));
    expect(screen.getByRole('button', { name: 'Pending approval' })).toBeDisabled();
    expect(screen.getByText(/^Waiting for another team member: you wrote this text, so someone else approves it\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows no approval button once approved', () => {
    renderCard({ ...row, status: 'approved' }, viewer(30));
    expect(screen.queryByRole('button', { name: /Approv/ })).not.toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });

  it('gives delete to admins only, and edit and approve only with create_inform_the_bot', () => {
    const { unmount } = renderCard(row, viewer(30, 'admin'));
    expect(screen.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    unmount();
    renderCard(row, viewer(30, 'viewer', ['read_inform_the_bot']));
    expect(screen.queryByRole('button', { name: /Delete|Edit|Approve/ })).not.toBeInTheDocument();
  });
});
