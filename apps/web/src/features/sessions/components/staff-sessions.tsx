import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { MEMBER_LIST_MESSAGES } from '@steward/contract/member-lists';
import { SESSION_MESSAGES, type StaffSessionsRow } from '@steward/contract/sessions';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { MemberPager, MemberSearch, useMemberListQuery, useStayWithinPages } from '../../../components/member-list-controls.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useEndMemberSessions, useStaffSessions } from '../api/sessions.ts';

/**
 * Sign-in security's "Signed-in staff" card (canEndMemberSessions): who has live sessions, how many and when last
 * seen (never their addresses: those are the member's own), each with End all sessions after a confirmation. Ten a
 * page, most recently seen first, found by name or address (a lost laptop's owner among hundreds).
 */
export function StaffSessions() {
  const [query, { search, goTo }] = useMemberListQuery();
  const staff = useStaffSessions(query);
  const endAll = useEndMemberSessions();
  const [toEnd, setToEnd] = useState<StaffSessionsRow>();
  const rows = staff.data?.rows ?? [];
  const totalCount = staff.data?.total_count ?? 0;
  useStayWithinPages(query.page, staff.data, goTo);
  const columns: ListColumn<StaffSessionsRow>[] = [
    { id: 'name', header: 'Name', cell: (member) => member.name },
    { id: 'email', header: 'Email Address', cell: (member) => member.email, className: 'text-break' },
    { id: 'sessions', header: 'Sessions', cell: (member) => member.sessions, short: true },
    { id: 'last-seen', header: 'Last seen', cell: (member) => formatDateTime(member.last_seen_at), className: 'text-nowrap' },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      className: 'text-md-end',
      cell: (member) => (
        <Button variant="outline-danger" size="sm" aria-label={`End all sessions of ${member.name}`} onClick={() => setToEnd(member)}>
          End all sessions
        </Button>
      ),
    },
  ];
  return (
    <div className="card mt-3">
      <div className="card-header">
        <h2 className="card-title h4 mb-0">Signed-in staff</h2>
      </div>
      {query.search !== '' || totalCount > 0 ? <MemberSearch label="Find signed-in staff" onSearch={search} /> : null}
      {rows.length > 0 ? <DataList label="Signed-in staff" columns={columns} rows={rows} rowKey={(member) => member.id} /> : null}
      <ListStatus loading={staff.isPending} empty={rows.length === 0 && !staff.isPending} emptyText={query.search ? MEMBER_LIST_MESSAGES.noMatches : SESSION_MESSAGES.empty} emptyAnnounce={query.search !== ''} />
      <MemberPager label="Signed-in staff pages" page={query.page} totalCount={totalCount} onPage={goTo} />
      <ConfirmModal
        show={toEnd !== undefined}
        type="delete"
        confirmLabel="End all sessions"
        message={SESSION_MESSAGES.endAllQuestion(toEnd?.name ?? '')}
        successMessage={SESSION_MESSAGES.allEnded}
        onConfirm={() => (toEnd ? endAll.mutateAsync(toEnd.id) : Promise.resolve())}
        onClose={() => setToEnd(undefined)}
      />
    </div>
  );
}
