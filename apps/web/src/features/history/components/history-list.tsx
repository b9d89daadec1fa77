import { IconMessages } from '../../../components/icons.tsx';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { COVERAGE_GAPS_PARAM, type HistoryRow } from '@steward/contract/history';
import { PAGE_SIZE } from '@steward/contract/paging';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatLongDate, formatTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useHistoryPage } from '../api/get-history-page.ts';

const COVERAGE_GAPS_SEARCH = `?${COVERAGE_GAPS_PARAM}=true`;

/** The spec's columns: ID, Message, Date, Time, Country, User IP. */
const COLUMNS: ListColumn<HistoryRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  { id: 'message', header: 'Message', cell: (row) => <div className="text-truncate list-message">{row.user_message}</div> },
  { id: 'date', header: 'Date', cell: (row) => formatLongDate(row.time), className: 'text-nowrap' },
  { id: 'time', header: 'Time', cell: (row) => formatTime(row.time), className: 'text-nowrap' },
  { id: 'country', header: 'Country', cell: (row) => row.country },
  { id: 'user-ip', header: 'User IP', cell: (row) => row.user_ip },
];

/**
 * /history and /history/page/{page}: every exchange, 30 per page; a row opens its chat session.
 * "Coverage gaps only" (?coverage_gaps=true, kept on the page links) lists the questions the bot could not answer.
 */
export function HistoryList() {
  const navigate = useNavigate();
  const pageIndex = pageIndexFromRoute(useParams().page);
  const [searchParams] = useSearchParams();
  const coverageGapsOnly = searchParams.get(COVERAGE_GAPS_PARAM) === 'true';
  // A failed load shows nothing (spec section 8).
  const page = useHistoryPage(pageIndex, coverageGapsOnly);
  const rows = page.data ?? [];
  const openSession = (row: HistoryRow) => void navigate(`/history/${encodeURIComponent(row.session_id)}`);
  // The filtered list has other pages: switching goes back to the first.
  const showCoverageGapsOnly = (only: boolean) => void navigate(`/history${only ? COVERAGE_GAPS_SEARCH : ''}`);

  return (
    <section aria-labelledby="history-title">
      <PageHeader id="history-title" pretitle="Conversations" title="History" description="Every question visitors asked the bot, newest first. Open one to read its whole chat session." />
      <ListCard
        toolbar={
          <div className="card-header">
            <Form.Check
              type="switch"
              id="history-coverage-gaps"
              className="mb-0"
              label="Coverage gaps only"
              checked={coverageGapsOnly}
              onChange={(event) => showCoverageGapsOnly(event.currentTarget.checked)}
            />
          </div>
        }
        list={{ label: 'History', columns: COLUMNS, rows, rowKey: (row) => row.id, onOpenRow: openSession }}
        status={{
          loading: page.isPending,
          empty: page.data?.length === 0,
          emptyIcon: IconMessages,
          emptyText: coverageGapsOnly ? 'No coverage gaps: the bot had an answer for every question.' : 'No conversations yet.',
          emptyHint: coverageGapsOnly ? (
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
          totalCount: rows[0]?.total_count ?? 0,
          pageSize: PAGE_SIZE.history,
          query: coverageGapsOnly ? COVERAGE_GAPS_SEARCH : '',
        }}
      />
    </section>
  );
}
