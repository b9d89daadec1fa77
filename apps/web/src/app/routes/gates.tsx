import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useMatches, useParams } from 'react-router';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { canOpenUserRoute, type StaffRule } from '@steward/contract/permissions';
import { SignedInUserContext, useCurrentUser, useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { applyTheme, rememberedTheme } from '../../lib/theme.ts';

/** Public screens: a signed-in user goes to /home. Nothing shows until the check ends. */
export function PublicOnlyGate() {
  const { data: user, isPending } = useCurrentUser();
  useEffect(() => {
    if (!isPending && !user) applyTheme(rememberedTheme());
  }, [isPending, user]);
  if (isPending) return null;
  if (user) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/**
 * Screens that need login: without it, go to /. Nothing shows until the check ends. An address that matches
 * no screen shows the error screen (404) signed out too, on a page of its own; signed in, inside the layout.
 */
export function LoginGate({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const unknownAddress = useMatches().some((match) => (match.handle as { notFound?: boolean } | undefined)?.notFound === true);
  if (isPending) return null;
  if (!user) return unknownAddress ? <RouteErrorScreen notFound /> : <Navigate to="/" replace />;
  return <SignedInUserContext value={user}>{children}</SignedInUserContext>;
}

/** A screen that needs a permission rule (`canReadDocuments`, …): without it, go to /home. */
export function PermissionGate({ allows }: { allows: StaffRule }) {
  const user = useSignedInUser();
  if (!allows(user)) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/** A screen for one's own account only: another {id} goes to /home. */
export function OwnAccountGate() {
  const user = useSignedInUser();
  const { id = '' } = useParams();
  if (!canOpenUserRoute(user, accountIdOf(id))) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/** The {id} of a user route as written ("7"); anything else ("07", "7x") matches no account. */
const accountIdOf = (id: string): number => (/^[1-9]\d*$/.test(id) ? Number(id) : Number.NaN);
