import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { MEMBER_LIST_MESSAGES } from '@steward/contract/member-lists';
import { SECOND_FACTOR_MESSAGES, type SecondFactorHolder } from '@steward/contract/second-factor';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { MemberPager, MemberSearch, useMemberListQuery, useStayWithinPages } from '../../../components/member-list-controls.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';
import { useSecondFactorHolders } from '../api/sign-in-security.ts';

/**
 * The staff who have a second factor, by name, ten a page and found by name or address, each with Reset second
 * factor (canResetSecondFactor) after a confirmation.
 */
export function SecondFactorHolders({ canReset }: { canReset: boolean }) {
  const [query, { search, goTo }] = useMemberListQuery();
  const holders = useSecondFactorHolders(query);
  const reset = useResetSecondFactor();
  const [toReset, setToReset] = useState<SecondFactorHolder>();
  const rows = holders.data?.rows ?? [];
  const totalCount = holders.data?.total_count ?? 0;
  useStayWithinPages(query.page, holders.data, goTo);
  const columns: ListColumn<SecondFactorHolder>[] = [
    { id: 'name', header: 'Name', cell: (holder) => holder.name },
    { id: 'email', header: 'Email Address', cell: (holder) => holder.email, className: 'text-break' },
    { id: 'since', header: 'Since', cell: (holder) => formatLongDate(holder.enrolled_at), className: 'text-nowrap' },
  ];
  if (canReset) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      className: 'text-md-end',
      cell: (holder) => (
        <Button variant="outline-danger" size="sm" aria-label={`Reset the second factor of ${holder.name}`} onClick={() => setToReset(holder)}>
          Reset second factor
        </Button>
      ),
    });
  }
  return (
    <div className="card mb-3">
      <div className="card-header">
        <h2 className="card-title h4 mb-0">Staff with a second factor</h2>
      </div>
      {query.search !== '' || totalCount > 0 ? <MemberSearch label="Find staff with a second factor" onSearch={search} /> : null}
      {rows.length > 0 ? <DataList label="Staff with a second factor" columns={columns} rows={rows} rowKey={(holder) => holder.id} /> : null}
      <ListStatus
        loading={holders.isPending}
        empty={rows.length === 0 && !holders.isPending}
        emptyText={query.search ? MEMBER_LIST_MESSAGES.noMatches : 'Nobody has a second factor yet.'}
        emptyHint={query.search ? undefined : 'Staff set one up from their own account page while the second factor is offered or required.'}
        emptyAnnounce={query.search !== ''}
      />
      <MemberPager label="Staff with a second factor pages" page={query.page} totalCount={totalCount} onPage={goTo} />
      <ConfirmModal
        show={toReset !== undefined}
        type="delete"
        confirmLabel="Reset"
        message={SECOND_FACTOR_MESSAGES.resetQuestion(toReset?.name ?? '')}
        successMessage={SECOND_FACTOR_MESSAGES.resetDone}
        onConfirm={() => (toReset ? reset.mutateAsync(toReset.id) : Promise.resolve())}
        onClose={() => setToReset(undefined)}
      />
    </div>
  );
}
