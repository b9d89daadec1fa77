import { IconTrash } from '../../../components/icons.tsx';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS } from '@steward/contract/accounts';
import { ROLE_LABEL } from '@steward/contract/access';
import { BackButton } from '../../../components/back-button.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUser } from '../api/get-user.ts';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

interface UserDetailProps {
  userId: number;
  /** "Change Password" shows only on one's own account (canChangePassword). */
  showsChangePasswordLink: boolean;
  /** "Second Factor" (its own screen) shows only on one's own account (canManageOwnSecondFactor). */
  showsSecondFactorLink: boolean;
  /** "Sessions" (its own screen): one's own account, under the same opt-in as Second Factor. */
  showsSessionsLink?: boolean;
  canDeleteUser: boolean;
  /** After the deletion is acknowledged (deleting oneself ends one's session). */
  onDeleted: () => void;
}

/** User detail: Name, Email, Role; Change Password on one's own account; Delete User for those allowed. */
export function UserDetail({ userId, showsChangePasswordLink, showsSecondFactorLink, showsSessionsLink = false, canDeleteUser, onDeleted }: UserDetailProps) {
  const { data: user, isPending } = useUser(userId);
  const deleteMutation = useDeleteUser();
  const [asking, setAsking] = useState(false);
  const [deleted, setDeleted] = useState(false);

  return (
    <section aria-labelledby="user-detail-title">
      <BackButton fallback="/user-accounts" />
      <PageHeader id="user-detail-title" pretitle="Administration" title="User Details" />
      <div className="card account-form">
        <div className="card-body">
          {isPending ? <LoadingPlaceholder /> : null}
          {user ? (
            <dl className="row account-details">
              <dt className="col-sm-3">Name</dt>
              <dd className="col-sm-9">{user.name}</dd>
              <dt className="col-sm-3">Email</dt>
              <dd className="col-sm-9">{user.email}</dd>
              <dt className="col-sm-3">Role</dt>
              <dd className="col-sm-9">{ROLE_LABEL[user.role]}</dd>
            </dl>
          ) : null}
          <div className="d-flex gap-2">
            {showsChangePasswordLink ? (
              <Link to={`/user-accounts/${userId}/change-password`} className="btn btn-outline-primary">
                Change Password
              </Link>
            ) : null}
            {showsSecondFactorLink ? (
              <Link to={`/user-accounts/${userId}/second-factor`} className="btn btn-outline-primary">
                Second Factor
              </Link>
            ) : null}
            {showsSessionsLink ? (
              <Link to={`/user-accounts/${userId}/sessions`} className="btn btn-outline-primary">
                Sessions
              </Link>
            ) : null}
            {canDeleteUser ? (
              <Button variant="outline-danger" onClick={() => setAsking(true)}>
                <IconTrash className="me-1" size={16} />
                Delete User
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <ConfirmModal
        show={asking}
        type="delete"
        message={ACCOUNT_SUCCESS.deleteUserQuestion}
        successMessage={ACCOUNT_SUCCESS.userDeleted}
        onConfirm={async () => {
          await deleteMutation.mutateAsync(userId);
          setDeleted(true);
        }}
        onClose={() => {
          setAsking(false);
          if (deleted) onDeleted();
        }}
      />
    </section>
  );
}
