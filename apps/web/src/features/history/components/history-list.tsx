import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { COVERAGE_GAPS_PARAM } from '@steward/contract/history';
import { PAGE_SIZE } from '@steward/contract/paging';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { formatLongDate, formatTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useHistoryPage } from '../api/get-history-page.ts';
import { ClickableRow } from '../../../components/clickable-row.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

const COVERAGE_GAPS_SEARCH = `?${COVERAGE_GAPS_PARAM}=true`;

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
  const openSession = (sessionId: string) => void navigate(`/history/${encodeURIComponent(sessionId)}`);
  // The filtered list has other pages: switching goes back to the first.
  const showCoverageGapsOnly = (only: boolean) => void navigate(`/history${only ? COVERAGE_GAPS_SEARCH : ''}`);

  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title" className="h3 mb-3">
        History
      </h1>
      <Form.Check
        type="switch"
        id="history-coverage-gaps"
        className="mb-3"
        label="Coverage gaps only"
        checked={coverageGapsOnly}
        onChange={(event) => showCoverageGapsOnly(event.currentTarget.checked)}
      />
      <Table hover responsive className="align-middle">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Message</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Country</th>
            <th scope="col">User IP</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ClickableRow key={row.id} onOpen={() => openSession(row.session_id)}>
              <td>{row.id}</td>
              <td>
                <div className="text-truncate list-message">{row.user_message}</div>
              </td>
              <td className="text-nowrap">{formatLongDate(row.time)}</td>
              <td className="text-nowrap">{formatTime(row.time)}</td>
              <td>{row.country}</td>
              <td>{row.user_ip}</td>
            </ClickableRow>
          ))}
        </tbody>
      </Table>
      <ListStatus
        loading={page.isPending}
        empty={page.data?.length === 0}
        emptyText={coverageGapsOnly ? 'No coverage gaps: the bot had an answer for every question.' : 'No conversations yet.'}
      />
      <PaginationBar
        basePath="/history"
        currentPage={pageIndex + 1}
        totalCount={rows[0]?.total_count ?? 0}
        pageSize={PAGE_SIZE.history}
        query={coverageGapsOnly ? COVERAGE_GAPS_SEARCH : ''}
      />
    </section>
  );
}
