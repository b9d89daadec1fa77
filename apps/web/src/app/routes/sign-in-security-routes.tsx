import type { RouteObject } from 'react-router';
import { canSetSecondFactorPolicy } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./sign-in-security-screens.tsx');

/** Sign-in security (issue 56): the second factor's policy and who has one; administrators by role. */
export const signInSecurityRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canSetSecondFactorPolicy} />,
    children: [{ path: 'sign-in-security', handle: { title: 'Sign-in security' }, lazy: lazyScreen(screens, (module) => module.SignInSecurityRoute) }],
  },
];
