import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_SUCCESS } from '@steward/contract/accounts';
import type { UserListRow } from '@steward/contract/user-accounts';
import { ROLE_LABEL } from '@steward/contract/access';
import { PAGE_SIZE } from '@steward/contract/paging';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsersPage } from '../api/get-users-page.ts';
import { ClickableRow } from '../../../components/clickable-row.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

interface UserAccountsListProps {
  /** Zero-based page index from the route. */
  pageIndex: number;
  viewerId: number;
  /** "+ Add new user" (canSeeAddUserLink). */
  showsAddUserLink: boolean;
  /** canDeleteUser: a Delete action on every other row. */
  canDeleteUsers: boolean;
}

/** User accounts: Name, Email Address, Role; 20 a page; a row opens /user-accounts/{id}. */
export function UserAccountsList({ pageIndex, viewerId, showsAddUserLink, canDeleteUsers }: UserAccountsListProps) {
  const navigate = useNavigate();
  const { data, isPending } = useUsersPage(pageIndex);
  const deleteMutation = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserListRow>();
  // Load failures show nothing (spec section 8).
  const rows = data?.data.rows ?? [];
  const totalCount = rows[0]?.total_count ?? 0;

  return (
    <section aria-labelledby="user-accounts-title">
      <div className="d-flex align-items-center justify-content-between mb-3">
        <h1 id="user-accounts-title" className="h3 mb-0">
          User Accounts
        </h1>
        {showsAddUserLink ? (
          <Link to="/user-accounts/add" className="btn btn-primary">
            + Add new user
          </Link>
        ) : null}
      </div>
      <Table hover responsive className="align-middle">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email Address</th>
            <th scope="col">Role</th>
            {canDeleteUsers ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <ClickableRow key={user.id} onOpen={() => void navigate(`/user-accounts/${user.id}`)}>
              <td>
                <Link to={`/user-accounts/${user.id}`} onClick={(event) => event.stopPropagation()}>
                  {user.name}
                </Link>
              </td>
              <td>{user.email}</td>
              <td>{ROLE_LABEL[user.role]}</td>
              {canDeleteUsers ? (
                <td className="text-end">
                  {user.id === viewerId ? null : (
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
                  )}
                </td>
              ) : null}
            </ClickableRow>
          ))}
        </tbody>
      </Table>
      <ListStatus loading={isPending} empty={data?.data.rows.length === 0} emptyText="No staff accounts yet." />
      <PaginationBar basePath="/user-accounts" currentPage={pageIndex + 1} totalCount={totalCount} pageSize={PAGE_SIZE.userAccounts} />
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
