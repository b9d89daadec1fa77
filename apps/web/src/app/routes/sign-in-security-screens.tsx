/** The Sign-in security screen (one chunk, loaded by sign-in-security-routes.tsx). */
import { canResetSecondFactor } from '@steward/contract/permissions';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { SignInSecurityScreen } from '../../features/sign-in-security/components/sign-in-security-screen.tsx';

export function SignInSecurityRoute() {
  return <SignInSecurityScreen canResetSecondFactors={canResetSecondFactor(useSignedInUser())} />;
}
