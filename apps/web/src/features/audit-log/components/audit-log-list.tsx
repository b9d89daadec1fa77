import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_LOG_MESSAGES, type AuditEntry } from '@steward/contract/audit-log';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { StaffMember } from '@steward/contract/permissions';
import { ListStatus } from '../../../components/list-status.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserTimezoneOffsetHours } from '../../../lib/browser-timezone.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useAuditLogPage } from '../api/get-audit-log-page.ts';
import { type AuditFilters, filtersFromQuery, hasFilters, listRequestOf, queryOfFilters } from '../audit-filters.ts';
import { auditObjectRoute } from '../object-route.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';

/** /audit-log and /audit-log/page/{page}, filters in the query: 30 entries a page, newest first. */
export function AuditLogList({ viewer }: { viewer: StaffMember }) {
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const pageIndex = pageIndexFromRoute(params.page);
  const filters = filtersFromQuery(searchParams);
  const page = useAuditLogPage(listRequestOf(filters, browserTimezoneOffsetHours()), pageIndex);
  // A refused filter (400) says why; any other failed load shows nothing (spec section 8).
  const refusal = page.error instanceof ApiError && page.error.status === 400 ? page.error.message : null;
  const applyFilters = (next: AuditFilters) => void navigate(`/audit-log${queryOfFilters(next)}`);

  return (
    <section aria-labelledby="audit-log-title">
      <h1 id="audit-log-title" className="h3 mb-3">
        Audit Log
      </h1>
      <Card body>
        <AuditLogFilters filters={filters} onChange={applyFilters} />
        {refusal ? (
          <p role="alert" className="text-danger">
            {refusal}
          </p>
        ) : null}
        {page.data && !refusal ? (
          <>
            <Table responsive className="align-middle audit-log-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Object</th>
                  <th scope="col">IP</th>
                </tr>
              </thead>
              <tbody>
                {page.data.rows.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} viewer={viewer} />
                ))}
              </tbody>
            </Table>
            <ListStatus
              loading={false}
              empty={page.data.rows.length === 0}
              emptyText={hasFilters(filters) ? AUDIT_LOG_MESSAGES.noMatches : AUDIT_LOG_MESSAGES.empty}
            />
            <PaginationBar
              basePath="/audit-log"
              currentPage={pageIndex + 1}
              totalCount={page.data.total_count}
              pageSize={PAGE_SIZE.auditLog}
              query={queryOfFilters(filters)}
            />
          </>
        ) : (
          <ListStatus loading={page.isPending} empty={false} emptyText="" />
        )}
      </Card>
    </section>
  );
}

function AuditRow({ entry, viewer }: { entry: AuditEntry; viewer: StaffMember }) {
  const objectRoute = auditObjectRoute(entry, viewer);
  const details = Object.entries(entry.details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
  return (
    <tr>
      <td className="text-nowrap">
        <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>
      </td>
      <td className="text-break">
        {entry.actor_name ?? <span className="text-body-secondary">Not signed in</span>}
        {entry.actor_email ? <div className="small text-body-secondary">{entry.actor_email}</div> : null}
      </td>
      <td>
        {AUDIT_ACTION_LABELS[entry.action]}
        {details ? <div className="small text-body-secondary text-break">{details}</div> : null}
      </td>
      <td className="text-break">{objectRoute ? <Link to={objectRoute}>{entry.object_label}</Link> : entry.object_label}</td>
      <td className="text-nowrap">{entry.ip}</td>
    </tr>
  );
}
