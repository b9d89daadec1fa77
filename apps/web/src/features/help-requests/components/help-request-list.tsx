import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import type { HelpRequestStatusFilter } from '@steward/contract/help-requests';
import { PAGE_SIZE } from '@steward/contract/paging';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useHelpRequestPage } from '../api/get-help-request-page.ts';
import { HelpRequestStatusBadge } from './help-request-status-badge.tsx';
import { HelpRequestTabs } from './help-request-tabs.tsx';
import { ClickableRow } from '../../../components/clickable-row.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

/** A long message is cut for the table; the detail shows it whole. */
const MESSAGE_PREVIEW = 120;
const preview = (message: string) => (message.length > MESSAGE_PREVIEW ? `${message.slice(0, MESSAGE_PREVIEW)}…` : message);

/** Help requests list: tabs All / Resolved / Pending, 30 per page, a row opens the detail. */
export function HelpRequestList({ status, pageIndex }: { status: HelpRequestStatusFilter; pageIndex: number }) {
  const navigate = useNavigate();
  const { data, isPending } = useHelpRequestPage(status, pageIndex);
  const open = (id: number) => void navigate(`/help-requests/${id}`);

  return (
    <section aria-labelledby="help-requests-title">
      <h1 id="help-requests-title" className="h3 mb-3">
        Help Requests
      </h1>
      <Card body>
        <HelpRequestTabs current={status} />
        {data ? (
          <>
          <Table hover responsive className="align-middle">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Message</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <ClickableRow key={row.id} onOpen={() => open(row.id)}>
                  <td>
                    <Link to={`/help-requests/${row.id}`} onClick={(event) => event.stopPropagation()}>
                      {row.id}
                    </Link>
                  </td>
                  <td className="text-break">{preview(row.message)}</td>
                  <td>{row.name}</td>
                  <td className="text-break">{row.email}</td>
                  <td>
                    <HelpRequestStatusBadge status={row.status} />
                  </td>
                </ClickableRow>
              ))}
            </tbody>
          </Table>
          <ListStatus loading={false} empty={data.rows.length === 0} emptyText="No help requests yet." />
          <PaginationBar
            basePath="/help-requests"
            currentPage={pageIndex + 1}
            totalCount={data.total_count}
            pageSize={PAGE_SIZE.helpRequests}
            filter={status || undefined}
          />
          </>
        ) : (
          <ListStatus loading={isPending} empty={false} emptyText="" />
        )}
      </Card>
    </section>
  );
}
