/** The Sign-in security screen (one chunk, loaded by sign-in-security-routes.tsx). */
import { canEndMemberSessions, canResetSecondFactor } from '@steward/contract/permissions';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { StaffSessions } from '../../features/sessions/components/staff-sessions.tsx';
import { SignInSecurityScreen } from '../../features/sign-in-security/components/sign-in-security-screen.tsx';

export function SignInSecurityRoute() {
  const user = useSignedInUser();
  return <SignInSecurityScreen canResetSecondFactors={canResetSecondFactor(user)}>{canEndMemberSessions(user) ? <StaffSessions /> : null}</SignInSecurityScreen>;
}
