import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_MESSAGES, type DocumentChunkRow, type DocumentChunksSummaryRow } from '@steward/contract/document-chunks';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { failureBody, rowsBody, stubApi } from '../../../test/stub-api.ts';
import { adminFixture, viewerFixture } from '../document-row.fixture.ts';
import { DocumentChunksScreen } from './document-chunks-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const summary: DocumentChunksSummaryRow = {
  id: 4,
  title: 'Help centre: shipping',
  filename: 'shipping.html',
  source_url: 'https://help.example.com/shipping',
  status: 'completed',
  site_id: 9,
  chunks: 2,
  excluded_chunks: 1,
};
const chunk = (values: Partial<DocumentChunkRow>): DocumentChunkRow => ({
  id: 11,
  chunk_index: 0,
  text: 'We ship within two days.',
  heading: 'Shipping › Times',
  page: null,
  page_end: null,
  excluded: false,
  excluded_by: null,
  excluded_at: null,
  total_count: 2,
  ...values,
});
const cookie = chunk({ id: 12, chunk_index: 1, text: 'This site uses cookies.', heading: null, excluded: true, excluded_by: 'Ada Admin', excluded_at: '2026-03-04T12:00:00.000Z' });

describe('DocumentChunksScreen', () => {
  it('shows each passage with its place, section and address, an excluded one marked with who excluded it; a viewer gets no button', async () => {
    stubApi({
      'GET /api/documents/4/chunks/0': () => ({ body: rowsBody([chunk({}), cookie]) }),
      'GET /api/documents/4/chunks': () => ({ body: rowsBody([summary]) }),
    });
    renderWithProviders(<DocumentChunksScreen documentId={4} pageIndex={0} search="" viewer={viewerFixture} />);
    const list = within(await screen.findByRole('list', { name: 'Passages of this document' }));
    const [first, second] = list.getAllByRole('listitem');
    expect(first).toHaveTextContent('Passage 1');
    expect(first).toHaveTextContent('Section: Shipping › Times');
    expect(first).toHaveTextContent('https://help.example.com/shipping');
    expect(first).not.toHaveTextContent(CHUNK_MESSAGES.excluded);
    expect(second).toHaveTextContent(`Passage 2${CHUNK_MESSAGES.excluded}`);
    expect(second).toHaveTextContent('Excluded by Ada Admin on March 4, 2026');
    expect(second).toHaveClass('document-chunk-excluded');
    expect(screen.getByTestId('chunk-counts')).toHaveTextContent('2 in all, 1 excluded from answers');
    expect(screen.queryByRole('button', { name: /from answers|in answers/ })).toBeNull();
  });

  it('lets an administrator exclude a passage and include one again, through the server', async () => {
    const calls = stubApi({
      'POST /api/documents/4/chunks/11/exclude': () => ({ body: rowsBody([chunk({ excluded: true, excluded_by: 'Ada Admin', excluded_at: '2026-03-04T12:00:00.000Z' })]) }),
      'POST /api/documents/4/chunks/12/include': () => ({ body: rowsBody([chunk({ id: 12 })]) }),
      'GET /api/documents/4/chunks/0': () => ({ body: rowsBody([chunk({}), cookie]) }),
      'GET /api/documents/4/chunks': () => ({ body: rowsBody([summary]) }),
    });
    renderWithProviders(<DocumentChunksScreen documentId={4} pageIndex={0} search="" viewer={adminFixture} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Exclude from answers' }));
    await userEvent.click(screen.getByRole('button', { name: 'Include in answers' }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/documents/4/chunks/11/exclude', '/api/documents/4/chunks/12/include']);
  });

  it('says when no passage matches the search, and shows the server’s refusal of a document that does not exist', async () => {
    stubApi({
      'GET /api/documents/4/chunks/0?search=zeppelin': () => ({ body: rowsBody([]) }),
      'GET /api/documents/4/chunks': () => ({ body: rowsBody([summary]) }),
      'GET /api/documents/5/chunks': () => ({ status: 404, body: failureBody(CHUNK_MESSAGES.documentNotFound) }),
    });
    const { unmount } = renderWithProviders(<DocumentChunksScreen documentId={4} pageIndex={0} search="zeppelin" viewer={viewerFixture} />);
    expect(await screen.findByText(CHUNK_MESSAGES.noMatches)).toBeInTheDocument();
    unmount();
    renderWithProviders(<DocumentChunksScreen documentId={5} pageIndex={0} search="" viewer={viewerFixture} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_MESSAGES.documentNotFound);
  });
});
