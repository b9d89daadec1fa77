import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import type { StaffMember } from '@steward/contract/permissions';
import { approvalQueueQueryKey } from '../api/get-approval-queue.ts';
import { ApproverHint } from './approver-hint.tsx';

const admin: StaffMember = { id: 1, role: 'admin', capabilities: [...DEFAULT_ROLE_CAPABILITIES.admin] };
const approverWithoutAddUser: StaffMember = { ...admin, capabilities: admin.capabilities.filter((capability) => capability !== 'create_user') };

/** The hint with the approval queue's answer already known (as after GET /api/inform-the-bot/approval-queue). */
function renderHint(viewer: StaffMember, approvers: number) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(approvalQueueQueryKey, { awaiting_you: 0, approvers });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApproverHint viewer={viewer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ApproverHint', () => {
  it('with one approver, says nothing they add can be approved and links an administrator to Add user', () => {
    renderHint(admin, 1);
    expect(screen.getByText(INFORM_THE_BOT_MESSAGES.onlyApprover, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add user' })).toHaveAttribute('href', '/user-accounts/add');
  });

  it('tells an approver who may not add users to ask an administrator', () => {
    renderHint(approverWithoutAddUser, 1);
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.getByText('Ask an administrator to add one.', { exact: false })).toBeInTheDocument();
  });

  it('says nothing with a second approver', () => {
    const { container } = renderHint(admin, 2);
    expect(container).toBeEmptyDOMElement();
  });
});
