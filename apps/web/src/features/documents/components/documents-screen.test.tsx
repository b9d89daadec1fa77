import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentIndexingRow } from '@steward/contract/documents';
import { KNOWLEDGE_REINDEX_POLL_MS, type KnowledgeReindexRow } from '@steward/contract/knowledge-reindex';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { rowsBody, stubApi } from '../../../test/stub-api.ts';
import { REINDEX_POLL_MS } from '../api/get-document-indexing.ts';
import { documentRowFixture, viewerFixture } from '../document-row.fixture.ts';
import { DocumentsScreen } from './documents-screen.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const UPDATE_TEXT = /^Updating the knowledge index after an upgrade/;

/** Answers GET /api/document-indexing with each state in turn, then the last one again; the list with one document. */
function answerIndexing(...states: DocumentIndexingRow['reindex'][]) {
  let answered = 0;
  const calls = stubApi({
    'GET /api/document-indexing': () => ({ body: rowsBody([{ documents_indexing: 0, reindex: states[Math.min(answered++, states.length - 1)] ?? null }]) }),
    'GET /api/documents/': () => ({ body: rowsBody([documentRowFixture()]) }),
    'GET /api/knowledge/reindex': () => ({ body: rowsBody([{ state: 'idle', done: 0, total: 0, error: null }]) }),
  });
  return () => calls.filter((call) => call.path === '/api/document-indexing').length;
}

/** Answers GET /api/knowledge/reindex with each state in turn, then the last one again. */
function answerEmbedderReindex(...states: KnowledgeReindexRow[]) {
  let answered = 0;
  const calls = stubApi({
    'GET /api/document-indexing': () => ({ body: rowsBody([{ documents_indexing: 0, reindex: null }]) }),
    'GET /api/documents/': () => ({ body: rowsBody([documentRowFixture()]) }),
    'GET /api/knowledge/reindex': () => ({ body: rowsBody([states[Math.min(answered++, states.length - 1)]]) }),
  });
  return () => calls.filter((call) => call.path === '/api/knowledge/reindex').length;
}

const EMBEDDER_TEXT = /^Re-indexing the knowledge for the new embedder/;

describe('DocumentsScreen: the re-index after a change of embedder', () => {
  it('shows its progress while it runs, its failure while it waits to try again, asks again every 3 seconds, and goes once done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reindexCalls = answerEmbedderReindex(
      { state: 'running', done: 32, total: 128, error: null, rebuild: false },
      { state: 'failed', done: 64, total: 128, error: 'the embeddings API answered 503', rebuild: false },
      { state: 'idle', done: 0, total: 0, error: null, rebuild: false },
    );
    renderWithProviders(<DocumentsScreen pageIndex={0} viewer={viewerFixture} />);
    expect(
      await screen.findByText('Re-indexing the knowledge for the new embedder: 32 of 128 passages. Answers come from the previous embedder until it is done.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: EMBEDDER_TEXT })).toHaveAttribute('aria-valuenow', '25');

    await act(() => vi.advanceTimersByTimeAsync(KNOWLEDGE_REINDEX_POLL_MS));
    expect(
      await screen.findByText(
        'Re-indexing the knowledge for the new embedder: 64 of 128 passages. The new embedder failed: the embeddings API answered 503. Steward tries again later; answers come from the previous embedder meanwhile.',
      ),
    ).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(KNOWLEDGE_REINDEX_POLL_MS));
    await vi.waitFor(() => expect(screen.queryByText(EMBEDDER_TEXT)).toBeNull());
    expect(reindexCalls()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(reindexCalls()).toBe(3);
  });

  it("says npm run reindex's rebuild of the active embedder's vectors in its own words", async () => {
    answerEmbedderReindex({ state: 'running', done: 5, total: 20, error: null, rebuild: true });
    renderWithProviders(<DocumentsScreen pageIndex={0} viewer={viewerFixture} />);
    expect(
      await screen.findByText("Rebuilding the knowledge's vectors (npm run reindex): 5 of 20 passages. Answers come from the current vectors until it is done."),
    ).toBeInTheDocument();
    expect(screen.queryByText(EMBEDDER_TEXT)).toBeNull();
  });
});

describe('DocumentsScreen: the re-indexing after an upgrade', () => {
  it('shows its progress while it runs, asks again every 5 seconds, and goes once it has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const indexingCalls = answerIndexing({ done: 3, total: 40 }, { done: 27, total: 40 }, null);
    renderWithProviders(<DocumentsScreen pageIndex={0} viewer={viewerFixture} />);

    expect(await screen.findByText('Updating the knowledge index after an upgrade: 3 of 40 documents. The bot answers from the previous index meanwhile.')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: UPDATE_TEXT });
    expect(bar).toHaveAttribute('aria-valuenow', '8');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 40 documents');
    // The screen's own parts are still there, under it.
    expect(screen.getByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Warranty terms' })).toBeInTheDocument();
    expect(indexingCalls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(REINDEX_POLL_MS));
    expect(await screen.findByText(/27 of 40 documents\./)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: UPDATE_TEXT })).toHaveAttribute('aria-valuenow', '68');
    expect(indexingCalls()).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(REINDEX_POLL_MS));
    expect(indexingCalls()).toBe(3);
    expect(screen.queryByText(UPDATE_TEXT)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Finished: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(indexingCalls()).toBe(3);
  });

  it('shows nothing, and reads once, when no re-indexing runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const indexingCalls = answerIndexing(null);
    renderWithProviders(<DocumentsScreen pageIndex={0} viewer={viewerFixture} />);
    expect(await screen.findByRole('article', { name: 'Warranty terms' })).toBeInTheDocument();
    await vi.waitFor(() => expect(indexingCalls()).toBe(1));
    expect(screen.queryByText(UPDATE_TEXT)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(indexingCalls()).toBe(1);
  });
});
