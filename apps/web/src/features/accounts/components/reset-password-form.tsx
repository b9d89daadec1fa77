import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCOUNT_SUCCESS, resetPasswordForm, type ResetPasswordForm as ResetPasswordValues } from '@steward/contract/accounts';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AccountDone } from './account-done.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Reset password with the mailed key: New Password, Confirm Password, then the success page. */
export function ResetPasswordForm({ resetKey }: { resetKey: string }) {
  const [done, setDone] = useState(false);
  const resetMutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordForm), defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await resetMutation.mutateAsync({ token: resetKey, newPassword });
      setDone(true);
    } catch (error) {
      setError('root', { message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' });
    }
  });

  if (done) return <AccountDone message={ACCOUNT_SUCCESS.passwordReset} />;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="reset-password-title">
      <h1 id="reset-password-title" className="h3 mb-4">
        Reset password
      </h1>
      <NewPasswordFields
        idPrefix="reset"
        passwordLabel="New Password"
        password={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        passwordError={errors.newPassword?.message}
        confirmPasswordError={errors.confirmPassword?.message}
      />
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        Reset Password
      </Button>
      {errors.root?.message ? (
        <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
          {errors.root.message}
        </div>
      ) : null}
    </Form>
  );
}
