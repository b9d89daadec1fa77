import Table from 'react-bootstrap/Table';
import { useNavigate, useParams } from 'react-router';
import { PAGE_SIZE } from '@steward/contract/paging';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { formatLongDate, formatTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useHistoryPage } from '../api/get-history-page.ts';
import { ClickableRow } from '../../../components/clickable-row.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

/** /history and /history/page/{page}: every exchange, 30 per page; a row opens its chat session. */
export function HistoryList() {
  const navigate = useNavigate();
  const pageIndex = pageIndexFromRoute(useParams().page);
  // A failed load shows nothing (spec section 8).
  const page = useHistoryPage(pageIndex);
  const rows = page.data ?? [];
  const openSession = (sessionId: string) => void navigate(`/history/${encodeURIComponent(sessionId)}`);

  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title" className="h3 mb-3">
        History
      </h1>
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
      <ListStatus loading={page.isPending} empty={page.data?.length === 0} emptyText="No conversations yet." />
      <PaginationBar
        basePath="/history"
        currentPage={pageIndex + 1}
        totalCount={rows[0]?.total_count ?? 0}
        pageSize={PAGE_SIZE.history}
      />
    </section>
  );
}
