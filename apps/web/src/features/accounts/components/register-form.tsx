import { useRegister } from '../api/register.ts';
import { ChosenPasswordForm } from './chosen-password-form.tsx';

/** Register with an invitation key: Password, Confirm Password, then the success page. */
export function RegisterForm({ invitationKey }: { invitationKey: string }) {
  const registerMutation = useRegister();
  return <ChosenPasswordForm purpose="register" save={(password) => registerMutation.mutateAsync({ key: invitationKey, password })} />;
}
