import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, type RouteObject } from 'react-router';
import { canAddUser, canChangePassword, canDeleteUser, canReadUserAccounts, canSeeAddUserLink } from '@steward/contract/permissions';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form.tsx';
import { currentUserQueryKey, useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { AddUserForm } from '../../features/user-accounts/components/add-user-form.tsx';
import { UserAccountsList } from '../../features/user-accounts/components/user-accounts-list.tsx';
import { UserDetail } from '../../features/user-accounts/components/user-detail.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';
import { OwnAccountGate, PermissionGate } from './gates.tsx';

function UserAccountsScreen() {
  const user = useSignedInUser();
  const { page } = useParams();
  return (
    <UserAccountsList
      pageIndex={pageIndexFromRoute(page)}
      viewerId={user.id}
      showsAddUserLink={canSeeAddUserLink(user)}
      canDeleteUsers={canDeleteUser(user)}
    />
  );
}

function UserDetailScreen() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // OwnAccountGate let us in, so this is the viewer's own account; deleting it ends the session.
  return (
    <UserDetail
      userId={user.id}
      showsChangePasswordLink={canChangePassword(user, user.id)}
      canDeleteUser={canDeleteUser(user)}
      onDeleted={() => {
        queryClient.clear();
        queryClient.setQueryData(currentUserQueryKey, null);
        void navigate('/', { replace: true });
      }}
    />
  );
}

function ChangePasswordScreen() {
  const user = useSignedInUser();
  return <ChangePasswordForm userId={user.id} />;
}

/** Staff accounts: list, add user, one's own account and password. */
export const userAccountRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadUserAccounts} />,
    children: [
      { path: 'user-accounts', handle: { title: 'User Accounts' }, element: <UserAccountsScreen /> },
      { path: 'user-accounts/page/:page', handle: { title: 'User Accounts' }, element: <UserAccountsScreen /> },
    ],
  },
  {
    element: <PermissionGate allows={canAddUser} />,
    children: [{ path: 'user-accounts/add', handle: { title: 'Add User' }, element: <AddUserForm /> }],
  },
  {
    element: <OwnAccountGate />,
    children: [
      { path: 'user-accounts/:id', handle: { title: 'User Details' }, element: <UserDetailScreen /> },
      { path: 'user-accounts/:id/change-password', handle: { title: 'Change Password' }, element: <ChangePasswordScreen /> },
    ],
  },
];
