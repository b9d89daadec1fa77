import type { RouteObject } from 'react-router';
import { canAddUser, canReadUserAccounts } from '@steward/contract/permissions';
import { OwnAccountGate, PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./user-account-screens.tsx');

/** Staff accounts: list, add user, one's own account and password. */
export const userAccountRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadUserAccounts} />,
    children: [
      { path: 'user-accounts', handle: { title: 'User Accounts' }, lazy: lazyScreen(screens, (module) => module.UserAccountsScreen) },
      { path: 'user-accounts/page/:page', handle: { title: 'User Accounts' }, lazy: lazyScreen(screens, (module) => module.UserAccountsScreen) },
    ],
  },
  {
    element: <PermissionGate allows={canAddUser} />,
    children: [{ path: 'user-accounts/add', handle: { title: 'Add User' }, lazy: lazyScreen(screens, (module) => module.AddUserForm) }],
  },
  {
    element: <OwnAccountGate />,
    children: [
      { path: 'user-accounts/:id', handle: { title: 'User Details' }, lazy: lazyScreen(screens, (module) => module.UserDetailScreen) },
      { path: 'user-accounts/:id/change-password', handle: { title: 'Change Password' }, lazy: lazyScreen(screens, (module) => module.ChangePasswordScreen) },
      { path: 'user-accounts/:id/second-factor', handle: { title: 'Second Factor' }, lazy: lazyScreen(screens, (module) => module.SecondFactorScreen) },
      { path: 'user-accounts/:id/sessions', handle: { title: 'Sessions' }, lazy: lazyScreen(screens, (module) => module.SessionsScreen) },
    ],
  },
];
