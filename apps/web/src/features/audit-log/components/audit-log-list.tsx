import { IconListDetails } from '../../../components/icons.tsx';
import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_LOG_MESSAGES, type AuditEntry } from '@steward/contract/audit-log';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canExportAuditLog, type StaffMember } from '@steward/contract/permissions';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserTimezoneOffsetHours } from '../../../lib/browser-timezone.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useAuditLogPage } from '../api/get-audit-log-page.ts';
import { type AuditFilters, exportQueryOf, filtersFromQuery, hasFilters, listRequestOf, queryOfFilters } from '../audit-filters.ts';
import { auditObjectRoute } from '../object-route.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';

const auditColumns = (viewer: StaffMember): ListColumn<AuditEntry>[] => [
  {
    id: 'when',
    header: 'When',
    className: 'text-nowrap',
    cell: (entry) => <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>,
  },
  {
    id: 'who',
    header: 'Who',
    className: 'text-break',
    cell: (entry) => (
      <>
        {entry.actor_name ?? <span className="text-secondary">Not signed in</span>}
        {entry.actor_email ? <div className="small text-secondary">{entry.actor_email}</div> : null}
      </>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (entry) => {
      const details = Object.entries(entry.details)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(', ');
      return (
        <>
          {AUDIT_ACTION_LABELS[entry.action]}
          {details ? <div className="small text-secondary text-break">{details}</div> : null}
        </>
      );
    },
  },
  {
    id: 'object',
    header: 'Object',
    className: 'text-break',
    cell: (entry) => {
      const objectRoute = auditObjectRoute(entry, viewer);
      return objectRoute ? <Link to={objectRoute}>{entry.object_label}</Link> : entry.object_label;
    },
  },
  { id: 'ip', header: 'IP', className: 'text-nowrap', cell: (entry) => entry.ip },
];

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
  const columns = useMemo(() => auditColumns(viewer), [viewer]);
  const rows = page.data && !refusal ? page.data.rows : [];

  return (
    <section aria-labelledby="audit-log-title">
      <PageHeader
        id="audit-log-title"
        pretitle="Administration"
        title="Audit Log"
        description="Who did what in this dashboard, and when: sign-ins, invitations, approvals, deletions and settings."
        actions={canExportAuditLog(viewer) ? <ExportButtons list="audit-log" query={exportQueryOf(filters, browserTimezoneOffsetHours())} /> : undefined}
      />
      <ListCard
        toolbar={
          <div className="card-body border-bottom">
            <AuditLogFilters filters={filters} onChange={applyFilters} />
            {refusal ? (
              <p role="alert" className="text-danger mb-0">
                {refusal}
              </p>
            ) : null}
          </div>
        }
        list={{ label: 'Audit Log', columns, rows, rowKey: (entry) => entry.id, className: 'audit-log-table' }}
        status={{
          loading: page.isPending,
          empty: Boolean(page.data && !refusal && page.data.rows.length === 0),
          emptyIcon: IconListDetails,
          emptyText: hasFilters(filters) ? AUDIT_LOG_MESSAGES.noMatches : AUDIT_LOG_MESSAGES.empty,
          emptyHint: hasFilters(filters) ? 'Widen the dates or clear a filter.' : 'Each sign-in and each change staff make here is recorded as it happens.',
        }}
        pages={{ basePath: '/audit-log', currentPage: pageIndex + 1, totalCount: page.data?.total_count ?? 0, pageSize: PAGE_SIZE.auditLog, query: queryOfFilters(filters) }}
      />
    </section>
  );
}
