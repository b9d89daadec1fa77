import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@steward/contract/auth';
import type { HelpRequest } from '@steward/contract/help-requests';
import { countryLabel, HelpRequestDetail } from './help-request-detail.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { isHttpUrl } from '../../../lib/safe-url.ts';

const helpRequest: HelpRequest = {
  id: 7,
  user_ip: '81.2.69.160',
  country: 'GB',
  time: '2026-03-04T15:07:00.000Z',
  name: '<img src=x onerror=alert(1)>',
  email: 'ada@example.com',
  message: 'Help',
  origin_url: 'https://shop.example.com/',
  status: 'pending',
};

const viewer = (capabilities: CurrentUser['capabilities']): CurrentUser => ({
  id: 1,
  name: 'Vic',
  email: 'vic@example.com',
  theme: 'light',
  role: 'viewer',
  capabilities,
});

function renderDetail(user: CurrentUser) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: { rows: [helpRequest] } }), { status: 200 })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <HelpRequestDetail id={7} viewer={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('HelpRequestDetail', () => {
  it('offers "Mark as Resolved" to staff with update_help_request_status', async () => {
    renderDetail(viewer(['update_help_request_status']));
    expect(await screen.findByRole('button', { name: 'Mark as Resolved' })).toBeInTheDocument();
  });

  it('offers no action without update_help_request_status, and shows fields as text', async () => {
    renderDetail(viewer(['read_documents']));
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark as Resolved|Reopen Request/ })).toBeNull();
  });
});

describe('origin links', () => {
  it.each([
    ['https://a.example/x', true],
    ['http://a.example', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['/relative', false],
    [null, false],
  ])('treats %s as http(s): %s', (url, expected) => {
    expect(isHttpUrl(url)).toBe(expected);
  });

  it('renders a non-http URL as text, never as a link', () => {
    render(<ExternalLink href="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});

describe('countryLabel', () => {
  it('names a code and says Unknown for none', () => {
    expect(countryLabel('GB')).toBe('United Kingdom (GB)');
    expect(countryLabel('')).toBe('Unknown');
  });
});
