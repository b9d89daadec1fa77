import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '@steward/contract/history';
import { AccountDetails, distinctAccounts } from './account-details.tsx';

const row = (account: string | null): HistoryRow => ({
  id: 1,
  session_id: 's',
  user_message: 'q',
  api_response: 'a',
  source_docs: [],
  origin: null,
  account,
  time: '2026-01-01T00:00:00.000Z',
  country: '',
  user_ip: '',
  coverage_gap: false,
  rating: null,
  help_request: false,
  total_count: 1,
});

describe('distinctAccounts', () => {
  it('keeps each account once, in order, and skips anonymous and unreadable ones', () => {
    const ann = JSON.stringify({ primary_id: '1', email: 'ann@example.com' });
    const annAgain = JSON.stringify({ email: 'ann@example.com', primary_id: '1' });
    const bob = JSON.stringify({ secondary_id: '9' });
    expect(distinctAccounts([row(ann), row(null), row(annAgain), row('not json'), row(bob)])).toEqual([
      { primary_id: '1', email: 'ann@example.com' },
      { secondary_id: '9' },
    ]);
  });
});

describe('AccountDetails', () => {
  it('shows "Undefined" for a missing first identifier', () => {
    render(<AccountDetails account={{ secondary_id: 'store-4', email: 'bob@example.com' }} />);
    expect(screen.getByRole('region', { name: 'Account Details' })).toHaveTextContent('Undefined');
    expect(screen.getByText('store-4')).toBeInTheDocument();
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
  });
});
