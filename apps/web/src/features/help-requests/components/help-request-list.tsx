import { IconLifebuoy } from '../../../components/icons.tsx';
import { Link, useNavigate } from 'react-router';
import type { HelpRequestPage, HelpRequestStatusFilter } from '@steward/contract/help-requests';
import { PAGE_SIZE } from '@steward/contract/paging';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useHelpRequestPage } from '../api/get-help-request-page.ts';
import { HelpRequestStatusBadge } from './help-request-status-badge.tsx';
import { HelpRequestTabs } from './help-request-tabs.tsx';

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

/** Help requests list: tabs All / Resolved / Pending, 30 per page, a row opens the detail. */
export function HelpRequestList({ status, pageIndex }: { status: HelpRequestStatusFilter; pageIndex: number }) {
  const navigate = useNavigate();
  const { data, isPending } = useHelpRequestPage(status, pageIndex);
  const rows = data?.rows ?? [];
  const open = (row: HelpRequestRow) => void navigate(`/help-requests/${row.id}`);

  return (
    <section aria-labelledby="help-requests-title">
      <PageHeader
        id="help-requests-title"
        pretitle="Conversations"
        title="Help Requests"
        description="Visitors who asked your team to answer them directly. Mark each one resolved once it is handled."
      />
      <HelpRequestTabs current={status} />
      <ListCard
        list={{ label: 'Help Requests', columns: COLUMNS, rows, rowKey: (row) => row.id, onOpenRow: open }}
        status={{
          loading: isPending,
          empty: data?.rows.length === 0,
          emptyIcon: IconLifebuoy,
          emptyText: 'No help requests yet.',
          emptyHint:
            'A visitor who chooses "Ask our team" in the chat widget, or whom your chatbot hands over, leaves a request here. Bot Settings says who gets an email for each.',
        }}
        pages={{ basePath: '/help-requests', currentPage: pageIndex + 1, totalCount: data?.total_count ?? 0, pageSize: PAGE_SIZE.helpRequests, filter: status || undefined }}
      />
    </section>
  );
}
