import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { SESSION_MESSAGES, type SessionRow, signInMethodLabel } from '@steward/contract/sessions';
import { BackButton } from '../../../components/back-button.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useEndSession, useOwnSessions } from '../api/sessions.ts';

/** "Chrome 131 on Windows 10", or what is known of it. */
const deviceOf = (session: SessionRow): string => [session.browser, session.os].filter(Boolean).join(' on ') || 'Unknown browser';

/**
 * /user-accounts/{id}/sessions (own account, docs/accounts.md#sessions): every browser signed in to the account,
 * with where and how, "This session" marked; End ends one (this one too: then it is a logout here).
 */
export function OwnSessions({ userId, onEndedThisSession }: { userId: number; onEndedThisSession: () => void }) {
  const sessions = useOwnSessions(userId);
  const end = useEndSession(userId);
  const [toEnd, setToEnd] = useState<SessionRow>();
  const [endedThisOne, setEndedThisOne] = useState(false);
  const rows = sessions.data ?? [];
  const columns: ListColumn<SessionRow>[] = [
    {
      id: 'device',
      header: 'Browser',
      cell: (session) => (
        <>
          {deviceOf(session)}
          {session.current ? (
            <Badge bg="success-subtle" text="success-emphasis" className="ms-2">
              This session
            </Badge>
          ) : null}
        </>
      ),
    },
    { id: 'ip', header: 'Address', cell: (session) => session.ip, short: true },
    { id: 'place', header: 'Place', cell: (session) => session.place || 'Unknown', short: true },
    { id: 'method', header: 'Signed in with', cell: (session) => signInMethodLabel(session.sign_in_method) },
    { id: 'signed-in', header: 'Signed in', cell: (session) => formatDateTime(session.signed_in_at), className: 'text-nowrap' },
    { id: 'last-seen', header: 'Last seen', cell: (session) => formatDateTime(session.last_seen_at), className: 'text-nowrap' },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      className: 'text-md-end',
      cell: (session) => (
        <Button variant="outline-danger" size="sm" aria-label={`End the session of ${deviceOf(session)}${session.current ? ' (this session)' : ''}`} onClick={() => setToEnd(session)}>
          End
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="sessions-title">
      <BackButton fallback={`/user-accounts/${userId}`} />
      <PageHeader id="sessions-title" pretitle="Administration" title="Sessions" description="The browsers signed in to your account. End any you do not recognise, then change your password." />
      <div className="card">
        {rows.length > 0 ? <DataList label="Sessions" columns={columns} rows={rows} rowKey={(session) => session.id} /> : null}
        <ListStatus loading={sessions.isPending} empty={sessions.data?.length === 0} emptyText={SESSION_MESSAGES.empty} />
      </div>
      <ConfirmModal
        show={toEnd !== undefined}
        type="delete"
        confirmLabel="End"
        message={toEnd?.current ? SESSION_MESSAGES.endCurrentQuestion : SESSION_MESSAGES.endQuestion}
        successMessage={SESSION_MESSAGES.ended}
        onConfirm={async () => {
          if (!toEnd) return;
          await end.mutateAsync(toEnd.id);
          if (toEnd.current) setEndedThisOne(true);
        }}
        onClose={() => {
          // This session ended: the login screen, as after Logout.
          if (endedThisOne) onEndedThisSession();
          setToEnd(undefined);
        }}
      />
    </section>
  );
}
