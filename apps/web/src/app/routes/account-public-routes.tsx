import type { RouteObject } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';

/** /register/{key}, /reset-password and /reset-password/{key}: built by the staff accounts issue. */
export const accountPublicRoutes: RouteObject[] = [
  { path: 'register/:key', element: <AuthCard><NotBuiltYet title="Register" /></AuthCard> },
  { path: 'reset-password', element: <AuthCard><NotBuiltYet title="Forgot password" /></AuthCard> },
  { path: 'reset-password/:key', element: <AuthCard><NotBuiltYet title="Reset password" /></AuthCard> },
];
