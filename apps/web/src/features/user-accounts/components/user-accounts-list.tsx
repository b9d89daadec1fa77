import { IconUsers } from '../../../components/icons.tsx';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_SUCCESS } from '@steward/contract/accounts';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { userListQuery, type UserListRow } from '@steward/contract/user-accounts';
import { ROLE_LABEL } from '@steward/contract/access';
import { PAGE_SIZE } from '@steward/contract/paging';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import type { ListColumn, ListSort } from '../../../components/data-list/list-column.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { DEFAULT_USER_ORDER, userOrderQuery, useUsersPage } from '../api/get-users-page.ts';

interface UserAccountsListProps {
  /** Zero-based page index from the route. */
  pageIndex: number;
  viewerId: number;
  /** "+ Add new user" (canSeeAddUserLink). */
  showsAddUserLink: boolean;
  /** canDeleteUser: a Delete action on every other row. */
  canDeleteUsers: boolean;
}

/** User accounts: Name, Email Address, Role (sortable by the server); 20 a page; a row opens /user-accounts/{id}. */
export function UserAccountsList({ pageIndex, viewerId, showsAddUserLink, canDeleteUsers }: UserAccountsListProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // An unknown order in the address reads as the default one.
  const order = userListQuery.catch(DEFAULT_USER_ORDER).parse(Object.fromEntries(searchParams));
  const { data, isPending } = useUsersPage(pageIndex, order);
  const deleteMutation = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserListRow>();
  // Load failures show nothing (spec section 8).
  const rows = data?.data.rows ?? [];
  const totalCount = rows[0]?.total_count ?? 0;
  // A new order starts again at page 1.
  const sortBy = (sort: ListSort) => {
    const next = userListQuery.safeParse({ sort: sort.column, order: sort.direction });
    if (next.success) void navigate(`/user-accounts${userOrderQuery(next.data)}`);
  };

  const columns: ListColumn<UserListRow>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (user) => (
        <Link to={`/user-accounts/${user.id}`} onClick={(event) => event.stopPropagation()}>
          {user.name}
        </Link>
      ),
    },
    { id: 'email', header: 'Email Address', sortable: true, cell: (user) => user.email, className: 'text-break' },
    { id: 'role', header: 'Role', sortable: true, cell: (user) => ROLE_LABEL[user.role] },
  ];
  if (canDeleteUsers) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      className: 'text-md-end',
      cell: (user) =>
        user.id === viewerId ? null : (
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={`Delete ${user.name}`}
            onClick={(event) => {
              event.stopPropagation();
              setToDelete(user);
            }}
          >
            Delete
          </Button>
        ),
    });
  }

  return (
    <section aria-labelledby="user-accounts-title">
      <PageHeader
        id="user-accounts-title"
        pretitle="Administration"
        title="User Accounts"
        description={`The staff who can sign in to this dashboard. Information the bot learns needs a second person. ${INFORM_THE_BOT_MESSAGES.approvalRule}`}
        actions={
          showsAddUserLink ? (
            <Link to="/user-accounts/add" className="btn btn-primary">
              + Add new user
            </Link>
          ) : null
        }
      />
      <ListCard
        list={{
          label: 'User Accounts',
          columns,
          rows,
          rowKey: (user) => user.id,
          onOpenRow: (user) => void navigate(`/user-accounts/${user.id}`),
          sort: { column: order.sort, direction: order.order },
          onSortChange: sortBy,
        }}
        status={{
          loading: isPending,
          empty: data?.data.rows.length === 0,
          emptyIcon: IconUsers,
          emptyText: 'No staff accounts yet.',
          emptyHint: 'Invite a colleague with + Add new user: they choose their password from the link in the invitation.',
        }}
        pages={{ basePath: '/user-accounts', currentPage: pageIndex + 1, totalCount, pageSize: PAGE_SIZE.userAccounts, query: userOrderQuery(order) }}
      />
      <ConfirmModal
        show={toDelete !== undefined}
        type="delete"
        message={ACCOUNT_SUCCESS.deleteUserQuestion}
        successMessage={ACCOUNT_SUCCESS.userDeleted}
        onConfirm={() => (toDelete ? deleteMutation.mutateAsync(toDelete.id) : Promise.resolve())}
        onClose={() => setToDelete(undefined)}
      />
    </section>
  );
}
