import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import type { Capability } from '@steward/contract/access';
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

/** Screens that need login: without it, go to /. Nothing shows until the check ends. */
export function LoginGate({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (!user) return <Navigate to="/" replace />;
  return <SignedInUserContext value={user}>{children}</SignedInUserContext>;
}

/** A screen that needs a capability: without it, go to /home. */
export function CapabilityGate({ capability }: { capability: Capability }) {
  const user = useSignedInUser();
  if (!user.capabilities.includes(capability)) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/** A screen for one's own account only: another {id} goes to /home. */
export function OwnAccountGate() {
  const user = useSignedInUser();
  const { id } = useParams();
  if (String(user.id) !== id) return <Navigate to="/home" replace />;
  return <Outlet />;
}
