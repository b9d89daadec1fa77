import { useInvitation } from '../api/get-invitation.ts';
import { useRegister } from '../api/register.ts';
import { ChosenPasswordForm } from './chosen-password-form.tsx';
import { SSO_MESSAGES, ssoButtonLabel } from '@steward/contract/single-sign-on';
import { useSso } from '../../../lib/sso-availability.ts';

/** Register with an invitation key: whom it registers, Password, Confirm Password, then the success page. */
export function RegisterForm({ invitationKey }: { invitationKey: string }) {
  const registerMutation = useRegister();
  // A key that is not live says nothing here: Register answers why (at the bottom of the form, spec section 8).
  const invitation = useInvitation(invitationKey).data;
  const sso = useSso().data;
  if (sso?.sso_only) {
    // Single sign-on is the only way in (Sign-in security): the invitee signs in with the provider as the invited address.
    return (
      <div>
        <p data-testid="register-email">
          {SSO_MESSAGES.invitationUsesSso(sso.provider_name)} {invitation ? <strong className="text-break">{invitation.email}</strong> : null}
        </p>
        <a className="btn btn-primary w-100" href="/api/sso/start">
          {ssoButtonLabel(sso.provider_name)}
        </a>
      </div>
    );
  }
  return (
    <ChosenPasswordForm
      purpose="register"
      intro={
        invitation ? (
          <p className="text-secondary mb-3" data-testid="register-email">
            Choose a password for <strong className="text-body text-break">{invitation.email}</strong>. You will sign in with this email.
          </p>
        ) : null
      }
      save={(password) => registerMutation.mutateAsync({ key: invitationKey, password })}
    />
  );
}
