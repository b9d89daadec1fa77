import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_SOURCE_MESSAGES, type DocumentSourceRow } from '@steward/contract/document-sources';
import type { SiteSyncRow } from '@steward/contract/sites';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { failureBody, rowsBody, stubApi } from '../../../test/stub-api.ts';
import { adminFixture, viewerFixture } from '../document-row.fixture.ts';
import { DocumentSourcePanel } from './document-source-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const sync = (values: Partial<SiteSyncRow>): SiteSyncRow => ({
  id: 3,
  trigger: 'manual',
  requested_by: 'Ada Admin',
  status: 'completed',
  message: null,
  queued_at: '2026-03-04T12:00:00.000Z',
  started_at: '2026-03-04T12:00:00.000Z',
  finished_at: '2026-03-04T12:00:02.000Z',
  duration_ms: 2000,
  checked: 1,
  unchanged: 1,
  changed: 0,
  added: 0,
  removed: 0,
  failed: 0,
  ...values,
});
const source = (values: Partial<DocumentSourceRow>): DocumentSourceRow => ({
  document_id: 7,
  url: 'https://files.example.com/manual.pdf',
  sync_schedule: 'off',
  state: 'current',
  message: null,
  last_sync: sync({}),
  sync_overdue: false,
  syncing: false,
  ...values,
});

describe('DocumentSourcePanel', () => {
  it('shows nothing for a document not added by URL', async () => {
    const calls = stubApi({ 'GET /api/documents/7/source': () => ({ body: rowsBody([]) }) });
    const { container } = renderWithProviders(<DocumentSourcePanel documentId={7} viewer={adminFixture} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a viewer the URL, its state, last sync and schedule in words, without the buttons; the history on demand', async () => {
    stubApi({
      'GET /api/documents/7/source/syncs': () => ({ body: rowsBody([sync({ id: 4, status: 'failed', trigger: 'schedule', requested_by: null, message: 'The server at this URL answered 500.' }), sync({})]) }),
      'GET /api/documents/7/source': () => ({
        body: rowsBody([source({ sync_schedule: 'weekly', state: 'failing', message: DOCUMENT_SOURCE_MESSAGES.keptText('The server at this URL answered 500.'), last_sync: sync({ status: 'failed', unchanged: 0, failed: 1, message: 'The server at this URL answered 500.' }) })]),
      }),
    });
    renderWithProviders(<DocumentSourcePanel documentId={7} viewer={viewerFixture} />);
    const panel = within(await screen.findByRole('region', { name: 'Source' }));
    expect(panel.getByRole('link', { name: /files\.example\.com\/manual\.pdf/ })).toHaveAttribute('href', 'https://files.example.com/manual.pdf');
    expect(screen.getByTestId('document-source-state')).toHaveTextContent(`Last sync failed${DOCUMENT_SOURCE_MESSAGES.keptText('The server at this URL answered 500.')}`);
    expect(screen.getByTestId('document-source-last-sync')).toHaveTextContent('Sync now by Ada Admin · Failed');
    expect(screen.getByTestId('document-source-last-sync')).toHaveTextContent('checked 1 · unchanged 0 · changed 0 · added 0 · removed 0 · failed 1');
    expect(panel.getByText('Sync schedule: Weekly')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Sync now' })).toBeNull();
    await userEvent.click(panel.getByRole('button', { name: 'Show sync history' }));
    const history = within(await screen.findByRole('list', { name: 'Syncs of this document' }));
    const [first, second] = history.getAllByRole('listitem');
    expect(first).toHaveTextContent('By the schedule');
    expect(first).toHaveTextContent('The server at this URL answered 500.');
    expect(second).toHaveTextContent('Sync now by Ada Admin');
    expect(second).toHaveTextContent('2 s');
  });

  it('lets an administrator set the schedule and sync now through the server, and shows a refusal', async () => {
    const calls = stubApi({
      'GET /api/documents/7/source': () => ({ body: rowsBody([source({})]) }),
      'POST /api/documents/7/source/schedule': () => ({ body: rowsBody([source({ sync_schedule: 'daily' })]) }),
      'POST /api/documents/7/source/sync': () => ({ status: 409, body: failureBody(DOCUMENT_SOURCE_MESSAGES.syncing) }),
    });
    renderWithProviders(<DocumentSourcePanel documentId={7} viewer={adminFixture} />);
    await userEvent.selectOptions(await screen.findByLabelText('Sync schedule'), 'daily');
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(DOCUMENT_SOURCE_MESSAGES.syncing)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      ['/api/documents/7/source/schedule', { sync_schedule: 'daily' }],
      ['/api/documents/7/source/sync', {}],
    ]);
  });

  it('says when a scheduled source is overdue, and a retired one why', async () => {
    stubApi({ 'GET /api/documents/7/source': () => ({ body: rowsBody([source({ sync_schedule: 'daily', sync_overdue: true, state: 'retired', message: DOCUMENT_SOURCE_MESSAGES.goneTwice(404) })]) }) });
    renderWithProviders(<DocumentSourcePanel documentId={7} viewer={viewerFixture} />);
    expect(await screen.findByText('Sync overdue: no sync has finished within twice its daily interval.')).toBeInTheDocument();
    expect(screen.getByTestId('document-source-state')).toHaveTextContent(`Retired${DOCUMENT_SOURCE_MESSAGES.goneTwice(404)}`);
  });
});
