import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListStatus } from './list-status.tsx';

describe('ListStatus', () => {
  it('says "Loading…" as a status while the first request runs', () => {
    render(<ListStatus loading empty={false} emptyText="No feedback yet." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('No feedback yet.')).toBeNull();
  });

  it('shows its one line when the list loaded without rows', () => {
    render(<ListStatus loading={false} empty emptyText="No feedback yet." />);
    expect(screen.getByText('No feedback yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why the list is empty and what fills it, with the next step', () => {
    render(<ListStatus loading={false} empty emptyText="No conversations yet." emptyHint="Each question a visitor asks appears here." emptyAction={<a href="/demo">Try the bot</a>} />);
    expect(screen.getByText('No conversations yet.')).toBeInTheDocument();
    expect(screen.getByText('Each question a visitor asks appears here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the bot' })).toHaveAttribute('href', '/demo');
  });

  it('shows nothing for a list with rows or a failed load (spec section 8)', () => {
    const { container } = render(<ListStatus loading={false} empty={false} emptyText="No feedback yet." />);
    expect(container).toBeEmptyDOMElement();
  });
});
