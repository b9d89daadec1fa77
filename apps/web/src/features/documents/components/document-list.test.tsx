import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRow } from '@steward/contract/documents';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { rowsBody, stubApi } from '../../../test/stub-api.ts';
import { adminFixture, documentRowFixture } from '../document-row.fixture.ts';
import { DocumentList } from './document-list.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Answers GET /api/documents/… with each page in turn, then the last one again. */
function answerPages(...pages: DocumentRow[][]) {
  let answered = 0;
  return stubApi({
    'GET /api/documents/': () => ({ body: rowsBody(pages[Math.min(answered++, pages.length - 1)] ?? []) }),
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('DocumentList', () => {
  it('shows the upload date, uploader, filename, title, source link and status of each document', async () => {
    answerPages([
      documentRowFixture({ id: 3, total_count: 3 }),
      documentRowFixture({ id: 2, title: 'Price list', filename: 'prices.csv', status: 'error', error: 'The file has no text.', total_count: 3 }),
      documentRowFixture({ id: 1, title: 'Old page', source_url: 'javascript:alert(1)', total_count: 3 }),
    ]);
    renderWithProviders(<DocumentList pageIndex={0} viewer={adminFixture} />);

    const warranty = within(await screen.findByRole('article', { name: 'Warranty terms' }));
    expect(warranty.getByText('March 4, 2026')).toBeInTheDocument();
    expect(warranty.getByText('Ada Admin')).toBeInTheDocument();
    expect(warranty.getByText('warranty-terms.pdf')).toBeInTheDocument();
    expect(warranty.getByText('Completed')).toBeInTheDocument();
    const link = warranty.getByRole('link', { name: 'https://shop.example.com/warranty' });
    expect(link).toHaveAttribute('href', 'https://shop.example.com/warranty');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(warranty.getByRole('link', { name: 'Warranty terms' })).toHaveAttribute('href', '/documents/3/chunks');

    const prices = within(card('Price list'));
    expect(prices.getByText('Error')).toBeInTheDocument();
    expect(prices.getByText('The file has no text.')).toBeInTheDocument();

    const old = within(card('Old page'));
    expect(old.getByText('javascript:alert(1)')).toBeInTheDocument();
    // Its only link is to its passages: the source is not one.
    expect(old.getAllByRole('link').map((element) => element.getAttribute('href'))).toEqual(['/documents/1/chunks']);
  });

  it('shows a replacement in progress with the new filename', async () => {
    answerPages([documentRowFixture({ status: 'in_progress', replacing_filename: 'warranty-2027.pdf' })]);
    renderWithProviders(<DocumentList pageIndex={0} viewer={adminFixture} />);
    const warranty = within(await screen.findByRole('article', { name: 'Warranty terms' }));
    expect(warranty.getByText('In progress')).toBeInTheDocument();
    expect(warranty.getByText('Replacing with warranty-2027.pdf')).toBeInTheDocument();
  });

  it('asks for the page every 2 seconds while a document is in progress, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answerPages(
      [documentRowFixture({ status: 'in_progress' })],
      [documentRowFixture({ status: 'in_progress' })],
      [documentRowFixture({ status: 'completed' })],
    );
    renderWithProviders(<DocumentList pageIndex={0} viewer={adminFixture} />);
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls).toHaveLength(2);
    expect(screen.getByText('In progress')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(calls).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls).toHaveLength(3);
  });

  it('does not poll a page with nothing in progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answerPages([documentRowFixture({ status: 'error', error: 'Unreadable PDF.' })]);
    renderWithProviders(<DocumentList pageIndex={0} viewer={adminFixture} />);
    expect(await screen.findByText('Unreadable PDF.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(1);
  });

  it('asks for the zero-based page of the one-based route and links the pages', async () => {
    const calls = answerPages([documentRowFixture({ total_count: 45 })]);
    renderWithProviders(<DocumentList pageIndex={1} viewer={adminFixture} />);
    expect(await screen.findByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/documents/page/3');
    expect(calls[0]?.path).toBe('/api/documents/1');
  });
});
