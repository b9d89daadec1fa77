import { IconMessages } from '../../../components/icons.tsx';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import type { HistoryRow } from '@steward/contract/history';
import type { ListFilterKey } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { ListFilterToolbar } from '../../../components/list-filters/list-filter-toolbar.tsx';
import { queryOfListFilters, type ListFilterValues } from '../../../components/list-filters/list-filter-query.ts';
import { useListFilters } from '../../../components/list-filters/use-list-filters.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatLongDate, formatTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useHistoryPage } from '../api/get-history-page.ts';
import { HistoryBadges } from './history-badges.tsx';

/** The spec's columns: ID, Message, Date, Time, Country, User IP; then what a reviewer needs (issue 40). */
const COLUMNS: ListColumn<HistoryRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  { id: 'message', header: 'Message', fill: true, cell: (row) => <div className="text-truncate list-message">{row.user_message}</div> },
  { id: 'date', header: 'Date', cell: (row) => formatLongDate(row.time), className: 'text-nowrap' },
  { id: 'time', header: 'Time', cell: (row) => formatTime(row.time), className: 'text-nowrap' },
  { id: 'country', header: 'Country', cell: (row) => row.country, short: true },
  { id: 'user-ip', header: 'User IP', cell: (row) => row.user_ip, short: true },
  { id: 'review', header: 'Review', cell: (row) => <HistoryBadges row={row} /> },
];

/** The filter bar's fields; coverage gaps keep their own switch. */
const FILTER_KEYS: readonly ListFilterKey[] = ['from', 'to', 'rating', 'help_request', 'origin', 'country'];
const ALL_KEYS: readonly ListFilterKey[] = [...FILTER_KEYS, 'coverage_gaps'];

/**
 * /history and /history/page/{page}: every exchange, 30 per page; a row opens its chat session. The triage
 * filters and "Coverage gaps only" live in the URL query (kept on the page links); changing one goes to page 1.
 */
export function HistoryList({ canExport }: { canExport: boolean }) {
  const navigate = useNavigate();
  const pageIndex = pageIndexFromRoute(useParams().page);
  const filters = useListFilters(ALL_KEYS);
  const coverageGapsOnly = filters.values.coverage_gaps === 'true';
  // A failed load shows nothing (spec section 8).
  const page = useHistoryPage(pageIndex, filters.apiQuery);
  const rows = page.data?.rows ?? [];
  const openSession = (row: HistoryRow) => void navigate(`/history/${encodeURIComponent(row.session_id)}`);
  const applyFilters = (values: ListFilterValues) => void navigate(`/history${queryOfListFilters(values)}`);
  const showCoverageGapsOnly = (only: boolean) => {
    const { coverage_gaps: _previous, ...others } = filters.values;
    applyFilters(only ? { ...others, coverage_gaps: 'true' } : others);
  };

  return (
    <section aria-labelledby="history-title">
      <PageHeader
        id="history-title"
        pretitle="Conversations"
        title="History"
        description="Every question visitors asked the bot, newest first. Open one to read its whole chat session."
        actions={canExport ? <ExportButtons list="history" query={filters.apiQuery} /> : undefined}
      />
      <ListCard
        toolbar={
          <ListFilterToolbar listName="History" keys={FILTER_KEYS} filters={filters} onChange={applyFilters} counted={page.data} noun={['question', 'questions']}>
            <Form.Check
              type="switch"
              id="history-coverage-gaps"
              className="mb-0"
              label="Coverage gaps only"
              checked={coverageGapsOnly}
              onChange={(event) => showCoverageGapsOnly(event.currentTarget.checked)}
            />
          </ListFilterToolbar>
        }
        list={{ label: 'History', columns: COLUMNS, rows, rowKey: (row) => row.id, onOpenRow: openSession }}
        status={{
          loading: page.isPending,
          empty: page.data?.rows.length === 0,
          emptyIcon: IconMessages,
          emptyText: filters.filtered && !coverageGapsOnly ? 'No questions match these filters.' : coverageGapsOnly ? 'No coverage gaps: the bot had an answer for every question.' : 'No conversations yet.',
          emptyHint: filters.filtered && !coverageGapsOnly ? 'Widen the dates or clear a filter.' : coverageGapsOnly ? (
            'A question the bot cannot answer from its documents shows here, so you know which document to add.'
          ) : (
            <>
              Each question a visitor asks the bot appears here: through the chat widget, or from your own chatbot
              through the bot API. Try one on the <a href="/demo">demo page</a>.
            </>
          ),
          emptyAction: coverageGapsOnly ? <Link to="/documents">Add a document</Link> : undefined,
        }}
        pages={{
          basePath: '/history',
          currentPage: pageIndex + 1,
          totalCount: page.data?.total_count ?? 0,
          pageSize: PAGE_SIZE.history,
          query: filters.routeQuery,
        }}
      />
    </section>
  );
}
