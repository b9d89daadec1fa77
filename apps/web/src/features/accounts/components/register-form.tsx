import { useInvitation } from '../api/get-invitation.ts';
import { useRegister } from '../api/register.ts';
import { ChosenPasswordForm } from './chosen-password-form.tsx';

/** Register with an invitation key: whom it registers, Password, Confirm Password, then the success page. */
export function RegisterForm({ invitationKey }: { invitationKey: string }) {
  const registerMutation = useRegister();
  // A key that is not live says nothing here: Register answers why (at the bottom of the form, spec section 8).
  const invitation = useInvitation(invitationKey).data;
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
