import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIGHTS_TEXTS } from '@steward/contract/insights';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { rowsBody, stubApi } from '../../../test/stub-api.ts';
import { DocumentHealthCard } from './document-health-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const documentRow = { document_id: 1, title: 'Shipping guide', citations: 0, up: 0, down: 0, last_cited: null };

describe('DocumentHealthCard: the line on synced sources', () => {
  it('names the sources whose last sync failed and those overdue, linking to Documents', async () => {
    stubApi({
      'GET /api/insights/document-health?days=30': () => ({ body: rowsBody([documentRow]) }),
      'GET /api/insights/source-sync-health': () => ({ body: rowsBody([{ failed: 1, overdue: 2 }]) }),
    });
    renderWithProviders(<DocumentHealthCard days={30} />);
    const line = await screen.findByText('1 synced source’s last sync failed; 2 synced sources are overdue for a sync.');
    expect(line).toHaveClass('text-danger-emphasis');
    expect(screen.getByRole('link', { name: INSIGHTS_TEXTS.seeWebsites })).toHaveAttribute('href', '/documents');
    expect(await screen.findByText(/1 of 1 documents never cited in this period\./)).toBeInTheDocument();
  });

  it('shows the line even with no document cited yet, and none when every source is well', async () => {
    stubApi({
      'GET /api/insights/document-health?days=7': () => ({ body: rowsBody([]) }),
      'GET /api/insights/source-sync-health': () => ({ body: rowsBody([{ failed: 0, overdue: 1 }]) }),
    });
    const { unmount } = renderWithProviders(<DocumentHealthCard days={7} />);
    expect(await screen.findByText('1 synced source is overdue for a sync.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const calls = stubApi({
      'GET /api/insights/document-health?days=30': () => ({ body: rowsBody([documentRow]) }),
      'GET /api/insights/source-sync-health': () => ({ body: rowsBody([{ failed: 0, overdue: 0 }]) }),
    });
    renderWithProviders(<DocumentHealthCard days={30} />);
    expect(await screen.findByText(/1 of 1 documents never cited/)).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/insights/source-sync-health'));
    expect(screen.queryByText(/last sync failed|overdue for a sync/)).toBeNull();
    expect(screen.queryByRole('link', { name: INSIGHTS_TEXTS.seeWebsites })).toBeNull();
  });
});
