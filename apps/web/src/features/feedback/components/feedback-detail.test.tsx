import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@steward/contract/auth';
import type { FeedbackRow } from '@steward/contract/feedback';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { FeedbackDetail } from './feedback-detail.tsx';

const feedback = (rating: 'up' | 'down'): FeedbackRow => ({
  id: 7,
  user_ip: '192.0.2.1',
  country: 'NZ',
  time: '2026-01-01T00:00:00.000Z',
  user_feedback: 'meh',
  reason: '["Too long","Wrong"]',
  user_message: 'What is the warranty?',
  api_response: '<p>Two <b>years</b></p>',
  rating,
  session_id: 'abc',
  total_count: 1,
});

const user = (role: 'admin' | 'viewer', capabilities: CurrentUser['capabilities']): CurrentUser => ({
  id: 1,
  name: 'Ann',
  email: 'ann@example.com',
  theme: 'light',
  role,
  capabilities,
});

function renderDetail(row: FeedbackRow, viewer: CurrentUser) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: { rows: [row] } }))));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/feedback/7']}>
        <Routes>
          <Route path="/feedback/:id" element={<FeedbackDetail viewer={viewer} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const FORM_TITLE = 'Type correct answer to the question below.';

describe('FeedbackDetail', () => {
  it('gives an admin the shortcut and the form on a down rating', async () => {
    renderDetail(feedback('down'), user('admin', ['create_inform_the_bot']));
    expect(await screen.findByRole('button', { name: 'Inform the Bot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: FORM_TITLE })).toBeInTheDocument();
    expect(screen.getByText('Too long')).toBeInTheDocument();
    expect(screen.getByText('Wrong')).toBeInTheDocument();
  });

  it('tells a viewer who saves a correction who approves it: any other team member who may add information', async () => {
    renderDetail(feedback('down'), user('viewer', ['create_inform_the_bot']));
    expect(await screen.findByRole('heading', { name: FORM_TITLE })).toBeInTheDocument();
    expect(screen.getByTestId('correction-approval-rule')).toHaveTextContent(
      `The bot answers with it once another team member approves it in Inform the Bot. ${INFORM_THE_BOT_MESSAGES.approvalRule}`,
    );
    expect(screen.getByTestId('correction-approval-rule')).not.toHaveTextContent(/administrator/i);
  });

  it('hides the shortcut on an up rating', async () => {
    renderDetail(feedback('up'), user('admin', ['create_inform_the_bot']));
    expect(await screen.findByRole('heading', { name: FORM_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inform the Bot' })).toBeNull();
  });

  it('shows neither form nor shortcut without create_inform_the_bot', async () => {
    renderDetail(feedback('down'), user('admin', []));
    expect(await screen.findByText('What is the warranty?')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: FORM_TITLE })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Inform the Bot' })).toBeNull();
  });
});
