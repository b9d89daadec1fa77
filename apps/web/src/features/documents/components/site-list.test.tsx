import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SitePageRow, SiteRow, SiteSyncRow } from '@steward/contract/sites';
import type { StaffMember } from '@steward/contract/permissions';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { rowsBody, stubApi } from '../../../test/stub-api.ts';
import { adminFixture, viewerFixture } from '../document-row.fixture.ts';
import { SiteList } from './site-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const siteFixture = (values: Partial<SiteRow> = {}): SiteRow => ({
  id: 7,
  start_url: 'https://help.example.com/',
  start_kind: 'page',
  max_pages: 500,
  max_depth: 3,
  include_prefixes: ['/help/'],
  exclude_prefixes: [],
  status: 'crawling',
  message: null,
  pages_found: 5,
  pages_read: 2,
  pages_indexed: 1,
  pages_failed: 1,
  added_by: 'Ada Admin',
  added_at: '2026-03-04T12:00:00.000Z',
  finished_at: null,
  sync_schedule: 'off',
  last_sync: null,
  sync_overdue: false,
  ...values,
});

const syncFixture = (values: Partial<SiteSyncRow>): SiteSyncRow => ({
  id: 1,
  trigger: 'added',
  requested_by: 'Ada Admin',
  status: 'completed',
  message: null,
  queued_at: '2026-03-04T12:00:00.000Z',
  started_at: '2026-03-04T12:00:01.000Z',
  finished_at: '2026-03-04T12:01:05.000Z',
  duration_ms: 64_000,
  checked: 5,
  unchanged: 0,
  changed: 0,
  added: 4,
  removed: 0,
  failed: 1,
  ...values,
});

const pageFixture = (values: Partial<SitePageRow>): SitePageRow => ({ id: 1, url: 'https://help.example.com/', title: null, status: 'indexed', message: null, chunks: 2, document_id: 7, total_count: 2, ...values });

async function renderSite(site: SiteRow, viewer: StaffMember) {
  const calls = stubApi({
    'GET /api/sites/7/pages/': () => ({
      body: rowsBody([
        pageFixture({ title: 'Help centre' }),
        pageFixture({ id: 2, url: 'https://help.example.com/huge', status: 'failed', message: 'This page is larger than 2 MB, so it was not read.', chunks: 0 }),
      ]),
    }),
    'GET /api/sites/7/syncs': () => ({ body: rowsBody([syncFixture({ id: 2, trigger: 'schedule', requested_by: null, status: 'failed', message: 'The site could not be read.' }), syncFixture({})]) }),
    'GET /api/sites': () => ({ body: rowsBody([site]) }),
    'POST /api/sites/7/cancel': () => ({ body: rowsBody([{ ...site, status: 'cancelled' }]) }),
    'POST /api/sites/7/sync': () => ({ body: rowsBody([{ ...site, status: 'queued' }]) }),
    'POST /api/sites/7/schedule': (call) => ({ body: rowsBody([{ ...site, sync_schedule: (call.body as { sync_schedule: SiteRow['sync_schedule'] }).sync_schedule }]) }),
  });
  renderWithProviders(<SiteList viewer={viewer} />);
  return { calls, card: within(await screen.findByRole('article', { name: 'help.example.com' })) };
}

describe('a website card', () => {
  it('shows a crawl going: pages read of found over a bar, the counts, and Cancel', async () => {
    const { calls, card } = await renderSite(siteFixture(), adminFixture);
    expect(card.getByRole('progressbar', { name: '2 of 5 pages read' })).toHaveAttribute('aria-valuenow', '40');
    expect(card.getByText('Found 5')).toBeInTheDocument();
    expect(card.getByText('Failed 1')).toBeInTheDocument();
    expect(card.getByText('at most 500 pages · link depth 3 · only /help/')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Delete/ })).toBeNull();
    await userEvent.click(card.getByRole('button', { name: 'Cancel reading https://help.example.com/' }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/sites/7/cancel')).toBe(true);
  });

  it('opens its pages with their state and reason; a done site offers Delete to an admin only', async () => {
    const { card } = await renderSite(siteFixture({ status: 'completed', pages_read: 5, finished_at: '2026-03-04T12:05:00.000Z' }), adminFixture);
    expect(card.queryByRole('progressbar')).toBeNull();
    expect(card.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(card.getByRole('button', { name: 'Delete https://help.example.com/' })).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Show pages' }));
    const items = await card.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('IndexedHelp centre2 passages');
    expect(items[1]).toHaveTextContent('Failed');
    expect(items[1]).toHaveTextContent('This page is larger than 2 MB, so it was not read.');
  });

  it('gives a viewer neither Cancel nor Delete', async () => {
    const { card } = await renderSite(siteFixture(), viewerFixture);
    expect(card.queryByRole('button', { name: /Cancel|Delete/ })).toBeNull();
  });

  it('sets the sync schedule, syncs now, and lists the syncs with what each found', async () => {
    const { calls, card } = await renderSite(siteFixture({ status: 'completed', pages_read: 5, sync_overdue: true, sync_schedule: 'daily' }), adminFixture);
    expect(card.getByText(/^Sync overdue/)).toBeInTheDocument();
    await userEvent.selectOptions(card.getByLabelText('Sync schedule'), 'weekly');
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/sites/7/schedule')?.body).toEqual({ sync_schedule: 'weekly' });
    await userEvent.click(card.getByRole('button', { name: 'Sync https://help.example.com/ now' }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/sites/7/sync')).toBe(true);
    await userEvent.click(card.getByRole('button', { name: 'Show sync history' }));
    const history = within(await card.findByRole('list', { name: 'Syncs of https://help.example.com/' })).getAllByRole('listitem');
    expect(history).toHaveLength(2);
    expect(history[0]).toHaveTextContent('By the schedule');
    expect(history[0]).toHaveTextContent('Failed');
    expect(history[0]).toHaveTextContent('The site could not be read.');
    expect(history[1]).toHaveTextContent('First read, added by Ada Admin');
    expect(history[1]).toHaveTextContent('1 min 4 s');
    expect(history[1]).toHaveTextContent('checked 5 · unchanged 0 · changed 0 · added 4 · removed 0 · failed 1');
  });

  it('shows a viewer the schedule but neither the schedule’s control nor Sync now', async () => {
    const { card } = await renderSite(siteFixture({ status: 'completed', sync_schedule: 'weekly' }), viewerFixture);
    expect(card.getByText('Sync schedule: Weekly')).toBeInTheDocument();
    expect(card.queryByLabelText('Sync schedule')).toBeNull();
    expect(card.queryByRole('button', { name: /Sync .* now/ })).toBeNull();
  });
});
