import { useResetPassword } from '../api/reset-password.ts';
import { ChosenPasswordForm } from './chosen-password-form.tsx';

/** Reset password with the mailed key: New Password, Confirm Password, then the success page. */
export function ResetPasswordForm({ resetKey }: { resetKey: string }) {
  const resetMutation = useResetPassword();
  return <ChosenPasswordForm purpose="reset" save={(newPassword) => resetMutation.mutateAsync({ token: resetKey, newPassword })} />;
}
