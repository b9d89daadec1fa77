import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { canChangePassword, canDeleteUser, canManageOwnSecondFactor, canResetSecondFactor, canSeeAddUserLink, canSetSecondFactorPolicy } from '@steward/contract/permissions';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form.tsx';
import { SecondFactorSettings } from '../../features/auth/components/second-factor-settings.tsx';
import { currentUserQueryKey, useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { UserAccountsList } from '../../features/user-accounts/components/user-accounts-list.tsx';
import { UserDetail } from '../../features/user-accounts/components/user-detail.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

export function UserAccountsScreen() {
  const user = useSignedInUser();
  const { page } = useParams();
  return (
    <UserAccountsList
      pageIndex={pageIndexFromRoute(page)}
      viewerId={user.id}
      showsAddUserLink={canSeeAddUserLink(user)}
      canDeleteUsers={canDeleteUser(user)}
      canResetSecondFactors={canResetSecondFactor(user)}
    />
  );
}

export function UserDetailScreen() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // OwnAccountGate let us in, so this is the viewer's own account; deleting it ends the session.
  return (
    <UserDetail
      userId={user.id}
      showsChangePasswordLink={canChangePassword(user, user.id)}
      showsSecondFactorLink={canManageOwnSecondFactor(user, user.id)}
      canDeleteUser={canDeleteUser(user)}
      onDeleted={() => {
        queryClient.clear();
        queryClient.setQueryData(currentUserQueryKey, null);
        void navigate('/', { replace: true });
      }}
    />
  );
}

export function ChangePasswordScreen() {
  const user = useSignedInUser();
  return <ChangePasswordForm userId={user.id} />;
}

export function SecondFactorScreen() {
  const user = useSignedInUser();
  return <SecondFactorSettings userId={user.id} canSetPolicy={canSetSecondFactorPolicy(user)} />;
}

export { AddUserForm } from '../../features/user-accounts/components/add-user-form.tsx';
