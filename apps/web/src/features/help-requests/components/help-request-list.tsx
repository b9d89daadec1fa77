import { IconLifebuoy } from '../../../components/icons.tsx';
import { Link, useNavigate } from 'react-router';
import type { HelpRequestPage, HelpRequestStatusFilter } from '@steward/contract/help-requests';
import type { ListFilterKey } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { ListFilterToolbar } from '../../../components/list-filters/list-filter-toolbar.tsx';
import { queryOfListFilters, type ListFilterValues } from '../../../components/list-filters/list-filter-query.ts';
import { useListFilters } from '../../../components/list-filters/use-list-filters.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useHelpRequestPage } from '../api/get-help-request-page.ts';
import { HelpRequestStatusBadge } from './help-request-status-badge.tsx';
import { helpRequestTabPath, HelpRequestTabs } from './help-request-tabs.tsx';

type HelpRequestRow = HelpRequestPage['rows'][number];

/** A long message is cut for the table; the detail shows it whole. */
const MESSAGE_PREVIEW = 120;
const preview = (message: string) => (message.length > MESSAGE_PREVIEW ? `${message.slice(0, MESSAGE_PREVIEW)}…` : message);

/** The spec's columns: ID, Message, Name, Email, Status. */
const COLUMNS: ListColumn<HelpRequestRow>[] = [
  {
    id: 'id',
    header: 'ID',
    cell: (row) => (
      <Link to={`/help-requests/${row.id}`} onClick={(event) => event.stopPropagation()}>
        {row.id}
      </Link>
    ),
  },
  { id: 'message', header: 'Message', cell: (row) => preview(row.message), className: 'text-break' },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'email', header: 'Email', cell: (row) => row.email, className: 'text-break' },
  { id: 'status', header: 'Status', cell: (row) => <HelpRequestStatusBadge status={row.status} /> },
];

const FILTER_KEYS: readonly ListFilterKey[] = ['from', 'to', 'origin', 'country'];

/** Help requests list: tabs All / Resolved / Pending, 30 per page, a row opens the detail; triage filters in the query. */
export function HelpRequestList({ status, pageIndex, canExport }: { status: HelpRequestStatusFilter; pageIndex: number; canExport: boolean }) {
  const navigate = useNavigate();
  const filters = useListFilters(FILTER_KEYS);
  const { data, isPending } = useHelpRequestPage(status, pageIndex, filters.apiQuery);
  const rows = data?.rows ?? [];
  const open = (row: HelpRequestRow) => void navigate(`/help-requests/${row.id}`);
  const applyFilters = (values: ListFilterValues) => void navigate(`${helpRequestTabPath(status)}${queryOfListFilters(values)}`);

  return (
    <section aria-labelledby="help-requests-title">
      <PageHeader
        id="help-requests-title"
        pretitle="Conversations"
        title="Help Requests"
        description="Visitors who asked your team to answer them directly. Mark each one resolved once it is handled."
        actions={canExport ? <ExportButtons list="help-requests" query={filters.exportQuery({ status })} /> : undefined}
      />
      <HelpRequestTabs current={status} query={filters.routeQuery} />
      <ListCard
        toolbar={<ListFilterToolbar listName="Help Requests" keys={FILTER_KEYS} filters={filters} onChange={applyFilters} counted={data} noun={['help request', 'help requests']} />}
        list={{ label: 'Help Requests', columns: COLUMNS, rows, rowKey: (row) => row.id, onOpenRow: open }}
        status={{
          loading: isPending,
          empty: data?.rows.length === 0,
          emptyIcon: IconLifebuoy,
          emptyText: filters.filtered ? 'No help requests match these filters.' : 'No help requests yet.',
          emptyHint: filters.filtered
            ? 'Widen the dates or clear a filter.'
            : 'A visitor who chooses "Ask our team" in the chat widget, or whom your chatbot hands over, leaves a request here. Bot Settings says who gets an email for each.',
        }}
        pages={{ basePath: '/help-requests', currentPage: pageIndex + 1, totalCount: data?.total_count ?? 0, pageSize: PAGE_SIZE.helpRequests, filter: status || undefined, query: filters.routeQuery }}
      />
    </section>
  );
}
