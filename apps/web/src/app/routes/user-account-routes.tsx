import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';
import { CapabilityGate, OwnAccountGate } from './gates.tsx';

/** Staff accounts: built by the staff accounts issue. */
export const userAccountRoutes: RouteObject[] = [
  {
    element: <CapabilityGate capability="read_user_accounts" />,
    children: [
      { path: 'user-accounts', element: <NotBuiltYet title="User Accounts" /> },
      { path: 'user-accounts/page/:page', element: <NotBuiltYet title="User Accounts" /> },
    ],
  },
  {
    element: <CapabilityGate capability="create_user" />,
    children: [{ path: 'user-accounts/add', element: <NotBuiltYet title="Add user" /> }],
  },
  {
    element: <OwnAccountGate />,
    children: [
      { path: 'user-accounts/:id', element: <NotBuiltYet title="User" /> },
      { path: 'user-accounts/:id/change-password', element: <NotBuiltYet title="Change password" /> },
    ],
  },
];
